/**
 * `POST /slack/events`, in front of Bolt. From the headers alone it refuses what cannot be a Slack
 * request (declared body over the limit: 413; no signature or timestamp: 401; timestamp more than 5
 * minutes off, past or future: 401), so their bodies are never read. Then it reads the body up to
 * the limit (chunked bodies are cut off there: 413, connection closed) within the process-wide
 * budget for unverified bodies (`body-budget.ts`: 503 once a flood of large bodies has used it up),
 * verifies the signature with Bolt's `verifySlackRequest`, parses the payload as Bolt does (a body
 * that does not parse, or is not a payload Slack sends, `../payload-shape.ts`: 400, one log line), asks the fair-use limits (`../request-limits.ts`) and, only for a
 * request within them, claims its delivery (`replay-guard.ts`, a store write: its event id, trigger id or signature): a replay is acked
 * 200 with no body and dropped. What passes is handed to `dispatch` (the receiver's: Bolt's
 * `processEvent`) with the fair-use verdict, which Radar's first middleware answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Logger } from '../../log.js';
import { verifySlackRequest } from '../bolt.js';
import { payloadProblem } from '../payload-shape.js';
import type { FairUseVerdict, RequestLimits } from '../request-limits.js';
import { createBodyBudget, type BodyBudget } from './body-budget.js';
import { BodyBudgetExhaustedError, BodyTooLargeError, readCappedBody } from './capped-body.js';
import { hasBody, sendJson } from './json-response.js';
import { deliveryKey, type ReplayGuard } from './replay-guard.js';

export const SLACK_EVENTS_PATH = '/slack/events';
/** Slack's payloads are a few kB; the largest (view submissions) stay far below this. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Slack's rule: refuse a request whose timestamp is more than 5 minutes from now, either way. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

const SIGNATURE = /^v0=[0-9a-f]{64}$/;
/** What a command hears when its delivery cannot be checked (the store is frozen or down). */
export const TRY_AGAIN = "Radar can't check this request right now; try again in a moment.";
const TIMESTAMP = /^[0-9]{1,12}$/;

/** A request that passed the gate: signed by Slack, parsed, within its limits or refused by them, first seen. */
export interface VerifiedRequest {
  body: Record<string, unknown>;
  retryNum?: number;
  retryReason?: string;
  fairUse: FairUseVerdict;
}

