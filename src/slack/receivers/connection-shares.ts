/**
 * Connections shared fairly between clients (issue 33), so no client can lock the others out:
 *
 * - Each client address may have `maxConnectionsPerClient` connections served at once (default
 *   512, half the 1,024; at 128 a burst of 1,000 commands at once from one address was acked
 *   about 1.5x later at the median than with no shares, at 512 alike). Its next ones wait, unread
 *   (the server accepts them paused), and are served one by one as its own connections close; while a client has connections waiting, each answer
 *   begun on its connections says `Connection: close` and closes its connection, so a burst from
 *   one address (a load balancer, Slack's own bursts) flows through its share instead of being
 *   refused. Idle kept-alive connections close after the keep-alive timeout (5 s), as the answer's
 *   `Keep-Alive` header told the client: never abruptly, which would race a request the client is
 *   sending on them (measured: 216 of 5,000 commands lost). A connection waits at most
 *   `waitTimeoutMs` (the header timeout); past the waiting room's bound it is closed at once.
 *   Idle and slowloris connections hold only their client's share, until the keep-alive or header
 *   timeout closes them.
 * - A peer that is a trusted proxy (`client-address.ts`) is not held to a share (it carries many
 *   clients); its requests are counted instead by the client `X-Forwarded-For` names: past the
 *   share of requests under way, that client is answered 503 at once.
 * - `/healthz` keeps a reserve: once `maxConnections` are served, `healthReserve` more are taken
 *   that answer health only (anything else: 503 and closed), so a load balancer's checks are
 *   answered while the command path is saturated.
 *
 * Node's own `maxConnections` stays the hard ceiling of sockets (served, reserve and waiting).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../../log.js';
import { plainAddress, forwardedClient, type TrustedProxies } from './client-address.js';
import { sendJson } from './json-response.js';

export interface ShareLimits {
  /** Connections served at once, every client together. */
  maxConnections: number;
  /** Connections one client address may have served at once; 0 turns shares off. */
  maxConnectionsPerClient: number;
  /** Connections past `maxConnections` that answer `/healthz` only. */
  healthReserve: number;
  /** The longest a connection waits for its turn before it is closed. */
  waitTimeoutMs: number;
}

/** Sockets the server may hold at all: served, the health reserve and the waiting room. */
export function socketCeiling(limits: ShareLimits): number {
  return limits.maxConnections + limits.healthReserve + waitingRoom(limits).total;
}

/**
 * The waiting room: as many as can be served, all of it open to one client (only clients over their
 * share wait, so a client filling it takes nothing from those within theirs; half of it for one
 * client dropped 6% of a 1,000-command burst from one address).
 */
function waitingRoom(limits: ShareLimits): { total: number; perClient: number } {
  if (limits.maxConnectionsPerClient <= 0) return { total: 0, perClient: 0 };
  return { total: limits.maxConnections, perClient: limits.maxConnections };
}

interface Connection {
  client: string;
  /** Held to its client's share (false for a trusted proxy's, or with shares off). */
  shared: boolean;
  /** Taken into the health reserve: answers `/healthz` only. */
  reserve: boolean;
}

