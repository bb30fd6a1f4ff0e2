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
import type { PendingScan, PendingScanKind } from '../../store/pending-scans.js';
import { StoreUnavailableError } from '../../store/errors.js';
import type { ScanFollower } from './scan-follower.js';
import { isGoneForRadar, slackErrorOf } from '../../slack/slack-errors.js';
import { admitScan } from '../fair-use/scan-limits.js';
import { createScanMessages } from './scan-messages.js';
import { startScan } from './scan-service.js';
import { normaliseScanDomain } from './scan-target.js';
import { chooseWord } from '../../slack/commands/suggest.js';
import type { ScanSubject } from './views/parts.js';
import { progressView, stoppedView } from './views/progress-view.js';

/** The usage line: `--fix-prompts` is shown with agent-adoption scans only, where it applies. */
export const SCAN_USAGE = 'scan trust <domain or URL> | scan agents <domain or URL> [--fix-prompts]';
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

async function runScan(inv: CommandInvocation, follower: ScanFollower): Promise<void> {
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
  try {
    scanId = (await startScan(deps.service, request)).id;
  } catch (error) {
    deps.logger.info('a scan could not be started', { kind: request.kind, domain: request.domain, error });
    const sentence = describeError(error, { action: 'start the scan' });
    await messages.update(where, stoppedView(subject, { reason: 'refused', sentence, retryCommand: `${COMMAND} ${inv.text.trim()}` }));
    return;
  }

  const started = deps.now();
  const pending: PendingScan = {
    scanId,
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
