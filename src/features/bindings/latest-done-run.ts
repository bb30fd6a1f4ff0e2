import type { ServiceClient } from '../../service/index.js';

/** The run id of the newest `done` edition in a project's briefing history, or null when none is done yet. */
export async function latestDoneRunId(service: ServiceClient, projectId: string): Promise<string | null> {
  const history = await service.getBriefingHistory(projectId, { page: 1, limit: 20 });
  return history.items.find((row) => row.status === 'done')?.runId ?? null;
}
