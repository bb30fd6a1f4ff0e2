/**
 * Reads what one edition's digest shows: the edition with every section it holds and their charts'
 * series (the hub, and the deep dives whose charts the digest draws: one read), and the tickets it
 * opened (`tickets?origin=briefing&briefingRunId=…`, spec 4.5), ordered as the edition ordered them.
 */
import type { ServiceClient } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { inOpenedOrder, listEditionTickets } from '../editions/opened-tickets.js';
import type { Limiter } from '../../limiter.js';
import type { DigestContent } from './views/digest-view.js';
import { EDITION_READ_QUERY, editionChartsOf } from '../charts/edition.js';

export interface DigestSubject {
  projectId: string;
  projectName: string;
  runId: string;
}

/** Each service request goes through `limiter`, so background reads stay within their bound. */
export async function loadDigest(service: ServiceClient, subject: DigestSubject, limiter?: Limiter): Promise<DigestContent> {
  const limit = <T>(task: () => Promise<T>): Promise<T> => (limiter ? limiter.run(task) : task());
  const [read, list] = await Promise.all([
    limit(() => service.briefingRunFacts(subject.projectId, subject.runId, EDITION_READ_QUERY)),
    limit(() => listEditionTickets(service, subject.projectId, subject.runId)),
  ]);
  // The charts of the edition's AI visibility and pricing deep dives, from this same read (issue 29).
  const charts = editionChartsOf(read, subject.projectName);
  return { projectId: subject.projectId, projectName: subject.projectName, read, opened: inOpenedOrder(readable(list.items), read), charts };
}
