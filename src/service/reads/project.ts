/**
 * The project's fact-returning methods of the service client (issue 27): the project detail as facts
 * (`readProjectDetail`) and the alerts and schedules, whose envelope the spec does not show, as their
 * entries (`entriesOf`). Features call these; none reads those payloads itself.
 */
import type { RawServiceClient } from '../raw-client.js';
import { entriesOf, readProjectDetail, type EntriesFacts, type ProjectDetailFacts } from '../read/project.js';

/** Prompts the project detail's facts carry (all are counted). */
export const PROJECT_PROMPTS_READ = 25;

export function projectReads(raw: RawServiceClient) {
  return {
    /** GET /v1/projects/{projectId}, as facts. */
    projectFacts: async (projectId: string): Promise<ProjectDetailFacts> => readProjectDetail(await raw.getProject(projectId), PROJECT_PROMPTS_READ),
    /** GET .../alerts, as the entries found in it and what sits beside them. */
    alertFacts: async (projectId: string): Promise<EntriesFacts> => entriesOf(await raw.getAlerts(projectId)),
    /** GET .../schedules, as the entries found in it and what sits beside them. */
    scheduleFacts: async (projectId: string): Promise<EntriesFacts> => entriesOf(await raw.getSchedules(projectId)),
  };
}
