/**
 * The gate in front of Bolt's `HTTPReceiver.requestListener` for `POST /slack/events`. From the
 * headers alone it refuses what cannot be a Slack request (declared body over the limit: 413; no
 * signature or timestamp: 401; timestamp more than 5 minutes off, past or future: 401), so their
 * bodies are never read. Then it reads the body up to the limit (chunked bodies are cut off there:
 * 413, connection closed) within the process-wide budget for unverified bodies (`body-budget.ts`:
 * 503 once a flood of large bodies has used it up), checks the signature once (`signature.ts`; Bolt,
 * which only ever sees what passed here, does not check it again), drops replays
 * (`replay-guard.ts`), and hands Bolt the buffered request when its sender's turn comes
 * (`fair-intake.ts`: one person's burst never queues another person's command behind it): Bolt
 * sees `rawBody` and does not read the stream again, then parses and acks as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../log.js';
import type { AckOrder } from './ack-order.js';
import { createFairIntake, senderOf, type FairIntake } from './fair-intake.js';
import { asSender } from '../../sender.js';
import type { LightFirst } from './light-first.js';
import { createBodyBudget, type BodyBudget } from './body-budget.js';
import { BodyBudgetExhaustedError, BodyTooLargeError, readCappedBody } from './capped-body.js';
import { hasBody, sendJson } from './json-response.js';
import { createReplayGuard, type SeenBefore } from './replay-guard.js';
import { isSlackSignature } from './signature.js';

export const SLACK_EVENTS_PATH = '/slack/events';
/** Slack's payloads are a few kB; the largest (view submissions) stay far below this. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Slack's rule: refuse a request whose timestamp is more than 5 minutes from now, either way. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
/** The longest a busy sender's request waits for a light sender's work before it is handed over (its ack follows). */
export const HAND_OVER_HOLD_MS = 250;

const SIGNATURE = /^v0=[0-9a-f]{64}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

