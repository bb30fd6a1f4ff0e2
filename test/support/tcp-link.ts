/**
 * A loopback TCP relay in front of a real server (Redis), so a test can fault only its own
 * connections: `freeze` holds every byte both ways while keeping the sockets open (a frozen Redis,
 * as under SIGSTOP or `CLIENT PAUSE`), `thaw` delivers what was held, `cut` drops every connection
 * and refuses new ones (Redis down), `restore` listens again on the same port.
 *
 * Why not `CLIENT PAUSE ALL` on the shared Redis: it pauses every client of that Redis, so the
 * other test files running in parallel (and anything else on it) would stall too.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpLink {
  /** The target URL with the relay's host and port (path kept, e.g. a Redis database). */
  readonly url: string;
  freeze(): void;
  thaw(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Bytes held while frozen, in order, with the socket they are for. */
  held: { to: Socket; data: Buffer }[];
}

export async function startTcpLink(targetUrl: string): Promise<TcpLink> {
  const target = new URL(targetUrl);
  const pairs = new Set<Pair>();
  let frozen = false;
  let server: Server | null = null;
  let port = 0;

  const relay = (pair: Pair, to: Socket) => (data: Buffer) => {
    if (frozen) pair.held.push({ to, data });
    else to.write(data);
  };

  const accept = (client: Socket) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 6379) });
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    client.on('data', relay(pair, upstream));
    upstream.on('data', relay(pair, client));
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of [client, upstream]) socket.on('error', end).on('close', end);
  };

  const listen = async () => {
    const next = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as { port: number }).port;
    server = next;
  };
  const stopListening = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  const dropAll = () => {
    for (const pair of [...pairs]) {
      pair.client.destroy();
      pair.upstream.destroy();
      pairs.delete(pair);
    }
  };

  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString().replace(/\/$/, ''),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        for (const { to, data } of pair.held.splice(0)) to.write(data);
      }
    },
    async cut() {
      const closing = stopListening();
      dropAll();
      await closing;
    },
    async restore() {
      if (!server) await listen();
    },
    async close() {
      frozen = false;
      const closing = stopListening();
      dropAll();
      await closing;
    },
  };
}
