/**
 * The competitor list's fact-returning methods of the service client (issue 27): the list as facts
 * (`readCompetitorList`: each item's identity found where it is, its other fields as extras) and a
 * competitor's page URLs from its detail. Features call these; none reads a list item's identity itself.
 */
import type { RawServiceClient } from '../raw-client.js';
import { readCompetitorList, type CompetitorListFacts } from '../read/competitors.js';
import { pageUrlsOf, type PageUrls } from '../schemas/projects.js';

export function competitorsReads(raw: RawServiceClient) {
  return {
    /** GET .../competitors (the own domain included, `isOwn`), as facts; items Radar could not read are counted. */
    competitorFacts: async (projectId: string): Promise<CompetitorListFacts> => readCompetitorList(await raw.listCompetitors(projectId)),
    /** GET .../competitors/{competitorId}: the page URLs its detail names (`pageUrlsOf`). */
    competitorPageFacts: async (projectId: string, competitorId: string): Promise<PageUrls> => pageUrlsOf(await raw.getCompetitor(projectId, competitorId)),
  };
}