export interface SlackGateOptions {
  signingSecret: string;
  /**
   * Bolt's `HTTPReceiver.requestListener`; it only ever sees verified, buffered, first-seen requests
   * (which is why the receiver is built without a signature check of its own: `createHttpReceiver`).
   */
  dispatch: (req: IncomingMessage, res: ServerResponse) => void;
  logger: Logger;
  /** The replay check (see `replay-guard.ts`); without it every verified request is dispatched. */
  seenBefore?: SeenBefore;
  /** How long the replay check may take before the request is dispatched unchecked (default 1 s). */
  seenBeforeTimeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Bytes of not-yet-verified bodies all requests together may read past a small per-request
   * allowance (`body-budget.ts`; default 4 MiB past 64 KiB each, refused requests' bytes charged for
   * a second). Past it a request is refused 503.
   */
  bodyBudget?: BodyBudget;
  /** Told about each request from its hand-over to Bolt until its response is written (`ack-order.ts`). */
  ackOrder?: AckOrder;
  /**
   * Light senders first (`light-first.ts`): each request counts as its sender's work under way until
   * acked. Acks are never held for it (Slack's 3 s); only a busy sender's answers are.
   */
  lightFirst?: LightFirst;
  /** Whose turn it is (`fair-intake.ts`); default: four requests per sender until acked. */
  intake?: FairIntake;
  /** The clock in ms (default `Date.now`). */
  now?: () => number;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createSlackGate(options: SlackGateOptions): RequestHandler {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const budget = options.bodyBudget ?? createBodyBudget();
  const intake = options.intake ?? createFairIntake();
  const now = options.now ?? Date.now;
  const logger = options.logger;
  const replayVerdict = options.seenBefore
    ? createReplayGuard({ seenBefore: options.seenBefore, logger, ...(options.seenBeforeTimeoutMs !== undefined ? { timeoutMs: options.seenBeforeTimeoutMs } : {}) })
    : null;

  /** Drops a replay, else hands Bolt the buffered request. */
  const handOver = async (req: IncomingMessage, res: ServerResponse, body: Buffer, signature: string): Promise<void> => {
    // Claimed only once the signature is proven, so unsigned traffic never writes to the store.
    if (replayVerdict && (await replayVerdict(signature)) === 'replay') {
      logger.info('ignored a replayed Slack request (same signature seen within 5 minutes)', { retryNum: req.headers['x-slack-retry-num'] });
      res.writeHead(200, { 'content-length': 0 });
      res.end();
      return;
    }
    // Bolt reuses a Buffer `rawBody` instead of reading the (consumed) stream again.
    Object.assign(req, { rawBody: body });
    req.url = SLACK_EVENTS_PATH;
    options.dispatch(req, res);
  };

  return async (req, res) => {
    // Refused before the body is read: the connection is closed instead of drained.
    const refuse = (status: number, error: string, reason: string, headers?: Record<string, string>) => {
      logger.warn('refused a request to the Slack endpoint', { status, reason });
      sendJson(req, res, status, { error }, { close: hasBody(req), ...(headers ? { headers } : {}) });
    };

    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody) return refuse(413, 'payload_too_large', `declared body of ${declared} bytes`);

    const signature = req.headers['x-slack-signature'];
    const timestamp = req.headers['x-slack-request-timestamp'];
    if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return refuse(401, 'unauthorized', 'missing or malformed x-slack-signature');
    if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return refuse(401, 'unauthorized', 'missing or malformed x-slack-request-timestamp');
    const timestampSeconds = Number(timestamp);
    if (Math.abs(now() / 1000 - timestampSeconds) > MAX_CLOCK_SKEW_SECONDS) return refuse(401, 'unauthorized', 'timestamp more than 5 minutes from now');

    let body: Buffer;
    const loan = budget.loan();
    try {
      if (/100-continue/i.test(req.headers.expect ?? '')) res.writeContinue();
      body = await readCappedBody(req, maxBody, { allowance: budget.allowance, loan });
    } catch (error) {
      loan.repayLater();
      if (error instanceof BodyTooLargeError) return refuse(413, 'payload_too_large', `body over ${maxBody} bytes`);
      if (error instanceof BodyBudgetExhaustedError) return refuse(503, 'server_busy', 'too many large bodies at once', { 'retry-after': '1' });
      // The client went away mid-body: nobody is left to answer.
      logger.debug('a request to the Slack endpoint ended before its body', { error });
      res.destroy();
      return;
    }

    if (!isSlackSignature(options.signingSecret, timestamp, body, signature)) {
      loan.repayLater();
      logger.warn('refused a request to the Slack endpoint', { status: 401, reason: 'signature mismatch' });
      sendJson(req, res, 401, { error: 'unauthorized' });
      return;
    }
    const text = body.toString('utf8');
    // Signed by Slack: what it borrowed no longer counts against unverified traffic.
    loan.repay();

    // One person's burst never queues another person's request (`fair-intake.ts`); what the request
    // leads to, store calls included, is done as that person's (`sender.ts`). It counts as its
    // sender's work from now, waiting or not, until answered (`light-first.ts`).
    const sender = senderOf(text, req.headers['content-type']);
    const counted = options.lightFirst?.begin(sender);
    const admitted = intake.admit(sender, (acked) =>
      asSender(sender, async () => {
        // A busy sender's request waits while a light sender's work is under way (bounded).
        await options.lightFirst?.turn(sender, HAND_OVER_HOLD_MS, false);
        // Counted from its hand-over to its answer: a request still waiting for its sender's turn
        // holds no other answer back (`ack-order.ts`).
        const leave = options.ackOrder?.enter();
        const answered = () => {
          leave?.();
          counted?.();
          acked();
        };
        if (res.writableFinished || res.destroyed) answered();
        else {
          res.once('finish', answered);
          res.once('close', answered);
        }
        await handOver(req, res, body, signature).catch((error: unknown) => {
          logger.error('a verified Slack request could not be handed to Bolt', { error });
          if (!res.headersSent) sendJson(req, res, 500, { error: 'internal_error' });
        });
      }),
    );
    if (!admitted) {
      counted?.();
      logger.warn('refused a request to the Slack endpoint', { status: 503, reason: "the sender's queue is full" });
      sendJson(req, res, 503, { error: 'server_busy' }, { headers: { 'retry-after': '1' } });
    }
  };
}
