/** Helpers the watch tests share: publishing runs through the sandbox control surface, finding watch messages. */
import type { Worker } from '../../../src/deps.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { WATCH_IDS } from '../../../src/slack/ids.js';
import type { PublishRunRequest } from '../../../src/sandbox/control/publish-run.js';
import type { RadarHarness } from '../../support/radar-harness.js';

/** Publishes a run of a dimension over HTTP (the control route), its id back. */
export async function publishRun(h: Pick<RadarHarness, 'sandbox'>, projectId: string, body: PublishRunRequest): Promise<string> {
  const response = await fetch(`${h.sandbox.url}/__sandbox/projects/${projectId}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { item: { runId: string } };
  if (!response.ok) throw new Error(`publish answered ${response.status}: ${JSON.stringify(json)}`);
  return json.item.runId;
}

/** Watch messages in `channel` (thread replies, which carry the same metadata, left out). */
export function watchesIn(h: Pick<RadarHarness, 'slack'>, channel: string, runId?: string): StoredMessage[] {
  return h.slack.messagesIn(channel).filter((m) => (m.thread_ts === undefined || m.thread_ts === m.ts) && (m.metadata?.event_type === WATCH_IDS.eventType || m.metadata?.event_type === WATCH_IDS.earlierEventType) && (runId === undefined || m.metadata.event_payload.run_id === runId));
}

export function watchPoller(h: Pick<RadarHarness, 'radar'>): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'watch-poller');
  if (!worker?.tick) throw new Error('the watch poller is not running');
  return worker as Required<Worker>;
}

/** Requests logged by the sandbox whose path ends with `suffix` (GET). */
export function reads(h: Pick<RadarHarness, 'sandbox'>, test: (path: string) => boolean): number {
  return h.sandbox.control.requests().filter((r) => r.method === 'GET' && test(r.path)).length;
}

export const textOf = (m: StoredMessage) => JSON.stringify(m.blocks ?? []) + m.text;
