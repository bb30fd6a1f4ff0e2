import { booleanArg, integerArg, isRecord, stringArg } from './args.js';
import { WebApiRejection } from './errors.js';
import type { LocalChannel, LocalFile, LocalUser, StoredMessage, WebApiArgs } from './types.js';
import { LOCAL_WORKSPACE } from './workspace.js';
import type { MessageAuthor, MessageContent, Workspace } from './workspace.js';

/** What a method handler needs besides its arguments. */
export interface MethodContext {
  workspace: Workspace;
  users: Readonly<Record<string, LocalUser>>;
  channels: Readonly<Record<string, LocalChannel>>;
  /** Uploaded files by id, and where upload URLs point (this server's origin). */
  files: Map<string, LocalFile>;
  origin: string;
  /** Who a call's posts are by: the bot of the workspace its token was issued for (installs from a link); the local bot when unset. */
  author?: MessageAuthor;
}

/** A handler returns the fields of an `ok: true` answer, or throws `WebApiRejection`. */
type Method = (args: WebApiArgs, ctx: MethodContext) => Record<string, unknown>;

/** The Web API methods the local workspace answers, by name. */
export const METHODS: Readonly<Record<string, Method>> = {
  'auth.test': () => ({
    url: LOCAL_WORKSPACE.url,
    team: LOCAL_WORKSPACE.teamName,
    user: LOCAL_WORKSPACE.botName,
    team_id: LOCAL_WORKSPACE.teamId,
    user_id: LOCAL_WORKSPACE.botUserId,
    bot_id: LOCAL_WORKSPACE.botId,
    app_id: LOCAL_WORKSPACE.appId,
    app_name: LOCAL_WORKSPACE.botName,
    is_enterprise_install: false,
  }),

  'files.getUploadURLExternal': (args, { files, origin }) => {
    const filename = requireArg(args, 'filename', 'invalid_arguments');
    const length = Number(requireArg(args, 'length', 'invalid_arguments'));
    if (!Number.isInteger(length) || length <= 0) throw new WebApiRejection('invalid_arguments');
    const id = `F${String(files.size + 1).padStart(9, '0')}`;
    files.set(id, { id, filename, length, completed: false, ...(stringArg(args, 'alt_text') ? { alt_text: stringArg(args, 'alt_text') } : {}) });
    return { upload_url: `${origin}/upload/${id}`, file_id: id };
  },

  'files.completeUploadExternal': (args, { files, workspace, author }) => {
    const listed = Array.isArray(args.files) ? args.files : [];
    if (listed.length === 0) throw new WebApiRejection('invalid_arguments');
    const done = listed.map((entry: unknown) => {
      const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : '';
      const file = files.get(id);
      // Slack refuses a file whose bytes never arrived (or arrived short).
      if (!file?.bytes || file.bytes.length !== file.length) throw new WebApiRejection('file_not_found');
      file.completed = true;
      if (isRecord(entry) && typeof entry.title === 'string') file.title = entry.title;
      return file;
    });
    const channel = stringArg(args, 'channel_id');
    if (channel !== undefined) {
      const thread = stringArg(args, 'thread_ts');
      const message = workspace.post(channel, { text: stringArg(args, 'initial_comment') ?? '', thread_ts: thread }, author);
      message.files = done.map((f) => ({ id: f.id, name: f.filename, title: f.title ?? f.filename }));
      for (const f of done) Object.assign(f, { channel, ...(thread ? { thread_ts: thread } : {}) });
    }
    return { files: done.map((f) => ({ id: f.id, name: f.filename, title: f.title ?? f.filename })) };
  },

  'chat.postMessage': (args, { workspace, author }) => {
    const channel = requireChannel(args);
    const message = workspace.post(channel, { ...messageContent(args), thread_ts: stringArg(args, 'thread_ts') }, author);
    return { channel, ts: message.ts, message };
  },

  'chat.postEphemeral': (args, { workspace }) => {
    requireChannel(args);
    requireArg(args, 'user', 'user_not_found');
    messageContent(args);
    // Ephemeral messages are never listed by conversations.history; only their ts is allocated.
    return { message_ts: workspace.nextTs() };
  },

  'chat.update': (args, { workspace }) => {
    const channel = requireChannel(args);
    const message = workspace.update(channel, requireArg(args, 'ts', 'message_not_found'), messageContent(args));
    return { channel, ts: message.ts, text: message.text, message };
  },

  'chat.delete': (args, { workspace }) => {
    const channel = requireChannel(args);
    const ts = requireArg(args, 'ts', 'message_not_found');
    workspace.delete(channel, ts);
    return { channel, ts };
  },

  'chat.getPermalink': (args, { workspace }) => {
    const channel = requireChannel(args);
    const ts = requireArg(args, 'message_ts', 'message_not_found');
    if (!workspace.find(channel, ts)) throw new WebApiRejection('message_not_found');
    return { channel, permalink: `${LOCAL_WORKSPACE.url}archives/${channel}/p${ts.replace('.', '')}` };
  },

  'conversations.history': (args, { workspace }) => {
    const messages = workspace.history(requireChannel(args)).filter(withinRange(args));
    return page(messages.map(metadataFilter(args)), args);
  },

  // The app's direct message with a person: the local workspace keeps it under the person's id, where
  // chat.postMessage to that id puts it (Slack names it D…; Radar only passes the id back).
  'conversations.open': (args, { users }) => {
    const id = requireArg(args, 'users', 'user_not_found').split(',')[0] ?? '';
    if (!users[id]) throw new WebApiRejection('user_not_found');
    return { channel: { id } };
  },

  'conversations.replies': (args, { workspace }) => {
    const thread = workspace.thread(requireChannel(args), requireArg(args, 'ts', 'thread_not_found'));
    return page(thread.filter(withinRange(args)).map(metadataFilter(args)), args);
  },

  'conversations.info': (args, { channels }) => {
    const id = requireChannel(args);
    const known = channels[id];
    const isPrivate = known?.is_private ?? id.startsWith('G');
    return {
      channel: {
        id,
        name: known?.name ?? id.toLowerCase(),
        is_channel: !isPrivate,
        is_group: isPrivate,
        is_im: id.startsWith('D'),
        is_private: isPrivate,
        is_archived: false,
        is_member: true,
        context_team_id: LOCAL_WORKSPACE.teamId,
      },
    };
  },

  // The person's channels among those the workspace knows (a channel without a member list has everyone).
  'users.conversations': (args, { channels, users }) => {
    const user = stringArg(args, 'user');
    const only = user === undefined ? undefined : users[user]?.channels;
    const types = (stringArg(args, 'types') ?? 'public_channel').split(',');
    const found = Object.entries(channels)
      .filter(([, c]) => types.includes(c.is_private ? 'private_channel' : 'public_channel'))
      .filter(([id, c]) => (only ? only.includes(id) : user === undefined || c.members === undefined || c.members.includes(user)))
      .map(([id, c]) => ({ id, name: c.name, is_channel: !c.is_private, is_group: Boolean(c.is_private), is_private: Boolean(c.is_private), is_member: true }));
    const limit = integerArg(args, 'limit', 100);
    const offset = Number(Buffer.from(stringArg(args, 'cursor') ?? '', 'base64').toString('utf8').replace('offset:', '')) || 0;
    const more = offset + limit < found.length;
    return { channels: found.slice(offset, offset + limit), response_metadata: { next_cursor: more ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '' } };
  },

  'users.info': (args, { users }) => {
    const id = requireArg(args, 'user', 'user_not_found');
    const user = users[id];
    if (!user) throw new WebApiRejection('user_not_found');
    return { user: userObject(id, user) };
  },

  // Every person of the workspace (bots and deactivated accounts included, as Slack lists them), paged by cursor.
  'users.list': (args, { users }) => {
    const all = Object.entries(users).map(([id, user]) => userObject(id, user));
    const limit = Math.max(1, integerArg(args, 'limit', 100));
    const cursor = stringArg(args, 'cursor') ?? '';
    const offset = cursor === '' ? 0 : Number(Buffer.from(cursor, 'base64').toString('utf8').replace('offset:', ''));
    if (!Number.isInteger(offset) || offset < 0) throw new WebApiRejection('invalid_cursor');
    const more = offset + limit < all.length;
    return { members: all.slice(offset, offset + limit), cache_ts: 0, response_metadata: { next_cursor: more ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '' } };
  },

  'views.open': (args, { workspace }) => {
    requireArg(args, 'trigger_id', 'invalid_trigger_id');
    return { view: workspace.openView(requireView(args)) };
  },

  'views.push': (args, { workspace }) => {
    requireArg(args, 'trigger_id', 'invalid_trigger_id');
    const current = workspace.latestView();
    if (!current) throw new WebApiRejection('not_found');
    return { view: workspace.openView(requireView(args), current) };
  },

  // The Home tab of one person: published afresh each time (the last one is kept, by user).
  'views.publish': (args, { workspace }) => {
    const user = requireArg(args, 'user_id', 'user_not_found');
    return { view: workspace.publishHome(user, requireView(args)) };
  },

  'views.update': (args, { workspace }) => {
    const viewId = stringArg(args, 'view_id');
    const externalId = stringArg(args, 'external_id');
    if (viewId === undefined && externalId === undefined) throw new WebApiRejection('invalid_arguments', ['view_id or external_id is required']);
    return { view: workspace.updateView({ viewId, externalId }, requireView(args), stringArg(args, 'hash')) };
  },
};

