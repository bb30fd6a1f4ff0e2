/**
 * The tickets one edition opened, read as spec 4.5 says: GET .../tickets?origin=briefing&briefingRunId=<meta.runId>,
 * returned whole whatever `closed` says, and ordered as the edition ordered them (`tickets.opened`).
 */
import type { ServiceClient, TicketFacts } from '../../service/index.js';
import type { BriefingFacts } from '../../service/read/briefing.js';
import { readable, readableOr } from '../../service/tolerant.js';

/** The edition's ticket list (one request); the caller decides what a failed read means. */
export function listEditionTickets(service: ServiceClient, projectId: string, runId: string) {
  return service.ticketListFacts(projectId, { origin: 'briefing', briefingRunId: runId });
}

/** The run id of an edition read (`meta.runId`), or null when it is not there or unreadable. */
export function editionRunId(read: BriefingFacts): string | null {
  const runId = readableOr(read.runMeta?.runId, null);
  return typeof runId === 'string' ? runId : null;
}

/** The tickets named in `opened`, in that order (most important first); others the list holds are left out. */
export function inOpenedOrder(tickets: readonly TicketFacts[], read: BriefingFacts): TicketFacts[] {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  return read.opened.flatMap((id) => {
    const ticket = byId.get(id);
    return ticket ? [ticket] : [];
  });
}

/** The edition's opened tickets, or null when the list could not be read (the answer says so and shows the rest). */
export async function openedTickets(service: ServiceClient, projectId: string, read: BriefingFacts): Promise<TicketFacts[] | null> {
  const runId = editionRunId(read);
  if (runId === null || read.opened.length === 0) return [];
  const list = await listEditionTickets(service, projectId, runId);
  return inOpenedOrder(readable(list.items), read);
}
