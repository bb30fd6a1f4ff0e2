/** Radar's answers at a response URL (`src/slack/respond.ts`), against a loopback server. */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { respondAt, ResponseUrlError } from '../../src/slack/respond.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(status: number): Promise<{ url: string; received: { method?: string; type?: string; body: string }[] }> {
  const received: { method?: string; type?: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'no_active_hooks');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/response/abc`, received };
}

describe('respondAt', () => {
  it('posts the message as JSON to the response URL', async () => {
    const { url, received } = await serve(200);
    await respondAt(url)({ response_type: 'ephemeral', text: 'Hello & <world>' });
    expect(received).toEqual([{ method: 'POST', type: 'application/json; charset=utf-8', body: '{"response_type":"ephemeral","text":"Hello & <world>"}' }]);
  });

  it('rejects when Slack does not answer 2xx (an expired response URL answers 404)', async () => {
    const { url } = await serve(404);
    const error = await respondAt(url)({ text: 'late' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseUrlError);
    expect(error).toMatchObject({ status: 404 });
  });
});
