/**
 * How Radar answers a request: Bolt's own `respond` (a POST of the message to the request's
 * `response_url`, rejecting when Slack does not answer 2xx), handed to listeners by Bolt.
 *
 * Every request Radar's Bolt app makes (its `respond` and its Web API client) goes through
 * `slackOnlyFetch`: only Slack's hosts (`slack.com` and its subdomains, `slack-gov.com` likewise,
 * over https) and the host of `SLACK_API_URL` are reached. A payload names its own `response_url`,
 * and only Slack sets it, but nothing else checks where it points: an answer to any other host is
 * dropped with one log line. Redirects are never followed (`redirect: 'manual'`, or `'error'` when the
 * caller asks for it, as Slack's WebClient does): a followed redirect would reach its target without
 * this check. Bolt's `respond`, asking for nothing, would follow; it now sees the redirect as a failed
 * answer. (`'error'` for `respond` too would spare fetch its copy of each body, but fetch then cannot
 * send an answer again on a fresh connection when a kept-alive one was reset.)
 */
import type { RespondArguments } from '@slack/bolt';
import type { Logger } from '../log.js';

export type Respond = (message: RespondArguments) => Promise<unknown>;

const SLACK_DOMAINS = ['slack.com', 'slack-gov.com'];

/** True when `url` is Slack's (https on slack.com or slack-gov.com, or a subdomain) or on `apiUrl`'s host. */
export function isSlackUrl(url: string, apiUrl: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const api = new URL(apiUrl);
  if (target.hostname === api.hostname && target.protocol === api.protocol) return true;
  return target.protocol === 'https:' && SLACK_DOMAINS.some((domain) => target.hostname === domain || target.hostname.endsWith(`.${domain}`));
}

/** A `fetch` for Bolt's `clientOptions.fetch` that reaches Slack only (see above). */
export function slackOnlyFetch(apiUrl: string, logger: Logger, fetchFn: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (isSlackUrl(url, apiUrl)) return fetchFn(input, { ...init, redirect: init?.redirect === 'error' ? 'error' : 'manual' });
    let host = '(unparsable)';
    try {
      host = new URL(url).host;
    } catch {
      // the placeholder stands
    }
    logger.warn("dropped a request to a host that is not Slack's (a response_url from a payload?)", { host });
    return new Response(null, { status: 204 });
  };
}
