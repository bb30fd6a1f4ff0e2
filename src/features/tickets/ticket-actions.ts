/**
 * The buttons and selects on a shown ticket: move to another column (to its top), assign to me,
 * pick a member, dismiss. Each acks at once, makes its change, and replaces the shown message with
 * the ticket as it now is and a line saying what happened (or why it could not).
 */
import type { AllMiddlewareArgs, BlockAction, BlockButtonAction, BlockStaticSelectAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ticketMetadata } from '../living/ticket-state.js';
import type { Assignee } from '../../service/index.js';
import { TICKET_STATUSES } from '../../service/index.js';
import { readable, readableOr } from '../../service/tolerant.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';
import { logFailure } from '../../slack/log-failure.js';
import { isServiceError } from '../../service/errors.js';
import { refusalFor, ticketSeals, unsealTicketRef, type TicketActionValue } from './action-value.js';
import { ticketDetail } from './load-ticket.js';
import { moveToTop } from '../board/ticket-moves.js';
import { columnName } from '../board/vocabulary.js';
import { ticketView } from './views/ticket-view.js';
import { matchMember, slackNamesOf } from '../board/match-member.js';
import type { TicketTeller } from './tell-people.js';

type ActionArgs<A extends BlockAction> = SlackActionMiddlewareArgs<A> & AllMiddlewareArgs;

/** What an action did: the notice to show, and members to offer when "assign to me" found no match. */
interface Outcome {
  notice: string;
  members?: Assignee[];
}

/** What an element sent: the sealed ticket reference, and for a select the chosen option. */
interface Sent {
  sealed: string | undefined;
  choice?: string;
}

/**
 * Runs one action on the ticket named by the element's sealed reference and shows the ticket
 * again. A reference not sealed for this channel, or for a project the channel is no longer bound
 * to, changes nothing and gets one sentence.
 */
function ticketAction<A extends BlockAction>(deps: RadarDeps, valueOf: (action: A['actions'][number]) => Sent, act: (value: TicketActionValue, args: ActionArgs<A>) => Promise<Outcome>) {
  return async (args: ActionArgs<A>): Promise<void> => {
    await args.ack();
    const { body, respond } = args;
    const action = body.actions[0];
    if (!action) return;
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const sent = valueOf(action);
    const ref = unsealTicketRef(deps, sent.sealed, scope);
    const refusal = await refusalFor(deps, ref, scope);
    if (refusal || !ref) {
      deps.logger.info('refused a ticket action', { action: action.action_id, channel: scope.channel, user: body.user.id, sealed: Boolean(ref) });
      await respond({ replace_original: false, response_type: 'ephemeral', text: refusal ?? '' });
      return;
    }
    const value: TicketActionValue = { projectId: ref.projectId, ticketId: ref.ticketId, ...(sent.choice !== undefined ? { choice: sent.choice } : {}) };
    let outcome: Outcome;
    try {
      outcome = await act(value, args);
    } catch (error) {
      logFailure(deps.logger, 'ticket action failed', error, { ticket: value.ticketId });
      outcome = { notice: `:warning: ${describeTicketError(error, 'change the ticket')}` };
    }
    try {
      const projectName = await projectNameOf(deps, value.projectId, scope.team, body.channel?.id);
      const { ticket, comments } = await ticketDetail(deps.service, value.projectId, value.ticketId);
      const seals = ticketSeals(deps, scope, ref.explicit);
      // The answer stays a message about the ticket: its radar_ticket metadata goes with the replacement (issue 30 item 7).
      await respond({ replace_original: true, ...ticketView({ projectId: value.projectId, projectName, ticket, comments, ...seals, ...outcome, now: deps.now() }), metadata: ticketMetadata({ projectId: value.projectId, ticketId: value.ticketId }) });
    } catch (error) {
      deps.logger.info('could not show the ticket again', { error });
      const notices = [outcome.notice, `:warning: ${describeTicketError(error, 'show the ticket')}`].filter((n): n is string => Boolean(n));
      await respond({ replace_original: false, response_type: 'ephemeral', text: [...new Set(notices)].join('\n') });
    }
  };
}

