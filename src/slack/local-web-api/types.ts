/** Shapes shared by the loopback Slack Web API's modules and its callers. */

/** Arguments of one Web API call, decoded: form fields, JSON body fields or query parameters. */
export type WebApiArgs = Record<string, unknown>;

/** One request the local Web API received, as Slack would have seen it. */
export interface WebApiCall {
  /** The Web API method (`chat.postMessage`), or `response_url` for a POST to a response URL. */
  method: string;
  /** Decoded arguments; JSON-encoded form fields (`blocks`, `view`, `metadata`, …) are parsed. */
  args: WebApiArgs;
  /** The bearer token or `token` field; undefined when none was sent. */
  token: string | undefined;
  /** For `response_url` calls: the part of the URL after `/response/`. */
  responseUrlId?: string;
  /** When the request arrived (ms since the epoch). */
  at: number;
  /** What the local Web API answered (the JSON body), set once it has answered. */
  response?: Record<string, unknown>;
}

/** A message the local workspace remembers, shaped like a `conversations.history` element. */
export interface StoredMessage {
  type: 'message';
  ts: string;
  user: string;
  bot_id: string;
  app_id: string;
  team: string;
  text: string;
  blocks?: unknown[];
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  thread_ts?: string;
  /** On a thread parent as listed by history/replies: how many replies it has. */
  reply_count?: number;
  latest_reply?: string;
  edited?: { user: string; ts: string };
  /** Files shared with the message (files.completeUploadExternal with a channel). */
  files?: { id: string; name: string; title: string }[];
}

/** A file uploaded with files.getUploadURLExternal, its bytes POSTed, then files.completeUploadExternal. */
export interface LocalFile {
  id: string;
  filename: string;
  /** The length announced to files.getUploadURLExternal. */
  length: number;
  alt_text?: string;
  title?: string;
  /** The bytes POSTed to the upload URL (a multipart body's file part); undefined until then. */
  bytes?: Buffer;
  completed: boolean;
  /** Where completeUploadExternal shared it. */
  channel?: string;
  thread_ts?: string;
}

/** A modal the local workspace remembers, shaped like the `view` Slack returns from `views.*`. */
export interface StoredView extends Record<string, unknown> {
  id: string;
  hash: string;
  type: string;
  team_id: string;
  app_id: string;
  bot_id: string;
  root_view_id: string;
  previous_view_id: string | null;
  external_id?: string;
  callback_id?: string;
  private_metadata?: string;
  blocks: unknown[];
  state: { values: Record<string, unknown> };
}

/** A person `users.info` knows. */
export interface LocalUser {
  name: string;
  real_name: string;
  /** `users.info` tz (IANA); default Europe/London. */
  tz?: string;
  /** When set, the only channels the person is in (`users.conversations`), whatever a channel's member list says. */
  channels?: readonly string[];
  /** `profile.display_name`; default `name`. */
  display_name?: string;
  /** A bot user (`users.list` and `users.info` say `is_bot: true`). */
  is_bot?: boolean;
  /** A deactivated account (`deleted: true`). */
  deleted?: boolean;
  /** A workspace admin / owner (`users.info` is_admin, is_owner). */
  is_admin?: boolean;
  is_owner?: boolean;
}

/** A channel `conversations.info` knows; unknown channel ids are answered with a made-up name. */
export interface LocalChannel {
  name: string;
  is_private?: boolean;
  /** Who is in the channel (`users.conversations`); unset: everyone. */
  members?: readonly string[];
}

/** How `failNext` makes calls fail. */
export interface FailOptions {
  /** Slack's error code, e.g. `not_in_channel`, `channel_not_found`, `invalid_auth`, `ratelimited`. */
  error: string;
  /** Seconds for the `Retry-After` header of a `ratelimited` answer (HTTP 429); default 1. */
  retryAfter?: number;
  /** How many matching calls fail; default 1. */
  times?: number;
  /** Only calls whose `channel` argument equals this fail. */
  channel?: string;
  /** Only calls whose arguments this accepts fail (e.g. a message carrying a chart block). */
  when?: (args: Record<string, unknown>) => boolean;
}
