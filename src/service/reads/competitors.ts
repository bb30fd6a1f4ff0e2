/**
 * The competitor list's fact-returning method of the service client (issue 27): the list as facts
 * (`readCompetitorList`: each item's identity found where it is, its other fields as extras). Features
 * call this; none reads a list item's identity itself.
 */
import type { RawServiceClient } from '../client.js';
import { readCompetitorList, type CompetitorListFacts } from '../read/competitors.js';

export function competitorsReads(raw: RawServiceClient) {
  return {
    /** GET .../competitors (the own domain included, `isOwn`), as facts; items Radar could not read are counted. */
    competitorFacts: async (projectId: string): Promise<CompetitorListFacts> => readCompetitorList(await raw.listCompetitors(projectId)),
  };
}
