/**
 * Reads what one edition's digest shows: the edition with its hub, and the tickets it opened
 * (`tickets?origin=briefing&briefingRunId=…`, spec 4.5), ordered as the edition ordered them.
 */
import type { ServiceClient, Ticket } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { openedIds } from '../editions/hub.js';
import type { Limiter } from '../../limiter.js';
import type { DigestContent } from './views/digest-view.js';

export interface DigestSubject {
  projectId: string;
  projectName: string;
  runId: string;
}

/** Each service request goes through `limiter`, so background reads stay within their bound. */
export async function loadDigest(service: ServiceClient, subject: DigestSubject, limiter?: Limiter): Promise<DigestContent> {
  const limit = <T>(task: () => Promise<T>): Promise<T> => (limiter ? limiter.run(task) : task());
  const [read, list] = await Promise.all([
    limit(() => service.getBriefingRun(subject.projectId, subject.runId, { sections: ['hub'] })),
    limit(() => service.listTickets(subject.projectId, { origin: 'briefing', briefingRunId: subject.runId })),
  ]);
  return { projectId: subject.projectId, projectName: subject.projectName, read, opened: inOpenedOrder(readable(list.items), openedIds(read)) };
}

/** The tickets named in `opened`, in that order (most important first); others the list holds are left out. */
function inOpenedOrder(tickets: readonly Ticket[], opened: readonly string[]): Ticket[] {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  return opened.flatMap((id) => {
    const ticket = byId.get(id);
    return ticket ? [ticket] : [];
  });
}