export interface SlackGateOptions {
  signingSecret: string;
  /** Hands a verified request to Bolt (the receiver's `processEvent`); answers `res` through its ack. */
  dispatch: (request: VerifiedRequest, req: IncomingMessage, res: ServerResponse) => Promise<void>;
  logger: Logger;
  /** Fair use, asked before the replay claim; without it every request is within limits. */
  limits?: RequestLimits;
  /** The replay check (`replay-guard.ts`); without it every verified request is dispatched. */
  replayGuard?: ReplayGuard;
  maxBodyBytes?: number;
  /**
   * Bytes of not-yet-verified bodies all requests together may read past a small per-request
   * allowance (`body-budget.ts`; default 4 MiB past 64 KiB each, refused requests' bytes charged for
   * a second). Past it a request is refused 503.
   */
  bodyBudget?: BodyBudget;
  /** The clock in ms (default `Date.now`). */
  now?: () => number;
  /** True while Radar drains (SIGTERM): new requests are refused 503 from their headers. */
  draining?: () => boolean;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A Slack payload as Bolt parses it: form fields (or the JSON in `payload`), or a JSON body; null when it is not an object. */
export function parseSlackBody(text: string, contentType: string | undefined): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    if ((contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
      const fields = parseQuery(text);
      parsed = typeof fields.payload === 'string' ? JSON.parse(fields.payload) : { ...fields };
    } else {
      parsed = JSON.parse(text);
    }
  } catch {
    return null;
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

const ALLOWED: FairUseVerdict = { allowed: true };

export function createSlackGate(options: SlackGateOptions): RequestHandler {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const budget = options.bodyBudget ?? createBodyBudget();
  const now = options.now ?? Date.now;
  const logger = options.logger;

  return async (req, res) => {
    // Refused before the body is read: the connection is closed instead of drained.
    const refuse = (status: number, error: string, reason: string, headers?: Record<string, string>) => {
      logger.warn('refused a request to the Slack endpoint', { status, reason });
      sendJson(req, res, status, { error }, { close: hasBody(req), ...(headers ? { headers } : {}) });
    };

    if (options.draining?.()) return refuse(503, 'draining', 'Radar is shutting down', { 'retry-after': '1' });
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody) return refuse(413, 'payload_too_large', `declared body of ${declared} bytes`);

    const signature = req.headers['x-slack-signature'];
    const timestamp = req.headers['x-slack-request-timestamp'];
    if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return refuse(401, 'unauthorized', 'missing or malformed x-slack-signature');
    if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return refuse(401, 'unauthorized', 'missing or malformed x-slack-request-timestamp');
    if (Math.abs(now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return refuse(401, 'unauthorized', 'timestamp more than 5 minutes from now');

    let raw: Buffer;
    const loan = budget.loan();
    try {
      if (/100-continue/i.test(req.headers.expect ?? '')) res.writeContinue();
      raw = await readCappedBody(req, maxBody, { allowance: budget.allowance, loan });
    } catch (error) {
      loan.repayLater();
      if (error instanceof BodyTooLargeError) return refuse(413, 'payload_too_large', `body over ${maxBody} bytes`);
      if (error instanceof BodyBudgetExhaustedError) return refuse(503, 'server_busy', 'too many large bodies at once', { 'retry-after': '1' });
      // The client went away mid-body: nobody is left to answer.
      logger.debug('a request to the Slack endpoint ended before its body', { error });
      res.destroy();
      return;
    }

    const text = raw.toString('utf8');
    try {
      verifySlackRequest({
        signingSecret: options.signingSecret,
        body: text,
        headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': Number(timestamp) },
        nowMilliseconds: now(),
      });
    } catch {
      loan.repayLater();
      logger.warn('refused a request to the Slack endpoint', { status: 401, reason: 'signature mismatch' });
      sendJson(req, res, 401, { error: 'unauthorized' });
      return;
    }
    // Signed by Slack: what it borrowed no longer counts against unverified traffic.
    loan.repay();

    const body = parseSlackBody(text, req.headers['content-type']);
    if (!body) {
      logger.warn('refused a signed request whose body is not a Slack payload', { status: 400, contentType: req.headers['content-type'] });
      sendJson(req, res, 400, { error: 'bad_request' });
      return;
    }
    if (body.ssl_check === '1') {
      res.writeHead(200, { 'content-length': 0 });
      res.end();
      return;
    }
    if (body.type === 'url_verification') {
      sendJson(req, res, 200, { challenge: body.challenge });
      return;
    }
    const problem = payloadProblem(body);
    if (problem) {
      logger.warn('refused a signed request whose body is not a Slack payload', { status: 400, reason: problem });
      sendJson(req, res, 400, { error: 'bad_request' });
      return;
    }

    // Fair use first: a refused request writes nothing, not even its replay claim.
    const fairUse = options.limits ? await options.limits.check(body) : ALLOWED;
    const delivery = deliveryKey(body, signature);
    const verdict = fairUse.allowed && options.replayGuard ? await options.replayGuard(delivery.key, delivery.ttlMs) : 'first';
    if (verdict === 'replay') {
      logger.info('ignored a replayed Slack request (this delivery was seen before)', { by: delivery.key.split(':')[0], retryNum: req.headers['x-slack-retry-num'] });
      res.writeHead(200, { 'content-length': 0 });
      res.end();
      return;
    }
    if (verdict === 'unknown') {
      // Whether it was seen before cannot be checked: acted on never twice, so not now. A command
      // hears why in its ack; anything else is asked again (503) and Slack retries it.
      if (typeof body.command === 'string') sendJson(req, res, 200, { response_type: 'ephemeral', text: TRY_AGAIN });
      else sendJson(req, res, 503, { error: 'try_again' }, { headers: { 'retry-after': '5' } });
      return;
    }
    const retryNum = Number.parseInt(String(req.headers['x-slack-retry-num'] ?? ''), 10);
    const retryReason = req.headers['x-slack-retry-reason'];
    await options.dispatch(
      { body, fairUse, ...(Number.isNaN(retryNum) ? {} : { retryNum }), ...(typeof retryReason === 'string' ? { retryReason } : {}) },
      req,
      res,
    );
  };
}
