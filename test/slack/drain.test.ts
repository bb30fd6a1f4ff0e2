/**
 * The drain (what SIGTERM runs before stopping): through Radar's real HTTP edge, commands acked
 * while their service reads are slow are all answered before the drain resolves; meanwhile
 * `/healthz` says draining (503) and a new command is refused 503. A drain too short for the work
 * under way ends with the count of what could not finish, logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { BUSY } from '../../src/slack/work-tracker.js';

const PRICING = '/v1/projects/prj_northwind/pricing';

describe('the drain', () => {
  let h: RadarHarness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('finishes every acknowledged command, says draining meanwhile, and refuses new work', async () => {
    h = await startRadarHarness();
    const harness = h;
    harness.sandbox.control.addFault({ path: PRICING, kind: 'latency', latencyMs: 400 });
    const acks = [];
    for (let i = 0; i < 5; i++) acks.push(await harness.driver.command('pricing --project northwind', { channel: CHANNELS.general }));
    expect(acks.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const drained = harness.radar.drain(20_000);
    const health = await fetch(`${harness.radar.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, draining: true });
    const refused = await harness.driver.command('help', { channel: CHANNELS.general });
    expect(refused.status).toBe(503);
    expect(await drained).toEqual({ unfinished: 0 });
    // Every answer was sent before the drain resolved.
    for (const ack of acks) expect(harness.answersTo(ack).map((call) => replyText(call)).join('\n')).toContain('Northwind CRM');
    expect(harness.logs.some((l) => l.includes('drained: every acknowledged request finished'))).toBe(true);
  });

  it('ends a drain that runs out of time with the count of unfinished work, logged', async () => {
    h = await startRadarHarness();
    const harness = h;
    harness.sandbox.control.addFault({ path: PRICING, kind: 'latency', latencyMs: 3_000 });
    for (let i = 0; i < 2; i++) expect((await harness.driver.command('pricing --project northwind', { channel: CHANNELS.general })).status).toBe(200);
    expect(await harness.radar.drain(50)).toEqual({ unfinished: 2 });
    expect(harness.logs.filter((l) => l.includes('the drain ended with work unfinished') && l.includes('"unfinished":2'))).toHaveLength(1);
  });

  it('bounds the work under way: past the bound a command is answered at once that Radar is busy, and not taken', async () => {
    h = await startRadarHarness({ timing: { maxRequestsInFlight: 2 } });
    const harness = h;
    harness.sandbox.control.addFault({ path: PRICING, kind: 'latency', latencyMs: 1_000 });
    const slow = [];
    for (let i = 0; i < 2; i++) slow.push(await harness.driver.command('pricing --project northwind', { channel: CHANNELS.general }));
    const busy = await harness.driver.command('pricing --project northwind', { channel: CHANNELS.general });
    expect(busy).toMatchObject({ status: 200, body: { response_type: 'ephemeral', text: BUSY } });
    for (const ack of slow) expect(replyText(await harness.answerTo(ack))).toContain('Northwind CRM');
    // The sentence in the ack is its only answer: nothing went to its response_url.
    expect(harness.answersTo(busy).map((c) => c.method)).toEqual(['ack']);
    // Once the work under way has finished, commands are taken again.
    expect(replyText(await harness.command('help'))).toContain('/radar');
  });
});
