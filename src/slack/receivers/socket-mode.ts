/**
 * Socket Mode: Bolt's SocketModeReceiver pointed at the configured Slack API (`SLACK_API_URL` reaches
 * `apps.connections.open` too, through `installerOptions.clientOptions`, the only options Bolt 5 hands
 * to the SocketModeClient's WebClient), with the connection state kept for `/healthz` and a bounded
 * first connection.
 *
 * What an operator sees when Slack cannot be reached at start: the health server is already up and
 * reports `socket: "connecting"` (ok: false) while Radar tries; if no connection is established within
 * `connectTimeoutMs` (or Slack refuses the app token outright), start fails with one line naming the
 * URL and the reason, and the process exits non-zero so a supervisor restarts it and the reason is in
 * its log. Once connected, a dropped connection is reconnected by the client for ever (as Bolt does)
 * and `/healthz` says `reconnecting` meanwhile. The app token never appears in that line or in a log
 * line (the logger redacts it; the failure line is scrubbed here as well, since it is printed directly).
 */
import type { Logger as BoltLogger } from '@slack/bolt';
import { SocketModeReceiver } from '../bolt.js';
import { payloadProblem } from '../payload-shape.js';

/** The client's own lifecycle states (see SocketModeClient), as `/healthz` reports them. */
export type SocketState = 'connecting' | 'connected' | 'reconnecting' | 'disconnecting' | 'disconnected';

const STATES: readonly SocketState[] = ['connecting', 'connected', 'reconnecting', 'disconnecting', 'disconnected'];

export interface SocketModeOptions {
  appToken: string;
  /** Where a malformed envelope is logged (one line each). */
  onMalformed?: (reason: string, envelopeId: string | null) => void;
  /** Base URL of the Slack Web API, ending in `/` (config.slack.apiUrl). */
  apiUrl: string;
  logger: BoltLogger;
  /** Bolt's clientPingTimeout: how long a pong may take, and the wait before each reconnect. */
  pingTimeoutMs: number;
}

export interface SocketMode {
  receiver: SocketModeReceiver;
  /** The connection's state now. */
  state(): SocketState;
  /** How many connections have been opened (each `hello` received), for health and logs. */
  connections(): number;
  /**
   * Runs `start` (the app's `start()`, which opens the first connection) and resolves once
   * connected; rejects with a `SocketModeStartError` after `timeoutMs` or on a refused token.
   */
  connect(start: () => Promise<unknown>, timeoutMs: number): Promise<void>;
}

/** Start could not connect; `message` is one line, safe to print. */
export class SocketModeStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SocketModeStartError';
  }
}

export function createSocketMode(options: SocketModeOptions): SocketMode {
  const receiver = new SocketModeReceiver({
    appToken: options.appToken,
    logger: options.logger,
    clientPingTimeout: options.pingTimeoutMs,
    // A fresh object: the client adds its own retry policy (many retries, for reconnecting) to it.
    installerOptions: { clientOptions: { slackApiUrl: options.apiUrl } },
  });
  screenEnvelopes(receiver, options.onMalformed ?? (() => undefined));
  let state: SocketState = 'connecting';
  let connections = 0;
  for (const name of STATES) {
    receiver.client.on(name, () => {
      state = name;
      if (name === 'connected') connections += 1;
    });
  }

  const scrub = (text: string) => (options.appToken.length >= 4 ? text.split(options.appToken).join('[redacted]') : text);
  const where = `apps.connections.open at ${options.apiUrl}`;

  return {
    receiver,
    state: () => state,
    connections: () => connections,
    async connect(start, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const started = start().then(
        () => 'connected' as const,
        (error: unknown) => error,
      );
      try {
        const outcome = await Promise.race([started, timedOut]);
        if (outcome === 'connected') return;
        if (outcome === 'timeout') {
          throw new SocketModeStartError(
            scrub(`Socket Mode did not connect to Slack within ${formatSeconds(timeoutMs)} (${where}, then the WebSocket it names); check SLACK_API_URL and the network.`),
          );
        }
        throw new SocketModeStartError(scrub(`Socket Mode could not connect to Slack (${where}): ${reason(outcome)}.`));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Puts a check in front of the client's own handling of each WebSocket message: an envelope whose
 * payload Slack would never send (`payload-shape.ts`), or one the client would throw on (an Events
 * API envelope without an event), is acknowledged (when it names an envelope id) and dropped with
 * one log line, instead of never being acknowledged. `hello`, `disconnect` and everything well
 * formed go on to the client as before.
 */
function screenEnvelopes(receiver: SocketModeReceiver, onMalformed: (reason: string, envelopeId: string | null) => void): void {
  const client = receiver.client;
  const handlers = client.listeners('ws_message') as ((data: unknown, isBinary: boolean) => unknown)[];
  client.removeAllListeners('ws_message');
  client.on('ws_message', (data: unknown, isBinary: boolean) => {
    const problem = envelopeProblem(data, isBinary);
    if (problem) {
      onMalformed(problem.reason, problem.envelopeId);
      // The client's own ack (`send(envelope_id, payload)`, what its `ack()` calls; private in its types).
      if (problem.envelopeId) void (client as unknown as { send(id: string, body: object): Promise<void> }).send(problem.envelopeId, {}).catch(() => undefined);
      return;
    }
    for (const handler of handlers) void handler.call(client, data, isBinary);
  });
}

const ENVELOPE_TYPES = new Set(['events_api', 'slash_commands', 'interactive']);

function envelopeProblem(data: unknown, isBinary: boolean): { reason: string; envelopeId: string | null } | null {
  if (isBinary) return null;
  let message: unknown;
  try {
    message = JSON.parse(typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  } catch {
    return { reason: 'a WebSocket message that is not JSON', envelopeId: null };
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return { reason: 'a WebSocket message that is not an object', envelopeId: null };
  const envelope = message as Record<string, unknown>;
  if (!ENVELOPE_TYPES.has(String(envelope.type))) return null;
  const envelopeId = typeof envelope.envelope_id === 'string' && envelope.envelope_id !== '' ? envelope.envelope_id : null;
  if (!envelopeId) return { reason: `a ${String(envelope.type)} envelope without an envelope_id`, envelopeId: null };
  const problem = payloadProblem(envelope.payload);
  if (problem) return { reason: problem, envelopeId };
  if (envelope.type === 'events_api' && (envelope.payload as Record<string, unknown>).type !== 'event_callback') return { reason: 'an events_api envelope without an event callback', envelopeId };
  return null;
}

/** Slack's error code when it answered, else the error's first line. */
function reason(error: unknown): string {
  const code = (error as { data?: { error?: unknown } } | null)?.data?.error;
  if (typeof code === 'string') {
    const tokenProblem = ['not_authed', 'invalid_auth', 'account_inactive', 'user_removed_from_team', 'team_disabled'].includes(code);
    return tokenProblem ? `Slack answered ${code} (check SLACK_APP_TOKEN: an app-level token with connections:write)` : `Slack answered ${code}`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
