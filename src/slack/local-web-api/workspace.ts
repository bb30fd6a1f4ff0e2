import { WebApiRejection } from './errors.js';
import type { StoredMessage, StoredView } from './types.js';

/** What a post or an update sets on a message. */
export type MessageContent = Pick<StoredMessage, 'text' | 'blocks' | 'metadata'>;

/** The made-up workspace and bot identity the local Web API answers as. */
export const LOCAL_WORKSPACE = {
  teamId: 'T0RADAR001',
  teamDomain: 'example',
  teamName: 'Example',
  url: 'https://example.slack.com/',
  appId: 'A0RADAR001',
  botId: 'B0RADAR001',
  botUserId: 'U0RADARBOT',
  botName: 'radar',
} as const;

/** Who posts a message: the local workspace's bot, or (installs from a link) the bot of the workspace a token was issued for. */
export interface MessageAuthor {
  botId: string;
  botUserId: string;
  teamId: string;
  appId: string;
}

const LOCAL_AUTHOR: MessageAuthor = { botId: LOCAL_WORKSPACE.botId, botUserId: LOCAL_WORKSPACE.botUserId, teamId: LOCAL_WORKSPACE.teamId, appId: LOCAL_WORKSPACE.appId };

/**
 * The memory of the local workspace: messages per channel (oldest first, thread replies
 * included) and open modals. It knows Slack's rules for these (unique increasing `ts`, view
 * hashes) but nothing about HTTP.
 */
export class Workspace {
  private readonly messagesByChannel = new Map<string, StoredMessage[]>();
  private readonly views = new Map<string, StoredView>();
  /** Each person's Home tab as last published (kept apart from modals: `latestView` never returns one). */
  private readonly homes = new Map<string, StoredView>();
  private lastTsMicros = 0;
  private viewCount = 0;

  /** Messages posted in `channel`, oldest first, thread replies included. */
  messages(channel: string): StoredMessage[] {
    return this.messagesByChannel.get(channel) ?? [];
  }

  post(channel: string, fields: MessageContent & { thread_ts?: string }, author: MessageAuthor = LOCAL_AUTHOR): StoredMessage {
    if (fields.thread_ts !== undefined && !this.find(channel, fields.thread_ts)) {
      throw new WebApiRejection('thread_not_found');
    }
    const message: StoredMessage = {
      type: 'message',
      ts: this.nextTs(),
      user: author.botUserId,
      bot_id: author.botId,
      app_id: author.appId,
      team: author.teamId,
      text: fields.text,
      ...withoutUndefined({ blocks: fields.blocks, metadata: fields.metadata, thread_ts: fields.thread_ts }),
    };
    const list = this.messagesByChannel.get(channel) ?? [];
    list.push(message);
    this.messagesByChannel.set(channel, list);
    return message;
  }

  /** A message a person wrote (the console's `/shortcut` acts on one); no Web API call is made. */
  postFrom(channel: string, user: string, text: string): StoredMessage {
    const message: StoredMessage = { ...this.post(channel, { text }), user };
    delete (message as Partial<StoredMessage>).bot_id;
    delete (message as Partial<StoredMessage>).app_id;
    const list = this.messagesByChannel.get(channel) ?? [];
    list[list.length - 1] = message;
    return message;
  }

  update(channel: string, ts: string, fields: MessageContent): StoredMessage {
    const message = this.find(channel, ts);
    if (!message) throw new WebApiRejection('message_not_found');
    Object.assign(message, withoutUndefined(fields), { edited: { user: LOCAL_WORKSPACE.botUserId, ts: this.nextTs() } });
    return message;
  }

  delete(channel: string, ts: string): void {
    const list = this.messagesByChannel.get(channel) ?? [];
    const index = list.findIndex((m) => m.ts === ts);
    if (index < 0) throw new WebApiRejection('message_not_found');
    list.splice(index, 1);
  }

  find(channel: string, ts: string): StoredMessage | undefined {
    return this.messages(channel).find((m) => m.ts === ts);
  }