function requireArg(args: WebApiArgs, key: string, error: string): string {
  const value = stringArg(args, key);
  if (value === undefined) throw new WebApiRejection(error, [`missing required field: ${key}`]);
  return value;
}

function requireChannel(args: WebApiArgs): string {
  return requireArg(args, 'channel', 'channel_not_found');
}

function requireView(args: WebApiArgs): Record<string, unknown> {
  const view = args.view;
  if (!isRecord(view)) throw new WebApiRejection('invalid_arguments', ['view must be a JSON object']);
  return view;
}

function messageContent(args: WebApiArgs): MessageContent {
  const blocks = Array.isArray(args.blocks) ? args.blocks : undefined;
  const metadata = isRecord(args.metadata) && typeof args.metadata.event_type === 'string'
    ? { event_type: args.metadata.event_type, event_payload: isRecord(args.metadata.event_payload) ? args.metadata.event_payload : {} }
    : undefined;
  if (blocks === undefined && stringArg(args, 'text') === undefined) throw new WebApiRejection('no_text');
  return { text: stringArg(args, 'text') ?? '', blocks, metadata };
}

/** `oldest`/`latest` bounds, exclusive unless `inclusive`. */
function withinRange(args: WebApiArgs): (m: StoredMessage) => boolean {
  const oldest = Number(stringArg(args, 'oldest') ?? '0');
  const latest = Number(stringArg(args, 'latest') ?? 'Infinity');
  const inclusive = booleanArg(args, 'inclusive');
  return (m) => {
    const ts = Number(m.ts);
    return inclusive ? ts >= oldest && ts <= latest : ts > oldest && ts < latest;
  };
}

