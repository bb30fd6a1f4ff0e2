/**
 * How Radar answers a request: Bolt's own `respond` (a POST of the message to the request's
 * `response_url`, rejecting when Slack does not answer 2xx), handed to listeners by Bolt.
 */
import type { RespondArguments } from '@slack/bolt';

export type Respond = (message: RespondArguments) => Promise<unknown>;
