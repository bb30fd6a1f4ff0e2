/**
 * The tickets one edition opened, read as spec 4.5 says: GET .../tickets?origin=briefing&briefingRunId=<meta.runId>,
 * returned whole whatever `closed` says, and ordered as the edition ordered them (`tickets.opened`).
 */
import type { BriefingRead, ServiceClient, Ticket } from '../../service/index.js';
import { readable, readableOr } from '../../service/tolerant.js';
import { openedIds, runMetaOf } from '../../service/read/briefing.js';

/** The edition's ticket list (one request); the caller decides what a failed read means. */
export function listEditionTickets(service: ServiceClient, projectId: string, runId: string) {
  return service.listTickets(projectId, { origin: 'briefing', briefingRunId: runId });
}

/** The run id of an edition read (`meta.runId`), or null when it is not there or unreadable. */
export function editionRunId(read: BriefingRead): string | null {
  const runId = readableOr(runMetaOf(read)?.runId, null);
  return typeof runId === 'string' ? runId : null;
}

/** The tickets named in `opened`, in that order (most important first); others the list holds are left out. */
export function inOpenedOrder(tickets: readonly Ticket[], read: BriefingRead): Ticket[] {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  return openedIds(read).flatMap((id) => {
    const ticket = byId.get(id);
    return ticket ? [ticket] : [];
  });
}

/** The edition's opened tickets, or null when the list could not be read (the answer says so and shows the rest). */
export async function openedTickets(service: ServiceClient, projectId: string, read: BriefingRead): Promise<Ticket[] | null> {
  const runId = editionRunId(read);
  if (runId === null || openedIds(read).length === 0) return [];
  const list = await listEditionTickets(service, projectId, runId);
  return inOpenedOrder(readable(list.items), read);
}
