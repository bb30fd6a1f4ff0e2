/**
 * The one table of Slack Web API refusals Radar meets: for each `error` code, how long the refusal
 * lasts and the one sentence a person reads about it. Every feature asks here: the digest marks a
 * channel failing on a `channel` refusal, the scan follower drops a scan whose channel or message is
 * gone, `describeError` (src/slack/error-text.ts) says the sentence, and `isUnexpected` logs only
 * Radar's own mistakes (`request`) and codes not in the table at error level.
 */

/**
 * How long a refusal lasts:
 * - `channel`: posting in this channel fails until a person acts (invite Radar, unarchive,
 *   reinstall, grant a permission); a channel Radar posts to on its own is marked failing.
 * - `message`: the message or thread the call named is gone; the channel itself may be fine.
 * - `request`: Slack refused what Radar sent (too long, malformed): a bug in Radar, logged as
 *   unexpected; background work tries again on its next round as for a transient failure.
 * - `transient`: retry later (rate limits past the client's own retries).
 * A code not in the table counts as transient and unexpected.
 */
export type SlackErrorPermanence = 'channel' | 'message' | 'request' | 'transient';

export interface SlackErrorEntry {
  permanence: SlackErrorPermanence;
  /** Why, in a few words naming the code: recorded on a failing binding and shown by `/radar status`. */
  reason: string;
  /** The one sentence a person reads (mrkdwn, already escaped). */
  sentence: string;
}

const REINSTALL = 'an admin needs to reinstall Radar.';
const tokenRefused = (reason: string, code: string): SlackErrorEntry => ({
  permanence: 'channel',
  reason: `${reason} (${code})`,
  sentence: `Slack rejected Radar's token (${code.replace(/_/g, ' ')}); ${REINSTALL}`,
});
const refused = (what: string, code: string): SlackErrorEntry => ({
  permanence: 'request',
  reason: `Slack refused ${what} (${code})`,
  sentence: `Slack refused ${what} (${code.replace(/_/g, ' ')}); this has been logged.`,
});
const rateLimited = (code: string): SlackErrorEntry => ({
  permanence: 'transient',
  reason: `Slack is rate limiting Radar (${code})`,
  sentence: 'Slack is rate limiting Radar right now; please try again in a minute.',
});

export const SLACK_ERRORS: Readonly<Record<string, SlackErrorEntry>> = {
  not_in_channel: {
    permanence: 'channel',
    reason: 'Radar is not a member of this channel (not_in_channel)',
    sentence: 'Radar is not a member of this channel: invite it with `/invite @Radar`, then try again.',
  },
  channel_not_found: {
    permanence: 'channel',
    reason: 'Slack cannot find this channel, or Radar cannot see it (channel_not_found)',
    sentence: "Slack won't let Radar post in this channel (channel not found): if it is private, invite Radar with `/invite @Radar`, then try again.",
  },
  is_archived: {
    permanence: 'channel',
    reason: 'the channel is archived (is_archived)',
    sentence: "Slack won't let Radar post in this channel (is archived): unarchive it, or use another channel.",
  },
  missing_scope: {
    permanence: 'channel',
    reason: 'Radar lacks a Slack permission it needs here (missing_scope)',
    sentence: `Radar lacks a Slack permission it needs for this (missing scope); ${REINSTALL}`,
  },
  restricted_action: {
    permanence: 'channel',
    reason: 'a workspace setting stops Radar posting here (restricted_action)',
    sentence: 'A workspace setting stops Radar posting in this channel (restricted action); a workspace admin can allow it.',
  },
  ekm_access_denied: {
    permanence: 'channel',
    reason: "the workspace's Enterprise Key Management denies access (ekm_access_denied)",
    sentence: "The workspace's Enterprise Key Management denies Radar access here (ekm access denied); a workspace admin can restore it.",
  },
  invalid_auth: tokenRefused("Slack rejected Radar's bot token", 'invalid_auth'),
  not_authed: tokenRefused('Radar sent no bot token', 'not_authed'),
  token_revoked: tokenRefused("Radar's bot token was revoked", 'token_revoked'),
  account_inactive: tokenRefused("Radar's bot token belongs to a deactivated app or workspace", 'account_inactive'),
  message_not_found: {
    permanence: 'message',
    reason: 'the message is gone (message_not_found)',
    sentence: 'That message is gone (deleted, or Radar can no longer see it).',
  },
  thread_not_found: {
    permanence: 'message',
    reason: 'the thread is gone (thread_not_found)',
    sentence: 'That thread is gone (its first message was deleted, or Radar can no longer see it).',
  },
  cant_update_message: {
    permanence: 'message',
    reason: 'Slack will not let Radar change the message (cant_update_message)',
    sentence: "Slack won't let Radar change that message (cant update message).",
  },
  msg_too_long: refused("Radar's message as too long", 'msg_too_long'),
  invalid_blocks: refused("the layout of Radar's message", 'invalid_blocks'),
  too_many_attachments: refused("Radar's message for its number of attachments", 'too_many_attachments'),
  invalid_arguments: refused("the arguments of Radar's call", 'invalid_arguments'),
  ratelimited: rateLimited('ratelimited'),
  rate_limited: rateLimited('rate_limited'),
};

/**
 * The Web API `error` code of a failed call (`not_in_channel`, …), or null for anything else.
 * A call the client refused for a rate limit (`slack_webapi_rate_limited_error`) reads `ratelimited`.
 */
export function slackErrorCode(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, data } = error as { code?: unknown; data?: { error?: unknown } | null };
  if (code === 'slack_webapi_rate_limited_error') return 'ratelimited';
  return typeof data?.error === 'string' ? data.error : null;
}

/** The table's entry for `error`'s code; null when it is not a Slack refusal Radar knows. */
export function slackErrorOf(error: unknown): (SlackErrorEntry & { code: string }) | null {
  const code = slackErrorCode(error);
  const entry = code === null ? undefined : SLACK_ERRORS[code];
  return code !== null && entry ? { code, ...entry } : null;
}

/** The reason to record when `error` means posting in the channel keeps failing; null otherwise. */
export function channelFailureReason(error: unknown): string | null {
  const entry = slackErrorOf(error);
  return entry?.permanence === 'channel' ? entry.reason : null;
}

/** True when repeating the call cannot help because the channel or the message is gone for Radar. */
export function isGoneForRadar(error: unknown): boolean {
  const permanence = slackErrorOf(error)?.permanence;
  return permanence === 'channel' || permanence === 'message';
}

/** True for a Slack refusal that is not Radar's own mistake: logged as a known state, not an error. */
export function isKnownSlackRefusal(error: unknown): boolean {
  const permanence = slackErrorOf(error)?.permanence;
  return permanence !== undefined && permanence !== 'request';
}
