/** A stand-in of the Slack Web API for doctor tests: auth.test with an `x-oauth-scopes` header, apps.connections.open. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startSlackStandIn(opts: { botToken: string; appToken: string; scopes: string[] }): Promise<SlackStandIn> {
  const server = createServer((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0];
    req.resume();
    req.on('end', () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      let body: Record<string, unknown>;
      if (method === 'auth.test' && token === opts.botToken) {
        headers['x-oauth-scopes'] = opts.scopes.join(',');
        body = { ok: true, team: 'Acme', team_id: 'T1', user: 'radar', user_id: 'U1' };
      } else if (method === 'apps.connections.open' && token === opts.appToken) {
        body = { ok: true, url: 'wss://example.invalid/link' };
      } else {
        body = { ok: false, error: 'invalid_auth' };
      }
      res.writeHead(200, headers);
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
