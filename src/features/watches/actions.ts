/**
 * The buttons on a watch message. Create ticket opens the ticket modal (src/features/tickets/) prefilled
 * from the changes, with the modal context of a ticket made from this message, so its submission,
 * double-submit guard and look-before-retry are the ticket-from-message flow's. Mute competitor adds the
 * competitor to this channel's watch of that dimension. Values are sealed to the channel; a press
 * re-resolves the project through the channel's binding.
 */
import type { AllMiddlewareArgs, BlockButtonAction, BlockStaticSelectAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { projectAllowed, projectRefusal } from '../../slack/access-policy.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { FORGED_VALUE, STALE_BINDING } from '../../slack/error-text.js';
import type { Binding } from '../../store/bindings.js';
import type { SnoozesRepo } from '../../store/snoozes.js';
import type { WatchesRepo } from '../../store/watches.js';
import { loadChoices } from '../board/load-choices.js';
import { encodeContext } from '../board/modal-context.js';
import { ticketFormView, type TicketFormData } from '../board/views/ticket-modal.js';
import { unsealMute, unsealSnooze, unsealTicket } from './sealed.js';
import { DIMENSION_NAMES, snoozeLength } from './views/watch-message.js';
import { untilText } from './views/watch-list.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

const PERMALINK_BUDGET_MS = 1_000;

/** The binding when the sealed value names the project the channel is bound to now (and it is allowed); else the refusal. */
async function checked(deps: RadarDeps, team: string, channel: string, projectId: string | undefined): Promise<{ binding: Binding } | { refusal: string }> {
  if (projectId === undefined) return { refusal: FORGED_VALUE };
  const binding = await deps.bindings.get(team, channel);
  if (binding?.projectId !== projectId) return { refusal: STALE_BINDING };
  if (!projectAllowed(deps.config, projectId)) return { refusal: projectRefusal(binding.projectName) };
  return { binding };
}

export function watchTicketAction(deps: RadarDeps) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const channel = body.channel?.id ?? '';
    const team = body.team?.id ?? body.user.team_id ?? '';
    const prefill = unsealTicket(deps, action.value, { channel, team });
    const result = await checked(deps, team, channel, prefill?.projectId);
    const messageTs = body.message?.ts;
    if ('refusal' in result || !prefill || !messageTs) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: 'refusal' in result ? result.refusal : FORGED_VALUE }).catch(() => {});
      return;
    }
    const { binding } = result;
    const link = await Promise.race([
      client.chat.getPermalink({ channel, message_ts: messageTs }).then((r) => r.permalink ?? null, () => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), PERMALINK_BUDGET_MS).unref()),
    ]);
    const privateMetadata = encodeContext(deps, team, {
      projectId: binding.projectId,
      projectName: binding.projectName,
      channelId: channel,
      messageTs,
      ...(link ? { permalink: link } : {}),
      openedBy: body.user.id,
    });
    const form: TicketFormData = {
      projectName: binding.projectName,
      draft: { title: prefill.title, column: 'triage', description: prefill.description, labelIds: [], assigneeUserId: null, dueDate: null, effort: null, impact: null },
      choices: { loading: true },
      privateMetadata,
    };
    const opened = await client.views.open({ trigger_id: body.trigger_id, view: ticketFormView(form) });
    const choices = await loadChoices(deps.service, binding.projectId, binding.projectName);
    if (!opened.view?.id) return;
    await client.views
      .update({ view_id: opened.view.id, ...(opened.view.hash ? { hash: opened.view.hash } : {}), view: ticketFormView({ ...form, choices }) })
      .catch((error: unknown) => deps.logger.info('watch ticket modal not filled (closed or submitted meanwhile)', { error }));
  };
}

export function watchMuteAction(deps: RadarDeps, watches: WatchesRepo) {
  return async ({ ack, body, action, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const channel = body.channel?.id ?? '';
    const team = body.team?.id ?? body.user.team_id ?? '';
    const mute = unsealMute(deps, action.value, { channel, team });
    const result = await checked(deps, team, channel, mute?.projectId);
    if ('refusal' in result || !mute) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: 'refusal' in result ? result.refusal : FORGED_VALUE }).catch(() => {});
      return;
    }
    let found = false;
    await watches.update(team, channel, mute.projectId, (current) => {
      const watch = current.watches.find((w) => w.dimension === mute.dimension);
      if (!watch) return undefined;
      found = true;
      if (!watch.muted.includes(mute.competitor)) watch.muted.push(mute.competitor);
      return current;
    });
    const name = DIMENSION_NAMES[mute.dimension];
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: found
        ? `<@${body.user.id}> muted *${escapeMrkdwn(mute.competitor)}* in this channel's *${name}* watch: its changes are no longer posted here.`
        : `This channel no longer watches *${name}*, so there is nothing to mute.`,
    });
  };
}

type SelectArgs = SlackActionMiddlewareArgs<BlockStaticSelectAction> & AllMiddlewareArgs;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Snooze: the chosen length for the competitor or the whole watch, stored with its end. The checks are
 * Mute's: the value unseals only for the team and channel of the payload, and must name the project
 * the channel is bound to now (and an allowed one); the watch must still exist.
 */
export function watchSnoozeAction(deps: RadarDeps, watches: WatchesRepo, snoozes: SnoozesRepo) {
  return async ({ ack, body, action, respond }: SelectArgs): Promise<void> => {
    await ack();
    const channel = body.channel?.id ?? '';
    const team = body.team?.id ?? body.user.team_id ?? '';
    const snooze = unsealSnooze(deps, action.selected_option?.value, { channel, team });
    const result = await checked(deps, team, channel, snooze?.projectId);
    if ('refusal' in result || !snooze) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: 'refusal' in result ? result.refusal : FORGED_VALUE }).catch(() => {});
      return;
    }
    const name = DIMENSION_NAMES[snooze.dimension];
    const record = await watches.get(team, channel);
    if (record?.projectId !== snooze.projectId || !record.watches.some((w) => w.dimension === snooze.dimension)) {
      await respond({ response_type: 'ephemeral', replace_original: false, text: `This channel no longer watches *${name}*, so there is nothing to snooze.` }).catch(() => {});
      return;
    }
    const now = deps.now();
    const until = new Date(now.getTime() + snooze.days * DAY_MS).toISOString();
    await snoozes.set(team, channel, { projectId: snooze.projectId, dimension: snooze.dimension, competitor: snooze.competitor, until, setBy: body.user.id, setAt: now.toISOString() }, now);
    const what = snooze.competitor ? `*${escapeMrkdwn(snooze.competitor)}* in this channel's *${name}* watch` : `this channel's *${name}* watch`;
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      text: `<@${body.user.id}> snoozed ${what} for ${snoozeLength(snooze.days)}, until ${untilText(until)}. Changes while snoozed are marked seen and not posted later; nothing is posted when it ends.`,
    });
  };
}
