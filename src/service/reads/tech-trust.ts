/** Tech and trust read as facts (issue 27): the dashboard through `readTechTrust` (schemas/tech-trust.ts). */
import type { RawServiceClient } from '../raw-client.js';
import type { View } from '../schemas/common.js';
import { readTechTrust, type TechTrustFacts } from '../schemas/tech-trust.js';

export function techTrustReads(raw: RawServiceClient) {
  return {
    /** GET .../tech-trust (the full view when asked) as the tech-trust reader's facts. */
    techTrustFacts: async (projectId: string, view?: View): Promise<TechTrustFacts> =>
      readTechTrust(await raw.getDimension(projectId, 'tech-trust', view ? { view } : {})),
  };
}
