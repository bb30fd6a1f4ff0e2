/**
 * How many tickets carry a label: the `total` of a ticket list filtered by `labelId` (spec 4.6),
 * never a page's length. `/radar labels` reads one list per label, all at once: at most
 * `COUNTED_LABELS_MAX` (50, the spec's cap on labels per project, so every label of a project the
 * service keeps within its limits is counted); the ticket group's budget in the service client
 * (4 requests in flight per key) paces them.
 */
import type { ServiceClient, TicketStatus } from '../../service/index.js';
import type { LabelCount } from './views/labels-view.js';

export const COUNTED_LABELS_MAX = 50;
const OPEN: readonly TicketStatus[] = ['triage', 'todo', 'in_progress'];

export async function openCounts(service: ServiceClient, projectId: string, labelIds: readonly string[]): Promise<Map<string, LabelCount>> {
  const counted = labelIds.slice(0, COUNTED_LABELS_MAX);
  const totals = await Promise.all(
    counted.map((labelId) =>
      service.listTickets(projectId, { labelId, status: OPEN }).then(
        (list): LabelCount => ({ total: list.total }),
        (): LabelCount => ({ unread: true }),
      ),
    ),
  );
  const counts = new Map<string, LabelCount>(labelIds.map((id) => [id, { skipped: true }]));
  counted.forEach((id, i) => counts.set(id, totals[i] ?? { unread: true }));
  return counts;
}

/** Every ticket carrying the label, closed ones included: what a delete takes it from. */
export async function carriedBy(service: ServiceClient, projectId: string, labelId: string): Promise<number> {
  return (await service.listTickets(projectId, { labelId, closed: 'all' })).total;
}
