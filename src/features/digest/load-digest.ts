/**
 * Reads what one edition's digest shows: the edition with its hub, and the tickets it opened
 * (`tickets?origin=briefing&briefingRunId=…`, spec 4.5), ordered as the edition ordered them.
 */
import type { ServiceClient } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { inOpenedOrder, listEditionTickets } from '../editions/opened-tickets.js';
import type { Limiter } from '../../limiter.js';
import type { DigestContent } from './views/digest-view.js';
import { hubFactsOf } from '../../service/read/briefing.js';
import { loadEditionCharts } from '../charts/edition.js';

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
    limit(() => listEditionTickets(service, subject.projectId, subject.runId)),
  ]);
  // The edition's AI trend and price position, drawn when it diagnoses them (issue 29).
  const dimensions = hubFactsOf(read.item).rows.flatMap((r) => (r.dimension ? [r.dimension] : []));
  const charts = await loadEditionCharts(service, subject.projectId, dimensions, limit);
  return { projectId: subject.projectId, projectName: subject.projectName, read, opened: inOpenedOrder(readable(list.items), read), charts };
}