interface ClientState {
  served: Set<Socket>;
  waiting: Socket[];
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ConnectionShares {
  /** The request listener wrapped: each request is counted on its connection (and its forwarded client). */
  wrap(listener: Listener): Listener;
  /** Now: connections served, in the health reserve, and waiting. */
  counts(): { served: number; reserve: number; waiting: number };
  /** Closes every waiting connection (Node's HTTP server does not know them): call when the server closes. */
  closeWaiting(): void;
}

/**
 * Takes over `server`'s connections (call before it listens): each new one is served (handed to
 * Node's HTTP handling), kept waiting, or closed, as described above.
 */
export function shareConnections(
  server: Server,
  options: { limits: ShareLimits; trusted: TrustedProxies; logger: Logger; isHealth: (req: IncomingMessage) => boolean },
): ConnectionShares {
  const { limits, trusted, logger, isHealth } = options;
  const room = waitingRoom(limits);
  const sharesOn = limits.maxConnectionsPerClient > 0;
  const connections = new Map<Socket, Connection>();
  const clients = new Map<string, ClientState>();
  let served = 0;
  let reserve = 0;
  let waiting = 0;

  // Node hands every accepted socket to its HTTP connection listener; here they are accepted
  // paused and handed on only once served, so a waiting connection is never read.
  (server as unknown as { pauseOnConnect: boolean }).pauseOnConnect = true;
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');

  const refusals = { share: 0, cap: 0, waited: 0, forwarded: 0 };
  let lastLog = 0;
  const refused = (why: keyof typeof refusals, client: string) => {
    refusals[why]++;
    if (Date.now() - lastLog < 10_000) return;
    lastLog = Date.now();
    const counts = { ...refusals };
    for (const key of Object.keys(refusals) as (keyof typeof refusals)[]) refusals[key] = 0;
    if (counts.share + counts.waited + counts.forwarded > 0) {
      logger.warn("refused connections over a client's share", { client, maxConnectionsPerClient: limits.maxConnectionsPerClient, dropped: counts.share, waitedTooLong: counts.waited, forwardedRefused: counts.forwarded });
    }
    if (counts.cap > 0) logger.warn('refused connections over the cap', { maxConnections: limits.maxConnections, healthReserve: limits.healthReserve, dropped: counts.cap });
  };

  const stateOf = (client: string): ClientState => {
    let state = clients.get(client);
    if (!state) clients.set(client, (state = { served: new Set(), waiting: [] }));
    return state;
  };
  const forget = (client: string) => {
    const state = clients.get(client);
    if (state && state.served.size === 0 && state.waiting.length === 0) clients.delete(client);
  };
  const hasWaiting = (client: string) => (clients.get(client)?.waiting.length ?? 0) > 0;

  /** Closes a socket that has nothing under way (idle or never handed to HTTP). */
  const drop = (socket: Socket) => socket.destroy();

  const serve = (socket: Socket, client: string, shared: boolean) => {
    const inReserve = served >= limits.maxConnections;
    if (inReserve && reserve >= limits.healthReserve) {
      refused('cap', client);
      return drop(socket);
    }
    if (inReserve) reserve++;
    else served++;
    connections.set(socket, { client, shared, reserve: inReserve });
    if (shared) stateOf(client).served.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (inReserve) reserve--;
      else served--;
      if (!shared) return;
      const state = clients.get(client);
      state?.served.delete(socket);
      next(client);
      forget(client);
    });
    for (const listener of httpListeners) listener.call(server, socket);
    socket.resume();
  };

  /** Serves the next connection `client` has waiting, if its share has room. */
  const next = (client: string) => {
    const state = clients.get(client);
    while (state && state.waiting.length > 0 && state.served.size < limits.maxConnectionsPerClient) {
      const socket = state.waiting.shift() as Socket;
      waiting--;
      const timer = waitTimers.get(socket);
      clearTimeout(timer);
      waitTimers.delete(socket);
      if (socket.destroyed) continue;
      serve(socket, client, true);
    }
  };

  const waitTimers = new Map<Socket, NodeJS.Timeout>();
  const wait = (socket: Socket, client: string) => {
    const state = stateOf(client);
    if (waiting >= room.total || state.waiting.length >= room.perClient) {
      refused('share', client);
      return drop(socket);
    }
    state.waiting.push(socket);
    waiting++;
    const leave = () => {
      const at = state.waiting.indexOf(socket);
      if (at === -1) return;
      state.waiting.splice(at, 1);
      waiting--;
      clearTimeout(waitTimers.get(socket));
      waitTimers.delete(socket);
      forget(client);
    };
    const timer = setTimeout(() => {
      leave();
      refused('waited', client);
      drop(socket);
    }, limits.waitTimeoutMs);
    timer.unref();
    waitTimers.set(socket, timer);
    socket.once('close', leave);
    socket.on('error', () => undefined);
  };

  server.on('connection', (socket: Socket) => {
    const client = plainAddress(socket.remoteAddress);
    const shared = sharesOn && !trusted.has(client);
    if (shared && (clients.get(client)?.served.size ?? 0) >= limits.maxConnectionsPerClient) return wait(socket, client);
    serve(socket, client, shared);
  });

  // Requests under way per forwarded client (behind a trusted proxy).
  const forwarded = new Map<string, number>();

  return {
    counts: () => ({ served, reserve, waiting }),
    closeWaiting() {
      for (const state of clients.values()) for (const socket of [...state.waiting]) socket.destroy();
    },
    wrap(listener) {
      return (req, res) => {
        const connection = connections.get(req.socket);
        if (connection) {
          if (connection.reserve || (connection.shared && hasWaiting(connection.client))) res.shouldKeepAlive = false;
          if (connection.reserve && !isHealth(req)) {
            sendJson(req, res, 503, { error: 'server_busy' }, { close: true, headers: { 'retry-after': '1' } });
            return;
          }
          if (!connection.shared && sharesOn && !isHealth(req) && trusted.has(connection.client)) {
            const who = forwardedClient(req, trusted);
            const under = forwarded.get(who) ?? 0;
            if (under >= limits.maxConnectionsPerClient) {
              refused('forwarded', who);
              sendJson(req, res, 503, { error: 'server_busy' }, { headers: { 'retry-after': '1' } });
              return;
            }
            forwarded.set(who, under + 1);
            res.once('close', () => {
              const left = (forwarded.get(who) ?? 1) - 1;
              if (left > 0) forwarded.set(who, left);
              else forwarded.delete(who);
            });
          }
        }
        listener(req, res);
      };
    },
  };
}
