/**
 * The *Follow* button on a shown ticket and on a competitor card: the follow it carries is sealed to
 * the channel it was shown in (`notify/follow-values.ts`); a click adds it for the person who clicked
 * (set by them, now) and answers them alone.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import { sealFollow, unsealFollow } from '../notify/follow-values.js';
import { readable } from '../../service/tolerant.js';
import { plainTitle } from '../board/views/ticket-format.js';
import type { Notifier } from '../notify/notifier.js';
import { addFollow, rememberPerson } from './follow-command.js';

export function followButtonAction(deps: RadarDeps, notifier: Notifier) {
  return async ({ ack, body, respond, client }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const target = unsealFollow(deps, body.actions[0]?.value, { channel: body.channel?.id ?? '', team: teamId });
    if (!target) {
      deps.logger.info('refused a follow button', { user: body.user.id });
      await respond({ replace_original: false, response_type: 'ephemeral', text: FORGED_VALUE });
      return;
    }
    try {
      const who = { teamId, userId: body.user.id, client, deps };
      await rememberPerson(notifier, who);
      const added = await addFollow(notifier, who, target);
      const what = target.kind === 'project' ? `*${escapeMrkdwn(target.projectName)}*` : `*${escapeMrkdwn(target.label)}* in ${escapeMrkdwn(target.projectName)}`;
      await respond({
        replace_original: false,
        response_type: 'ephemeral',
        text: `${added ? ':bell: You now follow' : 'You already follow'} ${what}: Radar tells you in a direct message. \`${COMMAND} follow\` lists what you follow.`,
      });
    } catch (error) {
      logFailure(deps.logger, 'follow button failed', error, { user: body.user.id });
      await respond({ replace_original: false, response_type: 'ephemeral', text: ":warning: Radar couldn't save that follow; try again in a moment." });
    }
  };
}

/**
 * The *Follow* button on a shown ticket carries the ticket's own sealed reference (`{ p, t, k: 'f' }`,
 * as the ticket's other controls: src/features/tickets/action-value.ts), on a digest's ticket row the
 * row's plain ticket reference (`{ p, t, r }`, src/features/digest/sealed-buttons.ts); the ticket is read for its
 * number and title, the project's name taken from the channel's binding (or the project list).
 */
export function ticketFollowAction(deps: RadarDeps, notifier: Notifier) {
  return async (args: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    const { body } = args;
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const ref = deps.seals.unseal(body.actions[0]?.value, scope) as { p?: unknown; t?: unknown; k?: unknown; fk?: unknown } | null;
    if (!ref || typeof ref.p !== 'string' || typeof ref.t !== 'string' || !(ref.k === 'f' || (ref.k === undefined && ref.fk === undefined))) return followButtonAction(deps, notifier)(args);
    const projectId = ref.p;
    const ticketId = ref.t;
    const target = await (async () => {
      const ticket = await deps.service.getTicket(projectId, ticketId);
      const binding = await deps.bindings.get(scope.team, scope.channel);
      const projectName = binding?.projectId === projectId ? binding.projectName : (readable(await deps.service.listProjects()).find((p) => p.id === projectId)?.name ?? projectId);
      return { kind: 'ticket' as const, projectId, projectName, target: ticket.id, label: `#${ticket.number} ${plainTitle(ticket)}` };
    })().catch((error: unknown) => {
      logFailure(deps.logger, 'follow: could not read the ticket', error, { ticket: ticketId });
      return null;
    });
    if (!target) {
      await args.ack();
      await args.respond({ replace_original: false, response_type: 'ephemeral', text: ":warning: Radar couldn't read that ticket to follow it; try again in a moment." });
      return;
    }
    const sealed = sealFollow(deps, scope, target);
    return followButtonAction(deps, notifier)({ ...args, body: { ...body, actions: [{ ...body.actions[0]!, value: sealed }] } } as typeof args);
  };
}
