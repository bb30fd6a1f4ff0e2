/**
 * The briefing's fact-returning methods of the service client (issue 27): an edition read as facts
 * (`briefingFactsOf`: the hub, the run's meta, deep dives, opened tickets, comments) and a deep-dive
 * section as facts (`sectionIn`). Features call these; none reads the hub or a section itself.
 */
import type { RawServiceClient } from '../raw-client.js';
import { briefingFactsOf, sectionIn, type BriefingFacts, type SectionFacts } from '../read/briefing.js';
import type { BriefingQuery } from '../schemas/briefing.js';

/** A deep-dive section as facts, and whether the answer carried it at all. */
export interface DeepDiveFacts {
  section: SectionFacts;
  found: boolean;
}

export function briefingReads(raw: RawServiceClient) {
  return {
    /** The latest edition in any state (GET .../strategic-briefing), as facts. */
    briefingFacts: async (projectId: string, query?: BriefingQuery): Promise<BriefingFacts> => briefingFactsOf(await raw.getBriefing(projectId, query)),
    /** One edition of the history (GET .../strategic-briefing/history/{runId}), as facts. */
    briefingRunFacts: async (projectId: string, runId: string, query?: BriefingQuery): Promise<BriefingFacts> =>
      briefingFactsOf(await raw.getBriefingRun(projectId, runId, query)),
    /**
     * The deep-dive section `name` (`deep-<dimension>`) of the edition `runId` (null: the latest), read
     * with `sections: [name]` (and `includeCharts` when asked), as facts.
     */
    deepDiveFacts: async (projectId: string, runId: string | null, name: string, options: { includeCharts?: boolean } = {}): Promise<DeepDiveFacts> => {
      const query = { sections: [name], ...(options.includeCharts ? { includeCharts: true } : {}) };
      const read = runId !== null ? await raw.getBriefingRun(projectId, runId, query) : await raw.getBriefing(projectId, query);
      return sectionIn(read.item, name);
    },
  };
}
