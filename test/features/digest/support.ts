/** Helpers the digest tests share: publishing editions through the sandbox control surface, finding digests. */
import type { Worker } from '../../../src/deps.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { DIGEST_IDS } from '../../../src/slack/ids.js';
import type { RadarHarness } from '../../support/radar-harness.js';

export interface Published {
  runId: string;
  status: 'done' | 'running' | 'failed';
  editionNumber: number | null;
  opened: string[];
}

async function control(h: Pick<RadarHarness, 'sandbox'>, path: string, body: unknown): Promise<Published> {
  const response = await fetch(`${h.sandbox.url}/__sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await response.json()) as { item: Published };
  if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.item;
}

/** Publishes a run on top of the project's history (a done edition by default). */
export function publish(h: Pick<RadarHarness, 'sandbox'>, projectId: string, body: { status?: 'done' | 'running' | 'failed'; headline?: string; opened?: number } = {}): Promise<Published> {
  return control(h, `projects/${projectId}/briefings`, body);
}

/** Ends a running run as done (the next edition) or failed. */
export function finish(h: Pick<RadarHarness, 'sandbox'>, projectId: string, runId: string, status: 'done' | 'failed'): Promise<Published> {
  return control(h, `projects/${projectId}/briefings/${runId}/finish`, { status });
}

/** Digest messages (Radar's posts carrying digest metadata) in a channel, optionally of one run. */
export function digestsIn(h: Pick<RadarHarness, 'slack'>, channel: string, runId?: string): StoredMessage[] {
  return h.slack.messagesIn(channel).filter((m) => m.metadata?.event_type === DIGEST_IDS.eventType && (runId === undefined || m.metadata.event_payload.run_id === runId));
}

/** The running digest poller of a harness's Radar. */
export function poller(h: Pick<RadarHarness, 'radar'>): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'digest-poller');
  if (!worker?.tick) throw new Error('the digest poller is not running');
  return worker as Required<Worker>;
}

/** Service requests to a project's briefing history logged by the sandbox. */
export function historyReads(h: Pick<RadarHarness, 'sandbox'>, projectId: string): number {
  return h.sandbox.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/projects/${projectId}/strategic-briefing/history`).length;
}
