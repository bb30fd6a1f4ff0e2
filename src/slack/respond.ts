/**
 * Radar's answers at a `response_url`: one POST of the message as JSON, through undici's `request`
 * on one keep-alive agent, each sender's answers taking turns with everyone else's (`lanes.ts`), so
 * the refusals of one person's two hundred commands go out after another person's answer, not
 * before it. Bolt's own `respond` posts with the WHATWG `fetch`, which cost a burst of answers
 * several times the CPU. Like Bolt's, it rejects when Slack does not answer 2xx (an expired URL
 * answers 404).
 */
import type { RespondArguments } from '@slack/bolt';
import { Agent, request } from 'undici';
import { createLanes } from '../lanes.js';
import { currentSender } from '../sender.js';

/** Answers being posted at once; the rest wait their turn. */
export const ANSWERS_IN_FLIGHT = 8;
/** Slack answers a response_url POST in well under this; a hung one is given up. */
const ANSWER_TIMEOUT_MS = 10_000;

export class ResponseUrlError extends Error {
  constructor(readonly status: number) {
    super(`Slack answered the response_url with HTTP ${status}`);
    this.name = 'ResponseUrlError';
  }
}

const agent = new Agent({ keepAliveTimeout: 10_000, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });
const lanes = createLanes(ANSWERS_IN_FLIGHT);

/** How Radar answers a request: Bolt's `respond`, or `respondAt` (both post `message` to the request's response URL). */
export type Respond = (message: RespondArguments) => Promise<unknown>;

/** A `Respond` posting to `responseUrl` (the one Slack sent with the request). */
export function respondAt(responseUrl: string): Respond {
  return (message) =>
    lanes.run(currentSender(), async () => {
      const res = await request(responseUrl, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(message),
      });
      await res.body.dump();
      if (res.statusCode < 200 || res.statusCode >= 300) throw new ResponseUrlError(res.statusCode);
    });
}
