/**
 * Sends one burst of signed `/radar <text>` commands from its own thread and posts back every ack.
 * The measures that time acks under a burst send from here, so the sender's event loop is not the
 * one that also receives the app's answers at the local Slack (Radar answers every command there,
 * the bare app none): the ack times are the app's, not the bench's queueing.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { createSlackDriver } from '../test/support/slack-driver.js';

export interface BurstOrder {
  url: string;
  signingSecret: string;
  responseUrlBase: string;
  /** Commands sent first, all at once, and answered before the burst (their acks are not returned). */
  warmUp: number;
  count: number;
  /** The command text; `{i}` is replaced by the command's index in the burst. */
  text: string;
  channel: string;
  /** Who sends (default the driver's usual user). */
  user?: string;
  /** Concurrent senders, each sending its next once acked (default: every command at once). */
  senders?: number;
  /** Post 'ready' once warmed up and wait for a 'go' message before the burst. */
  waitForGo?: boolean;
}

export interface BurstAck {
  status: number;
  ms: number;
  sentAt: number;
  body: unknown;
}

const order = workerData as BurstOrder;
const driver = createSlackDriver({ url: order.url, signingSecret: order.signingSecret, responseUrlBase: order.responseUrlBase });
await Promise.all(Array.from({ length: order.warmUp }, () => driver.command(order.text, { channel: order.channel }).catch(() => undefined)));
// The warm-up's connections are kept alive and reused by the burst, as one client's would be.
if (order.waitForGo) {
  const go = new Promise<void>((resolve) => parentPort?.once('message', () => resolve()));
  parentPort?.postMessage('ready');
  await go;
}
const send = (i: number): Promise<BurstAck> => {
  const started = performance.now();
  const sentAt = Date.now();
  return driver.command(order.text.replaceAll('{i}', String(i)), { channel: order.channel, ...(order.user ? { user: order.user } : {}) }).then(
    (a): BurstAck => ({ status: a.status, ms: a.ms, sentAt: a.sentAt, body: '' }),
    (): BurstAck => ({ status: 0, ms: performance.now() - started, sentAt, body: '' }),
  );
};
const acks: BurstAck[] = [];
let next = 0;
const sender = async () => {
  while (next < order.count) acks.push(await send(next++));
};
await Promise.all(Array.from({ length: Math.min(order.senders ?? order.count, order.count) }, sender));
parentPort?.postMessage(acks);
