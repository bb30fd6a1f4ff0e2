/**
 * The edge's GET pages (OAuth mode's /slack/install and /slack/oauth_redirect): served to GET only
 * (405 with Allow otherwise), a page's error is a 500 with one log line and the server goes on, and
 * a page may not take a path the edge serves already.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { startHttpServer, type Handler, type RunningServer } from '../../../src/slack/receivers/http-server.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('GET pages at the edge', () => {
  it('serves a page to GET, 405 to other methods, a 500 for a page that fails, and never a second /healthz', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', sink: (l) => lines.push(l), secrets: [] });
    const pages = new Map<string, Handler>([
      ['/slack/install', (_req, res) => void res.writeHead(302, { location: 'https://slack.com/oauth/v2/authorize' }).end('')],
      ['/slack/oauth_redirect', async () => Promise.reject(new Error('the store is not answering'))],
    ]);
    const server = await startHttpServer({ port: 0, host: '127.0.0.1', health: async () => ({ ok: true }), logger, pages });
    servers.push(server);

    const install = await fetch(`${server.url}/slack/install`, { redirect: 'manual' });
    expect(install.status).toBe(302);
    const post = await fetch(`${server.url}/slack/install`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    const failing = await fetch(`${server.url}/slack/oauth_redirect?code=x&state=y`);
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ error: 'internal' });
    expect(lines.filter((l) => l.includes('HTTP request failed'))).toHaveLength(1);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await expect(
      startHttpServer({ port: 0, host: '127.0.0.1', health: async () => ({ ok: true }), logger, pages: new Map([['/healthz', () => undefined]]) }),
    ).rejects.toThrow(/serves \/healthz already/);
  });
});
