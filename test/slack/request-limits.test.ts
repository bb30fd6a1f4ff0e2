/**
 * Fair use by limits, through each real edge: over HTTP (signed requests to Radar started through
 * `startRadar`), over Socket Mode (the stand-in) and in the console. Past a person's or a channel's
 * limit a request gets one sentence saying when to try again and nothing else happens: no store
 * write (not even the replay claim), no answer at the response URL, no service call. One person's
 * refused requests never count against their channel.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SEEN_NAMESPACE } from '../../src/slack/receivers/replay-guard.js';
import { senderOf } from '../../src/slack/request-limits.js';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack.js';
import { BOT_TOKEN, TEST_RETRY, TEST_TIMING, replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';
import { CHANNELS, USERS } from '../support/slack-fixtures.js';
import { startSocketModeStandin, type SocketModeStandin } from '../support/socket-mode-standin.js';

/** Three requests a person, five a channel, in a window no test run outlasts. */
const LIMITS = { personRequestsPerWindow: 3, channelRequestsPerWindow: 5, fairUseWindowMs: 600_000 };

describe('fair use over HTTP', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ timing: LIMITS });
  });
  afterAll(() => h?.stop());

  it('past a person’s limit: one ephemeral sentence in the ack, nothing stored, nothing answered later, nothing asked of the service', async () => {
    for (let i = 0; i < 3; i++) expect(replyText(await h.command('help', { user: USERS.alice }))).toContain('/radar');
    const claims = (await h.radar.deps.store.entries(SEEN_NAMESPACE)).length;
    const serviceCalls = h.sandbox.control.requests().length;
    const refused = await h.driver.command('pricing --project northwind', { user: USERS.alice });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ response_type: 'ephemeral', text: expect.stringMatching(/^You have sent Radar 3 requests in 600 s, its limit; try again in \d+ s\.$/) as unknown });
    // A later command from someone else is answered (at its response_url) after anything the refused one could have done.
    expect(replyText(await h.command('watch', { user: USERS.bob }))).toContain('bind');
    expect(h.answersTo(refused).map((c) => c.method)).toEqual(['ack']);
    expect((await h.radar.deps.store.entries(SEEN_NAMESPACE)).length).toBe(claims + 1);
    expect(h.sandbox.control.requests().length).toBe(serviceCalls);
    expect(h.logs.filter((l) => l.includes('over its fair-use limit'))).toHaveLength(1);
  });

  it('past a channel’s limit: everyone there is told, and the same people are served elsewhere', async () => {
    // Alice's refused request did not count: the channel has had 4 (her 3, Bob's 1); Bob's next is its 5th.
    expect(replyText(await h.command('help', { user: USERS.bob }))).toContain('/radar');
    const refused = await h.driver.command('help', { user: USERS.carol });
    expect((refused.body as { text: string }).text).toMatch(/^This channel has sent Radar 5 requests in 600 s, its limit; try again in \d+ s\.$/);
    expect(replyText(await h.command('help', { user: USERS.carol, channel: CHANNELS.intel }))).toContain('/radar');
  });
});

describe('fair use over Socket Mode', () => {
  let sandbox: Sandbox;
  let fake: FakeSlack;
  let standin: SocketModeStandin;
  let stop: () => Promise<void>;
  const dir = mkdtempSync(join(tmpdir(), 'radar-fair-use-'));
  const APP_TOKEN = 'xapp-1-A0STANDIN1-1234567890123-0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978';
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    fake = await startFakeSlack();
    standin = await startSocketModeStandin({ appToken: APP_TOKEN, webApiUrl: fake.url });
    const radar = await startRadar(
      loadConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_APP_TOKEN: APP_TOKEN,
        SLACK_API_URL: standin.apiUrl,
        SVC_BASE_URL: sandbox.url,
        SVC_API_KEY: sandbox.keys.readWrite,
        STORE_URL: `sqlite://${join(dir, 'radar.sqlite')}`,
        PORT: '0',
      }),
      { logSink: () => {}, timing: { ...TEST_TIMING, ...LIMITS }, serviceRetry: TEST_RETRY },
    );
    stop = () => radar.stop();
  });
  afterAll(async () => {
    await stop?.();
    await standin?.close();
    await fake?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the fourth command of one person is acked with the sentence and not answered', async () => {
    for (let i = 0; i < 3; i++) {
      const id = `fair-socket-${i}-${randomUUID()}`;
      await standin.command('status', { responseUrl: fake.responseUrl(id) });
      await fake.waitForCall('response_url', (c) => c.responseUrlId === id);
    }
    const id = `fair-socket-refused-${randomUUID()}`;
    const ack = await standin.command('status', { responseUrl: fake.responseUrl(id) });
    expect(ack.payload).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('try again in') as unknown });
    const other = `fair-socket-bob-${randomUUID()}`;
    await standin.command('status', { responseUrl: fake.responseUrl(other), user: USERS.bob });
    await fake.waitForCall('response_url', (c) => c.responseUrlId === other);
    expect(fake.responses.filter((c) => c.responseUrlId === id)).toEqual([]);
  });
});

describe('fair use in the console', () => {
  let sandbox: Sandbox;
  const dir = mkdtempSync(join(tmpdir(), 'radar-fair-console-'));
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the sentence for a command past the limit, as Slack shows an ephemeral ack', async () => {
    const config = loadConfig({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: `sqlite://${join(dir, 'c.sqlite')}` });
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const lines = ['/radar help', '/radar help', '/radar help', '/radar help'].map((l) => `${l}\n`);
    const radar = await startRadar(config, { consoleInput: Readable.from(lines), consoleOutput: output, logSink: () => {}, timing: LIMITS });
    await radar.consoleDone;
    await radar.stop();
    expect(printed).toMatch(/You have sent Radar 3 requests in 600 s, its limit; try again in \d+ s\./);
  });
});

describe('who a request counts against', () => {
  it('commands and interactions by person and channel; options requests, events and closed modals not at all', () => {
    expect(senderOf({ command: '/radar', team_id: 'T1', user_id: 'U1', channel_id: 'C1' })).toEqual({ team: 'T1', user: 'U1', channel: 'C1' });
    expect(senderOf({ type: 'block_actions', team: { id: 'T1' }, user: { id: 'U1' }, channel: { id: 'C1' } })).toEqual({ team: 'T1', user: 'U1', channel: 'C1' });
    expect(senderOf({ type: 'view_submission', user: { id: 'U1', team_id: 'T1' } })).toEqual({ team: 'T1', user: 'U1', channel: null });
    expect(senderOf({ type: 'block_suggestion', user: { id: 'U1' } })).toBeNull();
    expect(senderOf({ type: 'view_closed', user: { id: 'U1' } })).toBeNull();
    expect(senderOf({ type: 'event_callback', event: { type: 'app_home_opened', user: 'U1' } })).toBeNull();
  });
});