  /** Top-level messages of a channel, newest first, as `conversations.history` lists them. */
  history(channel: string): StoredMessage[] {
    return this.messages(channel)
      .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts)
      .map((m) => this.withThreadSummary(channel, m))
      .reverse();
  }

  /** A thread: its parent then its replies, oldest first. */
  thread(channel: string, ts: string): StoredMessage[] {
    const parent = this.find(channel, ts);
    if (!parent) throw new WebApiRejection('thread_not_found');
    const replies = this.messages(channel).filter((m) => m.thread_ts === ts && m.ts !== ts);
    return [this.withThreadSummary(channel, parent), ...replies];
  }

  openView(view: Record<string, unknown>, previous?: StoredView): StoredView {
    this.viewCount += 1;
    const id = `V0LOCAL${String(this.viewCount).padStart(4, '0')}`;
    const stored: StoredView = {
      ...view,
      type: typeof view.type === 'string' ? view.type : 'modal',
      blocks: Array.isArray(view.blocks) ? view.blocks : [],
      id,
      hash: this.nextHash(),
      team_id: LOCAL_WORKSPACE.teamId,
      app_id: LOCAL_WORKSPACE.appId,
      bot_id: LOCAL_WORKSPACE.botId,
      root_view_id: previous?.root_view_id ?? id,
      previous_view_id: previous?.id ?? null,
      state: { values: {} },
    };
    this.views.set(id, stored);
    return stored;
  }

  /** Publishes `user`'s Home tab: the same view id each time, new content and hash. */
  publishHome(user: string, view: Record<string, unknown>): StoredView {
    const current = this.homes.get(user);
    const id = current?.id ?? `V0HOME${String(this.homes.size + 1).padStart(4, '0')}`;
    const stored: StoredView = {
      ...view,
      type: 'home',
      blocks: Array.isArray(view.blocks) ? view.blocks : [],
      id,
      hash: this.nextHash(),
      team_id: LOCAL_WORKSPACE.teamId,
      app_id: LOCAL_WORKSPACE.appId,
      bot_id: LOCAL_WORKSPACE.botId,
      root_view_id: id,
      previous_view_id: null,
      state: { values: {} },
    };
    this.homes.set(user, stored);
    return stored;
  }

  /** `user`'s Home tab as last published. */
  home(user: string): StoredView | undefined {
    return this.homes.get(user);
  }

  /** Replaces a view's content, keeping its id; a `hash` that is not the current one is refused. */
  updateView(key: { viewId?: string; externalId?: string }, view: Record<string, unknown>, hash?: string): StoredView {
    const current = key.viewId !== undefined ? this.views.get(key.viewId) : this.findView(key.externalId);
    if (!current) throw new WebApiRejection('not_found');
    if (hash !== undefined && hash !== current.hash) throw new WebApiRejection('hash_conflict');
    const updated: StoredView = {
      ...view,
      type: typeof view.type === 'string' ? view.type : current.type,
      blocks: Array.isArray(view.blocks) ? view.blocks : [],
      id: current.id,
      hash: this.nextHash(),
      team_id: current.team_id,
      app_id: current.app_id,
      bot_id: current.bot_id,
      root_view_id: current.root_view_id,
      previous_view_id: current.previous_view_id,
      state: current.state,
    };
    this.views.set(current.id, updated);
    return updated;
  }

  /** A view by id or by `external_id`. */
  findView(idOrExternalId: string | undefined): StoredView | undefined {
    if (idOrExternalId === undefined) return undefined;
    return this.views.get(idOrExternalId) ?? [...this.views.values()].find((v) => v.external_id === idOrExternalId);
  }

  /** The view most recently opened or pushed: what a user would be looking at. */
  latestView(): StoredView | undefined {
    return [...this.views.values()].at(-1);
  }

  private withThreadSummary(channel: string, message: StoredMessage): StoredMessage {
    const replies = this.messages(channel).filter((m) => m.thread_ts === message.ts && m.ts !== message.ts);
    const last = replies.at(-1);
    if (!last) return message;
    return { ...message, thread_ts: message.ts, reply_count: replies.length, latest_reply: last.ts };
  }

  /** Slack's `ts`: seconds with six decimals, unique and increasing within the workspace. */
  nextTs(): string {
    this.lastTsMicros = Math.max(Date.now() * 1000, this.lastTsMicros + 1);
    const seconds = Math.floor(this.lastTsMicros / 1_000_000);
    const micros = String(this.lastTsMicros % 1_000_000).padStart(6, '0');
    return `${seconds}.${micros}`;
  }

  private nextHash(): string {
    return `${this.nextTs()}.${Math.random().toString(36).slice(2, 10)}`;
  }
}

function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