/** Slack leaves `metadata` out of history unless `include_all_metadata` is set. */
function metadataFilter(args: WebApiArgs): (m: StoredMessage) => StoredMessage {
  if (booleanArg(args, 'include_all_metadata')) return (m) => m;
  return ({ metadata: _metadata, ...rest }) => rest;
}

/** Cursor pagination: the cursor is the offset of the next page. */
function page(messages: StoredMessage[], args: WebApiArgs): Record<string, unknown> {
  const limit = integerArg(args, 'limit', 100);
  const offset = Number(Buffer.from(stringArg(args, 'cursor') ?? '', 'base64').toString('utf8').replace('offset:', '')) || 0;
  const slice = messages.slice(offset, offset + limit);
  const hasMore = offset + limit < messages.length;
  return {
    messages: slice,
    has_more: hasMore,
    response_metadata: { next_cursor: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64') : '' },
  };
}

/** A person as `users.info` and `users.list` describe them. */
function userObject(id: string, user: LocalUser) {
  return {
    id,
    team_id: LOCAL_WORKSPACE.teamId,
    name: user.name,
    real_name: user.real_name,
    deleted: user.deleted ?? false,
    is_bot: user.is_bot ?? false,
    is_admin: user.is_admin ?? false,
    is_owner: user.is_owner ?? false,
    is_primary_owner: false,
    tz: user.tz ?? 'Europe/London',
    profile: { real_name: user.real_name, display_name: user.display_name ?? user.name },
  };
}
