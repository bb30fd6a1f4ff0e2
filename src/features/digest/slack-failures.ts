/**
 * Slack answers that mean posting to a channel will keep failing until a person acts (invite Radar,
 * unarchive, reinstall): the binding is marked failing with one of these reasons. Anything else
 * (rate limits past the client's retries, network trouble) is transient and retried next poll.
 */
const PERSISTENT: Readonly<Record<string, string>> = {
  not_in_channel: 'Radar is not a member of this channel (not_in_channel)',
  channel_not_found: 'Slack cannot find this channel, or Radar cannot see it (channel_not_found)',
  is_archived: 'the channel is archived (is_archived)',
  invalid_auth: "Slack rejected Radar's bot token (invalid_auth)",
  not_authed: 'Radar sent no bot token (not_authed)',
  token_revoked: "Radar's bot token was revoked (token_revoked)",
  account_inactive: "Radar's bot token belongs to a deactivated app or workspace (account_inactive)",
  missing_scope: 'Radar lacks a Slack permission it needs here (missing_scope)',
  restricted_action: 'a workspace setting stops Radar posting here (restricted_action)',
};

/** The `error` code of a Slack Web API platform error, or null for anything else. */
export function slackErrorCode(error: unknown): string | null {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === 'string' ? data.error : null;
}

/** The reason to show when `error` means the channel keeps failing; null when it is transient. */
export function persistentFailureReason(error: unknown): string | null {
  const code = slackErrorCode(error);
  return code === null ? null : (PERSISTENT[code] ?? null);
}
