/**
 * Sends one burst of signed `/radar <text>` commands from its own thread and posts back every ack.
 * The measures that time acks under a burst send from here, so the sender's event loop is not the
 * one that also receives the app's answers at the local Slack (Radar answers every command there,
 * the bare app none): the ack times are the app's, not the bench's queueing.
 *
 * With `ownResponseUrls`, the burst's response URLs point at a stand-in for Slack in this thread,
 * which answers every POST 200 and counts them (asked with an 'answers?' message; the worker runs
 * until terminated): a flood's answers then land here, not in the event loop that plays the service, Slack's
 * Web API and the person measured beside the flood (Slack's endpoints do not share a machine with
 * the service, nor with another person's client).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Who sends the warm-up, and where (default the driver's usual user, in `channel`). */
  warmUpUser?: string;
  warmUpChannel?: string;
  /** Concurrent senders, each sending its next once acked (default: every command at once). */
  senders?: number;
  /** Post 'ready' once warmed up and wait for a 'go' message before the burst. */
  waitForGo?: boolean;
  /** Answers at the burst's response URLs go to a stand-in in this thread (see above); `responseUrlBase` is then unused. */
  ownResponseUrls?: boolean;
  /**
   * With `ownResponseUrls`: commands signed and sent to this thread's own stand-in (never to the
   * app) before 'ready', so the sender's code runs warm when the burst starts (not counted as answers).
   */
  warmClient?: number;
}

/** What the worker posts back: 'ready', the acks, or (with `ownResponseUrls`) how many answers arrived. */
export type BurstMessage = 'ready' | BurstAck[] | { answers: number };

export interface BurstAck {
  status: number;
  ms: number;
  sentAt: number;
  body: unknown;
}

const order = workerData as BurstOrder;
let answers = 0;
const answerServer = order.ownResponseUrls
  ? createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/response')) answers += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    })
  : undefined;
if (answerServer) await new Promise<void>((resolve) => answerServer.listen(0, '127.0.0.1', resolve));
const responseUrlBase = answerServer ? `http://127.0.0.1:${(answerServer.address() as AddressInfo).port}/response` : order.responseUrlBase;
const driver = createSlackDriver({ url: order.url, signingSecret: order.signingSecret, responseUrlBase });
if (answerServer && order.warmClient) {
  // A fresh thread runs the sender's code cold: its first requests cost several times the CPU of
  // later ones, spent on the cores the app measured beside the burst is running on.
  const own = `http://127.0.0.1:${(answerServer.address() as AddressInfo).port}`;
  const warm = createSlackDriver({ url: `${own}/warm`, signingSecret: order.signingSecret, responseUrlBase: `${own}/warm-answers` });
  let left = order.warmClient;
  const warmer = async () => {
    while (left-- > 0) await warm.command(order.text.replaceAll('{i}', 'warm'), { channel: order.channel, ...(order.user ? { user: order.user } : {}) });
  };
  await Promise.all(Array.from({ length: Math.min(order.senders ?? order.warmClient, order.warmClient) }, warmer));
}
await Promise.all(
  Array.from({ length: order.warmUp }, () =>
    driver.command(order.text, { channel: order.warmUpChannel ?? order.channel, ...(order.warmUpUser ? { user: order.warmUpUser } : {}) }).catch(() => undefined),
  ),
);
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
    (a): BurstAck => ({ status: a.status, ms: a.ms, sentAt: a.sentAt, body: a.body }),
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
if (answerServer) {
  parentPort?.on('message', (message: 'answers?') => {
    if (message === 'answers?') parentPort?.postMessage({ answers });
  });
}
