/** Positioning read as facts (issue 27): the dashboard through `readPositioning` (schemas/positioning.ts). */
import type { RawServiceClient } from '../raw-client.js';
import { readPositioning, type PositioningFacts } from '../schemas/positioning.js';

export function positioningReads(raw: RawServiceClient) {
  return {
    /** GET .../positioning as the positioning reader's facts. */
    positioningFacts: async (projectId: string): Promise<PositioningFacts> => readPositioning(await raw.getDimension(projectId, 'positioning')),
  };
}
