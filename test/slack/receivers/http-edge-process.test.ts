/**
 * The requests that used to end the process (Bolt's HTTPReceiverDeferredRequestError thrown from
 * the request listener), sent to Radar as a real child process started from its real entry
 * (dist/main.js). That entry logs an uncaught exception and keeps serving, so surviving is not
 * enough: no such line may have been logged, which proves the edge itself never throws.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { answerTo, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { replyText } from '../../support/radar-harness.js';
import { BUILD_TIMEOUT_MS, buildRadar, spawnRadar, type RadarProcess } from '../../chaos/support/radar-processes.js';
import { MiB, chunkedBody, rawRequest, requestHead } from './raw-http.js';

describe('a Radar process at its HTTP edge', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let dir: string;
  let radar: RadarProcess;
  beforeAll(async () => {
    await buildRadar();
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    dir = mkdtempSync(join(tmpdir(), 'radar-edge-'));
    radar = await spawnRadar({ name: 'edge', sandbox, slack, storeUrl: `sqlite://${join(dir, 'radar.sqlite')}`, storePrefix: '' });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await radar?.stop();
    await slack?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers favicon, HEAD, OPTIONS, garbage and oversized requests, and is still alive and serving', async () => {
    const statuses = [
      (await fetch(`${radar.url}/favicon.ico`)).status,
      (await fetch(`${radar.url}/healthz`, { method: 'HEAD' })).status,
      (await fetch(`${radar.url}/slack/events`, { method: 'OPTIONS' })).status,
      (await rawRequest(radar.url, requestHead('GET // HTTP/1.1'))).status,
      (await rawRequest(radar.url, requestHead('FOO / HTTP/1.1'))).status,
      (await rawRequest(radar.url, 'not http at all\r\n\r\n')).status,
      (await rawRequest(radar.url, requestHead('POST /slack/events HTTP/1.1', { 'content-length': 600 * MiB }), { untilClosed: true })).status,
      (
        await rawRequest(
          radar.url,
          requestHead('POST /slack/events HTTP/1.1', {
            'transfer-encoding': 'chunked',
            'x-slack-signature': `v0=${'0'.repeat(64)}`,
            'x-slack-request-timestamp': Math.floor(Date.now() / 1000),
          }),
          { stream: chunkedBody(2 * MiB), untilClosed: true },
        )
      ).status,
    ];
    expect(statuses).toEqual([404, 200, 405, 404, 400, 400, 413, 413]);
    expect(radar.alive()).toBe(true);
    const ack = await radar.driver.command('help');
    expect(ack.status).toBe(200);
    const answer = await answerTo(slack, ack);
    expect(replyText(answer)).toContain('/radar');
    expect(radar.logged('unhandled rejection')).toEqual([]);
    expect(radar.logged('uncaught exception; Radar keeps serving')).toEqual([]);
  });
});
