/**
 * `/radar digest now|on|off`. `now` posts the latest done edition's digest in the channel on request;
 * it also records the edition as digested here, so the poller does not post it a second time.
 * `on`/`off` set the binding's `digestsEnabled`; turning digests on starts from the latest edition,
 * so editions published while they were off are not posted.
 */
import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';
import { requireAdmin } from '../../slack/access-policy.js';
import { COMMAND } from '../../slack/ids.js';
import { findLastDone } from '../editions/last-done.js';
import { editionTitle } from '../editions/views/edition-summary.js';
import type { DeliveryContext } from './deliver.js';
import { loadDigest } from './load-digest.js';
import { postMain, postThread } from './post-digest.js';
import { digestMessages } from './views/digest-view.js';
import { digestInFlightReply, digestPostedReply, digestSettingReply, noEditionReply } from './views/digest-replies.js';

/** Its runtime is the delivery context the feature built for the app (shared with the poller). */
export const digestCommand: Subcommand<DeliveryContext> = {
  name: 'digest',
  usage: 'digest now | on | off',
  summary: 'Post the latest briefing edition’s digest here now, or turn this channel’s automatic digests on or off.',
  area: 'briefing',
  example: `${COMMAND} digest now`,
  flags: { values: PROJECT_FLAG },
  async run(inv, delivery) {
    const [word, ...extra] = inv.parsed.args.map((a) => a.toLowerCase());
    if (extra.length === 0 && word === 'now') return postNow(inv, delivery);
    if (extra.length === 0 && (word === 'on' || word === 'off')) return setDigests(inv, word === 'on');
    if (word !== undefined && extra.length === 0) throw unknownWordError(word, ['now', 'on', 'off'], 'digest', '`now`, `on` or `off`');
    throw new UsageError(`\`${COMMAND} digest\` takes \`now\`, \`on\` or \`off\`, e.g. \`${COMMAND} digest now\`.`);
  },
};

async function postNow(inv: CommandInvocation, delivery: DeliveryContext): Promise<void> {
  const { deps } = inv;
  const project = await inv.project();
  const row = await findLastDone(deps.service, project.id);
  if (!row) {
    await inv.reply(noEditionReply(project.name));
    return;
  }
  const content = await loadDigest(deps.service, { projectId: project.id, projectName: project.name, runId: row.runId });
  const messages = delivery.seal(digestMessages(content), { teamId: inv.teamId, channelId: inv.channelId, runId: row.runId });
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
    throw error; // describeError says Slack's refusal in the one sentence src/slack/slack-errors.ts has for it
  }
  if (claim.granted) await delivery.ledger.markPosted(key, { ts, owner: delivery.owner });
  await postThread(inv.client, inv.channelId, ts, messages.thread, ref).catch((error: unknown) =>
    delivery.logger.warn('digest posted on request; its thread replies were not', { ...key, ts, error }),
  );
  await inv.reply(digestPostedReply(project.name, editionTitle(content.read)));
}

async function setDigests(inv: CommandInvocation, enabled: boolean): Promise<void> {
  const { deps } = inv;
  requireAdmin(deps.config, inv.userId, `turn digests ${enabled ? 'on' : 'off'}`);
  const binding = await deps.bindings.get(inv.teamId, inv.channelId);
  const settings = binding && (await deps.digestSettings.get(inv.teamId, inv.channelId));
  if (!binding || !settings) throw new UserError(`This channel isn't bound to a project, so it gets no digests: \`${COMMAND} bind &lt;project&gt;\` binds it.`);
  const changed = settings.digestsEnabled !== enabled;
  if (changed) {
    const restart = enabled ? await findLastDone(deps.service, binding.projectId).then((row) => row?.runId ?? null, () => settings.lastSeenRunId) : settings.lastSeenRunId;
    await deps.digestSettings.update(inv.teamId, inv.channelId, { digestsEnabled: enabled, lastSeenRunId: restart ?? settings.lastSeenRunId });
    deps.logger.info(`digests turned ${enabled ? 'on' : 'off'}`, { team: inv.teamId, channel: inv.channelId, projectId: binding.projectId });
  }
  await inv.reply(digestSettingReply(binding.projectName, enabled, changed));
}
