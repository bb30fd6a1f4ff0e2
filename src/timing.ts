/**
 * Every interval and bound Radar's background work keeps, in one place. Production uses the
 * defaults (from the spec: scans polled every 2 to 5 seconds); tests pass smaller numbers through
 * `startRadar(config, { timing })` rather than sleeping.
 */
export interface Timing {
  /** First delay between polls of one scan; it backs off towards `scanPollMaxMs` (spec 4.7: 2 to 5 s). */
  scanPollMinMs: number;
  scanPollMaxMs: number;
  /** After this long a scan is reported as still running, with its id, and no longer followed. */
  scanGiveUpMs: number;
  /** While a scan runs, its channel message shows the elapsed time, refreshed at most this often. */
  scanProgressUpdateMs: number;
  /** How often a replica looks for pending work nobody follows (scans whose follower died). */
  sweepMs: number;
  /** Lease time-to-live: how soon another replica takes over from one that died. */
  leaseTtlMs: number;
  /** At most this many requests to the service from background work at once. */
  maxConcurrentPolls: number;
  /**
   * At most this many requests of one throttled group (free tools, tickets) in flight at once, from
   * this replica; background work may use all but one, so a person's request never waits behind polls.
   */
  serviceGroupConcurrency: number;
  /**
   * How long a digest claim protects a (channel, edition) while it is being posted. A claim older
   * than this without a posted mark is taken over, after looking for the earlier post.
   */
  digestClaimTtlMs: number;
  /**
   * How long a digest post may go unanswered by Slack before the poller moves on. The claim is kept
   * (the post may still land), so recovery decides after `digestClaimTtlMs`; a late answer is recorded.
   */
  slackPostTimeoutMs: number;
  /**
   * Socket Mode: how long start waits for the first connection (apps.connections.open, then Slack's
   * `hello` on the WebSocket) before failing with one line, rather than retrying silently for ever.
   */
  socketConnectTimeoutMs: number;
  /** Socket Mode: Bolt's clientPingTimeout, the longest a pong may take and the wait before each reconnect. */
  socketPingTimeoutMs: number;
  /**
   * Fair use (`src/slack/request-limits.ts`): the requests (commands, buttons, shortcuts, modal
   * submissions) one person, and one channel, may send per `fairUseWindowMs`; past it, one sentence
   * says when to try again and nothing else happens.
   */
  personRequestsPerWindow: number;
  channelRequestsPerWindow: number;
  fairUseWindowMs: number;
  /** On SIGTERM (or the console's end of input): how long acknowledged work may take to finish before Radar stops. */
  drainTimeoutMs: number;
  /** Requests under way at once; past it a new one is answered "Radar is busy" at once (`slack/work-tracker.ts`). */
  maxRequestsInFlight: number;
  /** One person's requests under way at once; past it their next is answered "Radar is busy" at once. */
  maxRequestsInFlightPerPerson: number;
}

export const DEFAULT_TIMING: Timing = {
  scanPollMinMs: 2_000,
  scanPollMaxMs: 5_000,
  scanGiveUpMs: 10 * 60_000,
  scanProgressUpdateMs: 15_000,
  sweepMs: 10_000,
  leaseTtlMs: 30_000,
  maxConcurrentPolls: 8,
  serviceGroupConcurrency: 4,
  digestClaimTtlMs: 5 * 60_000,
  slackPostTimeoutMs: 30_000,
  socketConnectTimeoutMs: 30_000,
  socketPingTimeoutMs: 5_000,
  personRequestsPerWindow: 10,
  channelRequestsPerWindow: 30,
  fairUseWindowMs: 10_000,
  drainTimeoutMs: 25_000,
  maxRequestsInFlight: 200,
  maxRequestsInFlightPerPerson: 10,
};