/** On ticket endpoints `project_not_found` also means an unknown ticket id (spec 7): say the ticket is gone. */
export function describeTicketError(error: unknown, action: string): string {
  if (isServiceError(error) && error.code === 'project_not_found') return 'That ticket can’t be found any more (it may have been deleted).';
  return describeError(error, { action });
}

export async function projectNameOf(deps: RadarDeps, projectId: string, teamId: string, channelId: string | undefined): Promise<string> {
  const binding = channelId ? await deps.bindings.get(teamId, channelId) : undefined;
  if (binding?.projectId === projectId) return binding.projectName;
  const project = readable(await deps.service.listProjects()).find((p) => p.id === projectId);
  return project?.name ?? projectId;
}

const selected = (action: BlockStaticSelectAction['actions'][number]): Sent => ({ sealed: action.block_id, choice: action.selected_option.value });
const clicked = (action: BlockButtonAction['actions'][number]): Sent => ({ sealed: action.value });

export function moveAction(deps: RadarDeps) {
  return ticketAction<BlockStaticSelectAction>(deps, selected, async ({ projectId, ticketId, choice }, { body }) => {
    const status = TICKET_STATUSES.find((s) => s === choice);
    if (!status) throw new Error(`unknown column ${String(choice)}`);
    await moveToTop(deps.service, projectId, ticketId, status);
    return { notice: `:white_check_mark: <@${body.user.id}> moved this ticket to the top of ${columnName(status)}.` };
  });
}

export function dismissAction(deps: RadarDeps) {
  return ticketAction<BlockButtonAction>(deps, clicked, async ({ projectId, ticketId }, { body }) => {
    await moveToTop(deps.service, projectId, ticketId, 'dismissed');
    return { notice: `:white_check_mark: <@${body.user.id}> dismissed this ticket.` };
  });
}

export function assignToMeAction(deps: RadarDeps, teller?: TicketTeller) {
  return ticketAction<BlockButtonAction>(deps, clicked, async ({ projectId, ticketId }, { body, client }) => {
    const [info, listed] = await Promise.all([client.users.info({ user: body.user.id }), deps.service.listAssignees(projectId)]);
    const members = readable(listed);
    const names = slackNamesOf(info.user);
    const match = matchMember(names, members);
    if (!match) {
      const shown = names[0] ? ` (${escapeMrkdwn(names[0])})` : '';
      return { notice: `Radar couldn't match your Slack name${shown} to a member of the organisation; pick who you are below.`, members };
    }
    const ticket = await deps.service.updateTicket(projectId, ticketId, { assigneeUserId: match.userId });
    // Claimed for the person who did it (never told of their own doing), so the board poller does not tell them either.
    const team = body.team?.id ?? body.user.team_id ?? '';
    await teller?.assigned(team, body.user.id, projectId, await projectNameOf(deps, projectId, team, body.channel?.id), ticket, match);
    return { notice: `:white_check_mark: Assigned to ${escapeMrkdwn(match.fullName)}.` };
  });
}

export function assignPickAction(deps: RadarDeps, teller?: TicketTeller) {
  return ticketAction<BlockStaticSelectAction>(deps, selected, async ({ projectId, ticketId, choice }, { body }) => {
    if (!choice) throw new Error('no member chosen');
    const ticket = await deps.service.updateTicket(projectId, ticketId, { assigneeUserId: choice });
    const assignee = readableOr(ticket.assignee, null);
    if (assignee) {
      const team = body.team?.id ?? body.user.team_id ?? '';
      await teller?.assigned(team, body.user.id, projectId, await projectNameOf(deps, projectId, team, body.channel?.id), ticket, assignee);
    }
    const name = assignee ? escapeMrkdwn(assignee.fullName) : 'the chosen member';
    return { notice: `:white_check_mark: <@${body.user.id}> assigned this ticket to ${name}.` };
  });
}
