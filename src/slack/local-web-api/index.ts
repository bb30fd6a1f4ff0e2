/**
 * A loopback stand-in of the Slack Web API. Bolt's WebClient talks to it through
 * `clientOptions.slackApiUrl`; console mode prints what it receives, tests record and check it.
 * It remembers posted messages and open modals so code can read them back like from Slack.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, parseJsonBody, stringArg } from './args.js';
import { WebApiRejection } from './errors.js';
import { Faults } from './faults.js';
import { METHODS } from './methods.js';
import { LocalOAuth, type LocalOAuthOptions } from './oauth.js';
import type { FailOptions, LocalChannel, LocalFile, LocalUser, StoredMessage, StoredView, WebApiArgs, WebApiCall } from './types.js';
import { Workspace } from './workspace.js';

export { WebApiRejection } from './errors.js';
export { LocalOAuth, type LocalGrant, type LocalOAuthOptions } from './oauth.js';
export { LOCAL_WORKSPACE } from './workspace.js';
export type { FailOptions, LocalChannel, LocalFile, LocalUser, StoredMessage, StoredView, WebApiArgs, WebApiCall } from './types.js';

export interface LocalWebApiOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Sees every call before it is answered; throwing `WebApiRejection` answers the call with that error. */
  onCall?: (call: WebApiCall) => void | Promise<void>;
  /** People `users.info` knows, by user id. */
  users?: Record<string, LocalUser>;
  /** Channel names `conversations.info` answers with, by channel id. */
  channels?: Record<string, LocalChannel>;
  /** Installs from a link: `oauth.v2.access` for these client credentials, `auth.test` and `auth.teams.list` per issued token. */
  oauth?: LocalOAuthOptions;
}

export interface LocalWebApi {
  /** Base URL ending in `/api/`, for Bolt's `clientOptions.slackApiUrl`. */
  readonly url: string;
  /** A URL on this server to use as a `response_url`; POSTs to it are calls of method `response_url`. */
  responseUrl(id?: string): string;
  /** Messages posted in a channel and still there, oldest first, thread replies included. */
  messages(channel: string): readonly StoredMessage[];
  /** A modal by view id or `external_id`. */
  view(idOrExternalId: string): StoredView | undefined;
  /** The modal most recently opened or pushed. */
  latestView(): StoredView | undefined;
  /** Puts a message written by `user` (not the bot) into `channel`, as if they had typed it. */
  postFrom(channel: string, user: string, text: string): StoredMessage;
  /** Files uploaded (files.getUploadURLExternal), with their bytes once POSTed, oldest first. */
  files(): readonly LocalFile[];
  /** A person's Home tab as last published (`views.publish`). */
  home(userId: string): StoredView | undefined;
  /** Makes the next matching call(s) fail with `error` (`ratelimited` answers HTTP 429). */
  failNext(method: string, options: FailOptions): void;
  /** Holds the next call of `method` for `ms` before answering. */
  delayNext(method: string, ms: number): void;
  /** Holds the next call of `method` until the returned function is called (a landing no clock decides). */
  holdNext(method: string): () => void;
  /** Every call naming `channel` fails with `error` until `allowChannel`. */
  denyChannel(channel: string, error: string): void;
  allowChannel(channel: string): void;
  /** Installs from a link (with `options.oauth`): grant codes, see tokens issued and refreshes made. */
  readonly oauth: LocalOAuth | null;
  close(): Promise<void>;
}

