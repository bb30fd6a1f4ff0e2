/**
 * `/radar scan trust <domain or URL> | scan agents <domain or URL> [--fix-prompts]`: posts one message to the channel,
 * starts the scan, records it as pending and hands it to the follower, which keeps that message
 * current until the result replaces it. No binding is needed: scans belong to the organisation.
 */
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import type { Subcommand } from '../../plugin.js';
import { UsageError } from '../../slack/commands/parse.js';
import { describeError, UserError } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import type { PendingScanKind } from '../../store/pending-scans.js';
import { StoreUnavailableError } from '../../store/backends/errors.js';
import type { FollowedScan, ScanFollower } from './scan-follower.js';
import { isGoneForRadar, slackErrorOf } from '../../slack/slack-errors.js';
import { admitScan } from '../fair-use/scan-limits.js';
import { createScanMessages } from './scan-messages.js';
import { readScanById, startScan } from './scan-service.js';
import { resultViews } from './views/result-view.js';
import { isServiceError } from '../../service/errors.js';
import { context, dateToken, escapeMrkdwn, fitBlocks, LIMITS } from '../../slack/blocks/index.js';
import { normaliseScanDomain } from './scan-target.js';
import { chooseWord } from '../../slack/commands/suggest.js';
import type { ScanSubject } from './views/parts.js';
import { progressView, stoppedView } from './views/progress-view.js';

/** The usage line: `--fix-prompts` is shown with agent-adoption scans only, where it applies. */
export const SCAN_USAGE = 'scan trust <domain or URL> | scan agents <domain or URL> [--fix-prompts] | scan <scan id>';
const USAGE = `\`${COMMAND} scan trust <domain or URL>\` or \`${COMMAND} scan agents <domain or URL> [--fix-prompts]\``;

export interface ScanRequest {
  kind: PendingScanKind;
  domain: string;
  includeFixPrompts: boolean;
}

/** Reads the words after `/radar scan`; a `UsageError` says what was expected. */
export function parseScanRequest(args: readonly string[], fixPrompts: boolean): ScanRequest {
  const [kindWord, target, ...extra] = args;
  if (kindWord === undefined) throw new UsageError(`Say what to scan: ${USAGE}.`);
  const kind = chooseWord(kindWord, ['trust', 'agents'] as const, 'scan', '`trust` (trust signals) or `agents` (agent adoption)');
  // Refused by the usage line itself, before anything else is read: --fix-prompts belongs to agents only.
  if (fixPrompts && kind !== 'agents') throw new UsageError(`${USAGE}: --fix-prompts goes with agent-adoption scans only.`);
  if (target === undefined) throw new UsageError(`Say which site to scan, e.g. \`${COMMAND} scan ${kind} northwindcrm.com\`.`);
  if (extra.length > 0) throw new UsageError(`\`${COMMAND} scan ${kind}\` takes one domain or URL; scan other sites one at a time.`);
  const domain = normaliseScanDomain(target);
  if (domain === null) {
    throw new UsageError(`“${target.slice(0, 80)}” is not a domain or web address: give a hostname such as northwindcrm.com or a URL such as https://northwindcrm.com/pricing.`);
  }
  return { kind, domain, includeFixPrompts: fixPrompts };
}

/** Its runtime is the scan follower the feature built for the app. */
export const scanCommand: Subcommand<ScanFollower> = {
  name: 'scan',
  usage: SCAN_USAGE,
  summary: 'Scans a website for trust signals or for agent adoption, and posts the result in this channel when it is done.',
  area: 'tools',
  example: `${COMMAND} scan trust northwindcrm.com`,
  flags: { switches: ['fix-prompts'] },
  run: (inv, follower) => runScan(inv, follower),
};

/**
 * A scan id typed alone (`/radar scan scan_1a2b…`): one word that is not a scan kind nor a site (no
 * dot, no slash, no scheme), with a digit or an underscore in it, as service ids have.
 */
export function scanIdOf(args: readonly string[], fixPrompts: boolean): string | null {
  if (args.length !== 1 || fixPrompts) return null;
  const word = args[0] ?? '';
  if (['trust', 'agents'].includes(word.toLowerCase())) return null;
  return /^[A-Za-z0-9_-]{4,100}$/.test(word) && /[0-9_]/.test(word) ? word : null;
}

async function runScan(inv: CommandInvocation, follower: ScanFollower): Promise<void> {
  const scanId = scanIdOf(inv.parsed.args, inv.parsed.switches.has('fix-prompts'));
  if (scanId !== null) {
    await showScanById(inv, scanId);
    return;
  }
  const request = parseScanRequest(inv.parsed.args, inv.parsed.switches.has('fix-prompts'));
  const { deps } = inv;
  const subject: ScanSubject = { kind: request.kind, domain: request.domain, startedBy: inv.userId, scanId: null };
  // A scan is followed through the store: while the store is known to be down, refuse before the
  // service starts a scan whose result could not be posted.
  if (!deps.store.available) throw new StoreUnavailableError('unreachable', 'the store is unavailable, so no scan was started');

  // Fair use of the key: past the person's or the channel's running scans, one sentence and nothing sent.
  const admitted = await admitScan(deps, { teamId: inv.teamId, userId: inv.userId, channelId: inv.channelId });
  try {
    await startAndFollow(inv, follower, request, subject, admitted.token);
  } finally {
    await admitted.release().catch((error: unknown) => deps.logger.warn('could not release a scan start token; it expires in a minute', { error }));
  }
}

