/**
 * `/radar digest now|on|off`. `now` posts the latest done edition's digest in the channel on request;
 * it also records the edition as digested here, so the poller does not post it a second time.
 * `on`/`off` set the binding's `digestsEnabled`; turning digests on starts from the latest edition,
 * so editions published while they were off are not posted.
 */
import type { Subcommand } from '../../slack/commands/registry.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { UsageError } from '../../slack/commands/parse.js';
import { UserError } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import { findLastDone } from '../briefing/load-briefing.js';
import { editionTitle } from '../briefing/views/edition-summary.js';
import { latestDoneRunId } from '../bindings/latest-done-run.js';
import type { DeliveryContext } from './deliver.js';
import { loadDigest } from './load-digest.js';
import { postMain, postThread } from './post-digest.js';
import { slackErrorCode } from './slack-failures.js';
import { digestMessages } from './views/digest-view.js';
import { digestInFlightReply, digestPostedReply, digestSettingReply, noEditionReply } from './views/digest-replies.js';

export function createDigestCommand(delivery: DeliveryContext): Subcommand {
  return {
    name: 'digest',
    usage: 'digest now | on | off',
    summary: 'Post the latest briefing edition’s digest here now, or turn this channel’s automatic digests on or off.',
    example: `${COMMAND} digest now`,
    needsProject: true,
    async run(inv) {
      const [word, ...extra] = inv.parsed.args.map((a) => a.toLowerCase());
      if (extra.length === 0 && word === 'now') return postNow(inv, delivery);
      if (extra.length === 0 && (word === 'on' || word === 'off')) return setDigests(inv, word === 'on');
      throw new UsageError(`\`${COMMAND} digest\` takes \`now\`, \`on\` or \`off\`, e.g. \`${COMMAND} digest now\`.`);
    },
  };
}

async function postNow(inv: CommandInvocation, delivery: DeliveryContext): Promise<void> {
  const { deps } = inv;
  const project = await inv.project();
  const row = await findLastDone(deps.service, project.id);
  if (!row) {
    await inv.reply(noEditionReply(project.name));
    return;
  }
  const content = await loadDigest(deps.service, { projectId: project.id, projectName: project.name, runId: row.runId });
  const messages = digestMessages(content);
  const key = { teamId: inv.teamId, channelId: inv.channelId, runId: row.runId };
  const ref = { projectId: project.id, runId: row.runId };

  // Posted on request even when already digested here; a claim granted here makes it count for the
  // poller too. Only a post in flight (the poller holds a live claim) is not doubled.
  const claim = await delivery.ledger.claim(key, delivery.owner, delivery.claimTtlMs);
  if (!claim.granted && claim.current.state === 'claimed') {
    await inv.reply(digestInFlightReply(project.name, editionTitle(content.read)));
    return;
  }
  let ts: string;
  try {
    ts = await postMain(inv.client, inv.channelId, messages.main, ref);
  } catch (error) {
    if (claim.granted) await delivery.ledger.release(key, delivery.owner);
    throw postFailure(error);
  }
  if (claim.granted) await delivery.ledger.markPosted(key, { ts, owner: delivery.owner });
  await postThread(inv.client, inv.channelId, ts, messages.thread).catch((error: unknown) =>
    delivery.logger.warn('digest posted on request; its thread replies were not', { ...key, ts, error }),
  );
  await inv.reply(digestPostedReply(project.name, editionTitle(content.read)));
}

async function setDigests(inv: CommandInvocation, enabled: boolean): Promise<void> {
  const { deps } = inv;
  const binding = await deps.bindings.get(inv.teamId, inv.channelId);
  if (!binding) throw new UserError(`This channel isn't bound to a project, so it gets no digests: \`${COMMAND} bind &lt;project&gt;\` binds it.`);
  const changed = binding.digestsEnabled !== enabled;
  if (changed) {
    const restart = enabled ? await latestDoneRunId(deps.service, binding.projectId).catch(() => binding.lastSeenRunId) : binding.lastSeenRunId;
    await deps.bindings.update(inv.teamId, inv.channelId, { digestsEnabled: enabled, lastSeenRunId: restart ?? binding.lastSeenRunId });
    deps.logger.info(`digests turned ${enabled ? 'on' : 'off'}`, { team: inv.teamId, channel: inv.channelId, projectId: binding.projectId });
  }
  await inv.reply(digestSettingReply(binding.projectName, enabled, changed));
}

/** One sentence for a post Slack refused. */
function postFailure(error: unknown): Error {
  switch (slackErrorCode(error)) {
    case 'not_in_channel':
      return new UserError('Radar is not a member of this channel, so it cannot post the digest here: invite it (`/invite @Radar`) and try again.');
    case 'is_archived':
      return new UserError('This channel is archived, so Radar cannot post the digest here.');
    case 'channel_not_found':
      return new UserError('Radar cannot see this channel, so it cannot post the digest here: invite it and try again.');
    default:
      return error instanceof Error ? error : new Error(String(error));
  }
}