/** Starts the local Web API on 127.0.0.1. */
export async function startLocalWebApi(options: LocalWebApiOptions = {}): Promise<LocalWebApi> {
  const workspace = new Workspace();
  const faults = new Faults();
  const files = new Map<string, LocalFile>();
  const oauth = options.oauth ? new LocalOAuth(options.oauth) : null;
  const context = { workspace, users: options.users ?? {}, channels: options.channels ?? {}, files, origin: '' };
  const pendingDelays = new Set<NodeJS.Timeout>();
  let responseUrlCount = 0;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pendingDelays.delete(timer);
        resolve();
      }, ms);
      pendingDelays.add(timer);
    });

  async function answer(call: WebApiCall): Promise<Answer> {
    try {
      await options.onCall?.(call);
      const hold = faults.takeDelay(call.method);
      if (typeof hold !== 'number') await hold;
      else if (hold > 0) await delay(hold);
      const fault = faults.takeFault(call.method, stringArg(call.args, 'channel'), call.args);
      if (fault?.retryAfter !== undefined) {
        return { status: 429, headers: { 'Retry-After': String(fault.retryAfter) }, body: { ok: false, error: fault.error } };
      }
      if (fault) throw new WebApiRejection(fault.error);
      if (call.method === 'response_url') return { status: 200, body: { ok: true } };
      // The code (or refresh token) and the client's credentials authenticate this one, not a token.
      if (call.method === 'oauth.v2.access' && oauth) return { status: 200, body: { ok: true, ...oauth.access(call.args) } };
      if (call.method === 'auth.test' && oauth && call.token !== undefined) {
        const answer = oauth.authTest(call.token);
        if (answer) return { status: 200, body: { ok: true, ...answer } };
      }
      if (call.method === 'auth.teams.list' && oauth && call.token !== undefined) {
        const answer = oauth.teamsList(call.token, call.args);
        if (answer) return { status: 200, body: { ok: true, ...answer } };
      }
      if (call.token === undefined) throw new WebApiRejection('not_authed');
      const method = METHODS[call.method];
      if (!method) throw new WebApiRejection('unknown_method');
      // A token issued by an install posts as that workspace's bot (the bot_id its auth.test answers).
      const author = oauth?.authorOf(call.token);
      return { status: 200, body: { ok: true, ...method(call.args, author ? { ...context, author } : context) } };
    } catch (error) {
      if (!(error instanceof WebApiRejection)) throw error;
      const body = { ok: false, error: error.error, ...(error.details.length > 0 && { response_metadata: { messages: error.details } }) };
      // Slack answers a dead response_url with 404; Web API errors come with 200.
      return { status: call.method === 'response_url' ? 404 : 200, body };
    }
  }

  const server = createServer((req, res) => {
    const upload = /^\/upload\/(F\w+)$/.exec(req.url ?? '');
    if (upload) {
      receiveUpload(req, res, files.get(upload[1] ?? '')).catch((error: unknown) => {
        send(res, { status: 500, body: { ok: false, error: 'internal_error', detail: String(error) } });
      });
      return;
    }
    handle(req, res, answer).catch((error: unknown) => {
      send(res, { status: 500, body: { ok: false, error: 'internal_error', detail: String(error) } });
    });
  });
  // As Slack's: the client closes an idle connection first (undici after 4 s), never both at once
  // (Node's default 5 s raced requests into ECONNRESET on a busy machine).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context.origin = origin;

  return {
    url: `${origin}/api/`,
    responseUrl: (id) => `${origin}/response/${encodeURIComponent(id ?? `r${++responseUrlCount}`)}`,
    messages: (channel) => workspace.messages(channel),
    view: (idOrExternalId) => workspace.findView(idOrExternalId),
    latestView: () => workspace.latestView(),
    home: (userId) => workspace.home(userId),
    files: () => [...files.values()],
    postFrom: (channel, user, text) => workspace.postFrom(channel, user, text),
    failNext: (method, failOptions) => faults.failNext(method, failOptions),
    delayNext: (method, ms) => faults.delayNext(method, ms),
    holdNext: (method) => faults.holdNext(method),
    denyChannel: (channel, error) => faults.denyChannel(channel, error),
    allowChannel: (channel) => faults.allowChannel(channel),
    oauth,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pendingDelays) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
}

async function handle(req: IncomingMessage, res: ServerResponse, answer: (call: WebApiCall) => Promise<Answer>): Promise<void> {
  const at = Date.now();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const apiMatch = /^\/api\/([\w.]+)$/.exec(url.pathname);
  const responseMatch = /^\/response\/(.+)$/.exec(url.pathname);
  if (!apiMatch && !responseMatch) {
    send(res, { status: 404, body: { ok: false, error: 'not_found' } });
    return;
  }
  let args: WebApiArgs;
  try {
    args = { ...parseForm(url.search), ...parseBody(req.headers['content-type'], await readBody(req)) };
  } catch {
    send(res, { status: 200, body: { ok: false, error: 'invalid_json' } });
    return;
  }
  const token = bearerToken(req.headers.authorization) ?? stringArg(args, 'token');
  delete args.token;
  const call: WebApiCall = apiMatch
    ? { method: apiMatch[1] ?? '', args, token, at }
    : { method: 'response_url', args, token, responseUrlId: decodeURIComponent(responseMatch?.[1] ?? ''), at };
  const answered = await answer(call);
  // Kept on the recorded call (the same object `onCall` saw), so a test can read e.g. the id of the
  // view a `views.open` created.
  call.response = answered.body;
  send(res, answered);
}

/**
 * A POST of a file's bytes to its upload URL: the raw body, or the file part of a multipart body
 * (the WebClient sends one). Slack answers 200 with a short text; an unknown file is a 404.
 */
async function receiveUpload(req: IncomingMessage, res: ServerResponse, file: LocalFile | undefined): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  const raw = Buffer.concat(chunks);
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(req.headers['content-type'] ?? '');
  file.bytes = boundary ? filePart(raw, boundary[1] ?? boundary[2] ?? '') : raw;
  res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`OK - ${file.bytes.length}`);
}

/** The first part of a multipart body, without its headers. */
function filePart(body: Buffer, boundary: string): Buffer {
  const delimiter = Buffer.from(`--${boundary}`);
  const start = body.indexOf(delimiter);
  const headersEnd = body.indexOf('\r\n\r\n', start);
  const end = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
  if (start < 0 || headersEnd < 0 || end < 0) return body;
  return body.subarray(headersEnd + 4, end);
}

function parseBody(contentType: string | undefined, body: string): WebApiArgs {
  if (body === '') return {};
  return contentType?.includes('application/json') ? parseJsonBody(body) : parseForm(body);
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, { status, headers, body }: Answer): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
