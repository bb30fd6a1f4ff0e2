/**
 * A tiny scripted HTTP server on 127.0.0.1:0 for the client tests: each request is recorded and
 * answered by the next reply of a script (the last reply repeats), or by a function.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A JSON (or raw string) answer, an answer that never comes, or a socket destroyed before answering. */
export type Reply =
  | { status: number; json?: unknown; raw?: string; headers?: Record<string, string> }
  | { hang: true }
  | { destroy: true };

export interface ScriptedServer {
  /** The service root to hand to the client. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Script = readonly Reply[] | ((req: RecordedRequest, index: number) => Reply);

export function errorReply(status: number, code: string, message = `${code} happened`, headers?: Record<string, string>): Reply {
  return { status, json: { error: { code, message, status } }, ...(headers ? { headers } : {}) };
}

export async function startScriptedServer(script: Script, port = 0): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(recorded) - 1;
      const reply = typeof script === 'function' ? script(recorded, index) : script[Math.min(index, script.length - 1)];
      if (!reply || 'hang' in reply) return;
      if ('destroy' in reply) {
        req.socket.destroy();
        return;
      }
      const body = reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
      res.writeHead(reply.status, { 'content-type': reply.raw === undefined ? 'application/json' : 'text/html', ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nobody listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