async function startAndFollow(inv: CommandInvocation, follower: ScanFollower, request: ScanRequest, subject: ScanSubject, admission: string): Promise<void> {
  const { deps } = inv;
  const messageTs = await postAnnouncement(inv, subject);
  const messages = createScanMessages(inv.client);
  const where = { channelId: inv.channelId, messageTs };

  let scanId: string;
  let expiresAt: string;
  try {
    ({ id: scanId, expiresAt } = await startScan(deps.service, request));
  } catch (error) {
    deps.logger.info('a scan could not be started', { kind: request.kind, domain: request.domain, error });
    const sentence = describeError(error, { action: 'start the scan' });
    await messages.update(where, stoppedView(subject, { reason: 'refused', sentence, retryCommand: `${COMMAND} ${inv.text.trim()}` }));
    return;
  }

  const started = deps.now();
  // The service's expiresAt is kept with the record: it decides when Radar gives up and when a missing scan has "expired".
  const pending: FollowedScan = {
    scanId,
    expiresAt,
    kind: request.kind,
    domain: request.domain,
    teamId: inv.teamId,
    channelId: inv.channelId,
    messageTs,
    startedBy: inv.userId,
    startedAt: started.toISOString(),
    includeFixPrompts: request.includeFixPrompts,
    lastStatus: 'queued',
    pollCount: 0,
    nextPollAt: new Date(started.getTime() + deps.timing.scanPollMinMs).toISOString(),
    admission,
  };
  const followed = { ...subject, scanId };
  try {
    await deps.pendingScans.put(pending);
  } catch (error) {
    deps.logger.error('a started scan could not be recorded; it will not be followed', { scanId, error });
    const sentence = 'The scan started, but Radar could not record it to follow it (its store is not answering), so its result will not be posted here.';
    await messages.update(where, stoppedView(followed, { reason: 'refused', sentence, retryCommand: `${COMMAND} ${inv.text.trim()}` }));
    return;
  }
  deps.logger.info('scan started', { scanId, kind: request.kind, domain: request.domain, channel: inv.channelId });
  try {
    await messages.update(pending, progressView(followed, { state: 'queued' }));
  } catch (error) {
    deps.logger.warn('could not show a scan as queued; the follower will update the message', { scanId, error });
  }
  await follower.follow(pending, 'queued');
}

/** Posts the scan's channel message; when Radar cannot post there, a UserError says how to fix it. */
async function postAnnouncement(inv: CommandInvocation, subject: ScanSubject): Promise<string> {
  try {
    const posted = await inv.client.chat.postMessage({ channel: inv.channelId, ...progressView(subject, { state: 'starting' }) });
    if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
    return posted.ts;
  } catch (error) {
    const refusal = slackErrorOf(error);
    if (!refusal || !isGoneForRadar(error)) throw error;
    throw new UserError(`Radar can’t post in this channel (${refusal.code}), so it didn’t start the scan. ${refusal.sentence}`);
  }
}

/**
 * `/radar scan <id>`: where a scan stands, read by its id until the service's `expiresAt` (a scan Radar
 * stopped following, or one started elsewhere by the organisation): its result when completed, its
 * failure, or that it is still queued or running and until when it can be read.
 */
async function showScanById(inv: CommandInvocation, scanId: string): Promise<void> {
  const { deps } = inv;
  let scan: Awaited<ReturnType<typeof readScanById>>;
  try {
    scan = await readScanById(deps.service, scanId);
  } catch (error) {
    if (isServiceError(error) && error.code === 'scan_not_found') {
      throw new UserError(
        `The monitoring service knows no scan \`${escapeMrkdwn(scanId)}\`: it keeps a scan until its expiry time (24 hours after it started), and only the organisation that started it can read it. \`${COMMAND} scan trust <domain>\` starts a fresh one.`,
      );
    }
    throw error;
  }
  const subject: ScanSubject = { kind: scan.kind, domain: scan.domain ?? 'an unnamed site', startedBy: null, scanId };
  const until = scan.expiresAt === null ? 'until its expiry time' : `until ${dateToken(new Date(scan.expiresAt))}`;
  switch (scan.status) {
    case 'completed': {
      const views = resultViews(subject, scan.finished, true);
      const blocks = fitBlocks([...views.summary.blocks, ...views.details.blocks, context(`The service keeps this scan ${until}.`)], LIMITS.blocksPerMessage - 1, 'more parts');
      await inv.reply({ text: views.summary.text, blocks, shareable: true });
      return;
    }
    case 'failed':
      await inv.reply({ ...stoppedView(subject, { reason: 'failed', code: scan.code }), shareable: true });
      return;
    case 'queued':
    case 'running': {
      const view = progressView(subject, scan.status === 'queued' ? { state: 'queued' } : { state: 'running', elapsedMs: runningFor(scan.startedAt, deps.now()) });
      const blocks = [...view.blocks.filter((b) => b.type !== 'context'), context(`Scan id \`${escapeMrkdwn(scanId)}\` · \`${COMMAND} scan ${escapeMrkdwn(scanId)}\` reads it again, ${until}.`)];
      await inv.reply({ text: view.text, blocks, shareable: true });
      return;
    }
  }
}

function runningFor(startedAt: string | undefined, now: Date): number {
  const at = startedAt === undefined ? Number.NaN : Date.parse(startedAt);
  return Number.isNaN(at) ? 0 : Math.max(0, now.getTime() - at);
}
