/**
 * A real HTTP hop in front of the sandbox: every request is forwarded unchanged, except those a
 * `rewrite` rule answers itself (a status and JSON body) or whose sandbox answer it reshapes. Radar
 * then meets, over HTTP, an answer the sandbox never gives (`{ item: { success: false } }`, a
 * briefing in another house style), while everything else stays the sandbox's.
 *
 * Pass `{ ...sandbox, url: proxy.url }` as the harness's `sandbox`; close the proxy and the sandbox
 * yourself (the harness does not own them).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Rewrite {
  /** Answer without asking the sandbox: return a reply, or undefined to forward. */
  answer?(req: ProxiedRequest): { status: number; json: unknown } | undefined;
  /** Reshape the sandbox's JSON answer (2xx only): return the new body, or undefined to pass it through. */
  reshape?(req: ProxiedRequest, json: unknown): unknown;
}

export interface RewritingProxy {
  url: string;
  rewrite: Rewrite;
  close(): Promise<void>;
}

export async function startRewritingProxy(target: string, rewrite: Rewrite = {}): Promise<RewritingProxy> {
  const base = new URL(target);
  const proxy: RewritingProxy = { url: '', rewrite, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
      const own = proxy.rewrite.answer?.(seen);
      if (own) {
        res.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.json));
        return;
      }
      const path = base.pathname.replace(/\/$/, '') + seen.url;
      const headers = { ...req.headers, host: base.host };
      delete headers['content-length'];
      const body = Buffer.concat(chunks);
      const out = httpRequest({ hostname: base.hostname, port: base.port, method: seen.method, path, headers: { ...headers, 'content-length': String(body.length) } }, (upstream) => {
        const parts: Buffer[] = [];
        upstream.on('data', (c: Buffer) => parts.push(c));
        upstream.on('end', () => {
          const status = upstream.statusCode ?? 502;
          let text = Buffer.concat(parts).toString('utf8');
          if (status >= 200 && status < 300 && proxy.rewrite.reshape) {
            try {
              const changed = proxy.rewrite.reshape(seen, JSON.parse(text) as unknown);
              if (changed !== undefined) text = JSON.stringify(changed);
            } catch {
              // Not JSON: passed through as it came.
            }
          }
          const passed = { ...upstream.headers };
          delete passed['content-length'];
          delete passed['transfer-encoding'];
          res.writeHead(status, passed).end(text);
        });
      });
      out.on('error', () => res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'bad_gateway', message: 'proxy could not reach the sandbox', status: 502 } })));
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}${base.pathname.replace(/\/$/, '')}`;
  proxy.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return proxy;
}
