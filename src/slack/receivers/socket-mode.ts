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
  /**
   * Claims an envelope's delivery (the store, shared by replicas): false when this `envelope_id`, or
   * for an Events API envelope its `event_id` (Slack's retries of an event come in new envelopes),
   * was seen before, and it is then acknowledged and dropped. Default: every envelope is new.
   */
  firstDelivery?: (delivery: Delivery) => Promise<boolean>;
  /** Where a dropped redelivery is logged. */
  onRedelivered?: (delivery: Delivery) => void;
  /** Base URL of the Slack Web API, ending in `/` (config.slack.apiUrl). */
  apiUrl: string;
  logger: BoltLogger;
  /** Bolt's clientPingTimeout: how long a pong may take, and the wait before each reconnect. */
  pingTimeoutMs: number;
}

/** What names one delivery over the socket: its envelope, and the event an Events API envelope carries. */
export interface Delivery {
  envelopeId: string;
  /** The `event_id` of an Events API envelope (null for commands and interactions). */
  eventId: string | null;
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
  screenEnvelopes(receiver, {
    onMalformed: options.onMalformed ?? (() => undefined),
    firstDelivery: options.firstDelivery ?? (async () => true),
    onRedelivered: options.onRedelivered ?? (() => undefined),
  });
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
        // A start that failed leaves the client holding its half-open socket; once that closes, the
        // client would try to reconnect on its own, and a reconnect that cannot reach Slack rejects
        // where nothing catches it. Told it is shutting down, it does not try.
        receiver.client.disconnect().catch(() => undefined);
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
 * one log line, instead of never being acknowledged; an envelope delivered before (its
 * `envelope_id` already claimed, across reconnects, restarts and replicas) is acknowledged and
 * dropped. `hello`, `disconnect` and everything else go on to the client as before.
 */
function screenEnvelopes(
  receiver: SocketModeReceiver,
  hooks: { onMalformed: (reason: string, envelopeId: string | null) => void; firstDelivery: (delivery: Delivery) => Promise<boolean>; onRedelivered: (delivery: Delivery) => void },
): void {
  const client = receiver.client;
  const handlers = client.listeners('ws_message') as ((data: unknown, isBinary: boolean) => unknown)[];
  // The client's own ack (`send(envelope_id, payload)`, what its `ack()` calls; private in its types).
  const ack = (envelopeId: string) => void (client as unknown as { send(id: string, body: object): Promise<void> }).send(envelopeId, {}).catch(() => undefined);
  const deliver = (data: unknown, isBinary: boolean) => {
    for (const handler of handlers) void handler.call(client, data, isBinary);
  };
  client.removeAllListeners('ws_message');
  client.on('ws_message', (data: unknown, isBinary: boolean) => {
    const screened = screen(data, isBinary);
    if (screened.problem) {
      hooks.onMalformed(screened.problem, screened.envelopeId);
      if (screened.envelopeId) ack(screened.envelopeId);
      return;
    }
    const envelopeId = screened.envelopeId;
    if (!envelopeId) return deliver(data, isBinary);
    const delivery: Delivery = { envelopeId, eventId: screened.eventId };
    void hooks.firstDelivery(delivery).then(
      (first) => {
        if (first) return deliver(data, isBinary);
        hooks.onRedelivered(delivery);
        ack(envelopeId);
      },
      () => deliver(data, isBinary),
    );
  });
}

const ENVELOPE_TYPES = new Set(['events_api', 'slash_commands', 'interactive']);

/**
 * An envelope's id (null for Slack's own messages: hello, disconnect), its event's id (Events API
 * envelopes), and what is wrong with it, if anything.
 */
function screen(data: unknown, isBinary: boolean): { problem: string | null; envelopeId: string | null; eventId: string | null } {
  if (isBinary) return { problem: null, envelopeId: null, eventId: null };
  let message: unknown;
  try {
    message = JSON.parse(typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  } catch {
    return { problem: 'a WebSocket message that is not JSON', envelopeId: null, eventId: null };
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return { problem: 'a WebSocket message that is not an object', envelopeId: null, eventId: null };
  const envelope = message as Record<string, unknown>;
  if (!ENVELOPE_TYPES.has(String(envelope.type))) return { problem: null, envelopeId: null, eventId: null };
  const envelopeId = typeof envelope.envelope_id === 'string' && envelope.envelope_id !== '' ? envelope.envelope_id : null;
  if (!envelopeId) return { problem: `a ${String(envelope.type)} envelope without an envelope_id`, envelopeId: null, eventId: null };
  const problem = payloadProblem(envelope.payload);
  if (problem) return { problem, envelopeId, eventId: null };
  if (envelope.type !== 'events_api') return { problem: null, envelopeId, eventId: null };
  const payload = envelope.payload as Record<string, unknown>;
  if (payload.type !== 'event_callback') return { problem: 'an events_api envelope without an event callback', envelopeId, eventId: null };
  const eventId = typeof payload.event_id === 'string' && payload.event_id !== '' ? payload.event_id : null;
  return { problem: null, envelopeId, eventId };
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
