/**
 * HTTP mode: Bolt's HTTPReceiver (signature verification always on) behind our own node:http server,
 * which also answers `GET /healthz`. Port 0 picks a free port (tests); `url` says which.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTPReceiver } from '@slack/bolt';
import type { Logger as BoltLogger } from '@slack/bolt';

export const SLACK_EVENTS_PATH = '/slack/events';

export interface HealthReport {
  ok: boolean;
  [key: string]: unknown;
}

export function createHttpReceiver(signingSecret: string, logger: BoltLogger): HTTPReceiver {
  return new HTTPReceiver({
    signingSecret,
    endpoints: SLACK_EVENTS_PATH,
    logger,
    signatureVerification: true,
    processBeforeResponse: false,
  });
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Serves `/healthz` and hands every other request to `slackListener` (absent in Socket Mode). */
export async function startHttpServer(options: {
  port: number;
  health: () => Promise<HealthReport>;
  slackListener?: HTTPReceiver['requestListener'];
}): Promise<RunningServer> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/healthz' || req.url?.startsWith('/healthz?'))) {
      options.health().then(
        (report) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(report));
        },
        () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok: false }));
        },
      );
      return;
    }
    if (options.slackListener) {
      options.slackListener(req, res);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not_found' }));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
