/**
 * What a living message shows of its ticket (issue 30 item 5): the column and the assignee, read from
 * one board read, or that the ticket is no longer on the board. The state's key names the block that
 * shows it, so a message read back from Slack says which state it already shows (exactly once after a
 * crash). Also the `radar_ticket` metadata every message about a ticket carries (item 7).
 */
import { createHash } from 'node:crypto';
import type { Ticket } from '../../service/index.js';
import { isUnreadable } from '../../service/tolerant.js';
import { TICKET_IDS } from '../../slack/ids.js';
import type { ShownState } from '../../store/ticket-threads.js';

/** The status a ticket gone from the board (deleted) is shown with. */
export const GONE = 'gone';

/** The state of `ticket` as a living message shows it; null when the board read could not say it (unreadable). */
export function stateOf(ticket: Ticket): ShownState | null {
  if (isUnreadable(ticket.status) || ticket.status === undefined) return null;
  const assignee = isUnreadable(ticket.assignee) || ticket.assignee === undefined ? null : (ticket.assignee?.fullName ?? null);
  return { status: ticket.status, assignee };
}

export const goneState = (): ShownState => ({ status: GONE, assignee: null });

export const sameState = (a: ShownState | null, b: ShownState | null) => a !== null && b !== null && a.status === b.status && a.assignee === b.assignee;

/** A short key of (ticket, state): the status block's id ends with it. */
export function stateKey(ticketId: string, state: ShownState): string {
  return createHash('sha256').update(JSON.stringify([ticketId, state.status, state.assignee])).digest('hex').slice(0, 16);
}

export const statusBlockId = (ticketId: string, state: ShownState) => `${TICKET_IDS.statusBlockPrefix}:${stateKey(ticketId, state)}`;

export const isStatusBlock = (block: unknown) =>
  typeof (block as { block_id?: unknown } | null)?.block_id === 'string' && (block as { block_id: string }).block_id.startsWith(`${TICKET_IDS.statusBlockPrefix}:`);

/** What a ticket message's metadata names; Slack's payload takes no null, so unknown parts are left out. */
export interface TicketMetadataRef {
  projectId: string;
  ticketId: string;
  competitor?: string | null | undefined;
  dimension?: string | null | undefined;
  runId?: string | null | undefined;
  commentId?: string | null | undefined;
}

export function ticketMetadata(ref: TicketMetadataRef) {
  const optional = (key: string, value: string | null | undefined) => (value ? { [key]: value } : {});
  return {
    event_type: TICKET_IDS.eventType,
    event_payload: {
      project_id: ref.projectId,
      ticket_id: ref.ticketId,
      ...optional('competitor', ref.competitor),
      ...optional('dimension', ref.dimension),
      ...optional('run_id', ref.runId),
      ...optional('comment_id', ref.commentId),
    },
  };
}

/** A metadata list's length at most: Slack's payload values are strings, so a list is joined by commas. */
const METADATA_LIST_MAX = 2000;

/** `values` as one metadata string: each once, in order, empty ones left out, cut to whole entries within METADATA_LIST_MAX. */
export function metadataList(values: readonly string[]): string {
  const all = [...new Set(values.filter((v) => v !== '' && v !== '-'))].join(',');
  return all.length > METADATA_LIST_MAX ? all.slice(0, all.lastIndexOf(',', METADATA_LIST_MAX)) : all;
}

/** The metadata of a message about several tickets of one project (a ticket list, a digest reply of ticket rows). */
export function ticketsMetadata(projectId: string, ticketIds: readonly string[], more: Record<string, string> = {}) {
  return { event_type: TICKET_IDS.eventType, event_payload: { project_id: projectId, ...more, ticket_ids: metadataList(ticketIds) } };
}
