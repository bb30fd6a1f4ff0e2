/**
 * Showing a ticket again in the message a button was pressed on, after a change made in a modal
 * (edit a ticket, edit a comment): the message is replaced through the `response_url` Slack gave
 * with the press (sealed into the modal's metadata), which works for the ephemeral `/radar ticket`
 * answer and for a shared one alike. Slack keeps a response URL for 30 minutes and five uses.
 */
import { ticketMetadata } from '../living/ticket-state.js';
import type { RadarDeps } from '../../deps.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { ticketSeals } from './action-value.js';
import { ticketDetail } from './load-ticket.js';
import { projectNameOf } from './ticket-actions.js';
import { ticketView } from './views/ticket-view.js';

export interface ShownTicket {
  responseUrl: string;
  projectId: string;
  ticketId: string;
  /** Where the message is (its channel) and whether its controls were for `--project`. */
  scope: SealScope;
  explicit: boolean;
}

/** Replaces the message at `url`; false when Slack no longer takes it (expired, used up) or it could not be reached. */
export async function replaceAt(deps: Pick<RadarDeps, 'logger'>, url: string, message: Record<string, unknown>): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ replace_original: true, ...message }) });
    if (!res.ok) deps.logger.info('the ticket message could not be replaced', { status: res.status });
    return res.ok;
  } catch (error) {
    deps.logger.info('the ticket message could not be replaced', { error });
    return false;
  }
}

/** Draws the ticket as it now is, with `notice` above it, in the message it was shown in. */
export async function showTicketAgain(deps: RadarDeps, shown: ShownTicket, notice: string): Promise<boolean> {
  try {
    const [projectName, detail] = await Promise.all([
      projectNameOf(deps, shown.projectId, shown.scope.team, shown.scope.channel),
      ticketDetail(deps.service, shown.projectId, shown.ticketId),
    ]);
    const seals = ticketSeals(deps, shown.scope, shown.explicit);
    // Still a message about the ticket: its radar_ticket metadata goes with the replacement (issue 30 item 7).
    return await replaceAt(deps, shown.responseUrl, { ...ticketView({ projectId: shown.projectId, projectName, ...detail, ...seals, notice, now: deps.now() }), metadata: ticketMetadata({ projectId: shown.projectId, ticketId: shown.ticketId }) });
  } catch (error) {
    deps.logger.info('could not show the ticket again', { error });
    return false;
  }
}
