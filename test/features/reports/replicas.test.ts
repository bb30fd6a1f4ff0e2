import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { reads } from '../watches/support.js';
import { reportPoller, reportsIn } from './support.js';

const NW = SEED.projects.northwind.id;
const DAY = 86_400_000;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

// Skipped without REDIS_URL, like the other replicas tests.
describe.skipIf(!process.env.REDIS_URL)('reports with two replicas on one Redis', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let replicas: RadarHarness[] = [];

  afterEach(async () => {
    expectNoViolations(slack);
    for (const replica of replicas) await replica.stop();
    await slack.close();
    await sandbox.close();
  });

  it('one report per channel and slot, the project read once, whichever replica ticks', async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const env = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600', REPORT_INTERVAL_SECONDS: '3600' };
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `r${randomUUID().slice(0, 8)}-`, env, timing: { leaseTtlMs: 10_000 }, now };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    const [a, b] = replicas as [RadarHarness, RadarHarness];
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await b.command('bind northwind', { channel: CHANNELS.general });
    const day = WEEKDAYS[new Date(now().getTime() + DAY).getUTCDay()]!;
    await a.command(`report weekly ${day} 09:00 UTC`, { channel: CHANNELS.intel });
    await b.command(`report weekly ${day} 09:00 UTC`, { channel: CHANNELS.general });
    offset += 2 * DAY;
    sandbox.control.advanceClock(2 * DAY);
    sandbox.control.clearRequests();
    await Promise.all([reportPoller(a).tick(), reportPoller(b).tick()]);
    await Promise.all([reportPoller(a).tick(), reportPoller(b).tick()]);
    expect(reportsIn(a, CHANNELS.intel)).toHaveLength(1);
    expect(reportsIn(a, CHANNELS.general)).toHaveLength(1);
    expect(reads(a, (p) => p === `/v1/projects/${NW}/ai-visibility/history`)).toBe(1);
    expect(reads(a, (p) => p === `/v1/projects/${NW}/content/changelog`)).toBe(1);
    // A restart of one replica in the middle changes nothing.
    await a.restart();
    await Promise.all([reportPoller(a).tick(), reportPoller(b).tick()]);
    expect(reportsIn(a, CHANNELS.intel)).toHaveLength(1);
    expect(reportsIn(a, CHANNELS.general)).toHaveLength(1);
  });

  it('`/radar report now` pressed on both replicas at once posts one report; a press after it posts the next', async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    const env = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600', REPORT_INTERVAL_SECONDS: '3600' };
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `r${randomUUID().slice(0, 8)}-`, env, timing: { leaseTtlMs: 10_000 } };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    const [a, b] = replicas as [RadarHarness, RadarHarness];
    await a.command('bind northwind', { channel: CHANNELS.intel });
    const answers = await Promise.all([a.command('report now', { channel: CHANNELS.intel, user: USERS.alice }), b.command('report now', { channel: CHANNELS.intel, user: USERS.bob })]);
    expect(reportsIn(a, CHANNELS.intel)).toHaveLength(1);
    expect(answers.map(replyText).join('\n')).toContain('posted (or being posted) once');
    await b.command('report now', { channel: CHANNELS.intel, user: USERS.bob });
    expect(reportsIn(a, CHANNELS.intel)).toHaveLength(2);
  });
});
