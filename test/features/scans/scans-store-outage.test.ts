/**
 * Radar on Redis while Redis freezes or goes away, end to end: `/healthz` says so within seconds,
 * commands that need the store answer one sentence while the others answer as usual, and a scan in
 * flight is followed again afterwards and its result posted exactly once. The faults are made by a
 * relay in front of the real Redis (test/support/tcp-link.ts), so other test files are unaffected.
 *
 * With REDIS_URL set these tests need that Redis: they fail, not skip, when it does not answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { TRY_AGAIN } from '../../../src/slack/receivers/slack-gate.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { startTcpLink, type TcpLink } from '../../support/tcp-link.js';
import { REDIS_URL } from '../../store/places.js';
import { eventually, finished, resultReplies, SCAN_TIMING, startScan, updatesOf } from './scan-helpers.js';

interface Health {
  status: number;
  body: { ok: boolean; store?: { reachable: boolean } };
}

async function health(h: RadarHarness): Promise<Health> {
  const res = await fetch(`${h.radar.url}/healthz`);
  return { status: res.status, body: (await res.json()) as Health['body'] };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL!);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

describe.skipIf(!REDIS_URL)('Radar while its Redis store is frozen or down', () => {
  let link: TcpLink | undefined;
  let h: RadarHarness | undefined;
  afterEach(async () => {
    link?.thaw();
    if (h) expectNoViolations(h.slack);
    await h?.stop();
    await link?.close();
    if (h) await deleteKeys(h.storePrefix);
    h = undefined;
    link = undefined;
  });

  const start = async () => {
    link = await startTcpLink(REDIS_URL!);
    // Speed 50: an agent-adoption scan runs for 900 ms.
    h = await startRadarHarness({ storeUrl: link.url, speed: 50, timing: SCAN_TIMING });
    return { link, h };
  };
  const outageLines = (r: RadarHarness) => r.logs.filter((l) => l.includes('"msg":"store unavailable"'));

  it('frozen: health fails within seconds, every command is told to try again (none acted on), and the scan is posted once after', async () => {
    const { link, h } = await start();
    expect((await health(h)).body.ok).toBe(true);
    const ts = await startScan(h, 'scan agents lumen-example.dev', { channel: CHANNELS.intel });
    await eventually(() => updatesOf(h.slack, ts).find((u) => u.includes('Running for')), 'the scan to be running');

    const logsBeforeFreeze = h.logs.length;
    link.freeze();
    const frozen = await health(h);
    // Answered, not hung (a hung health check would leave this test to its own timeout), and it says why.
    expect(frozen.body).toMatchObject({ ok: false, store: { reachable: false } });

    // A request whose replay check cannot reach the store is not acted on (issue 33): every command,
    // help and reads included, is told in its ack to try again, and nothing else happens.
    for (const text of ['bind northwind', 'help', 'briefing --project northwind']) {
      const ack = await h.driver.command(text, { channel: CHANNELS.general });
      expect(ack.status).toBe(200);
      expect(JSON.stringify(ack.body)).toContain(TRY_AGAIN);
    }
    // The scan finishes on the service meanwhile; nothing can be recorded, so nothing is posted.
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toEqual([]);

    link.thaw();
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Agent adoption: lumen-example.dev');
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
    await eventually(async () => ((await health(h)).body.ok ? true : undefined), 'health to recover');
    // The bind told to try again did not take effect.
    expect((await h.radar.deps.bindings.get(TEAM.id, CHANNELS.general))?.projectId).toBeUndefined();
    // Logged once for the freeze, not once per request or poll. (On a starved test machine an event
    // loop stall of over 2 s can time a call out just before the freeze, and log that one too.)
    expect(outageLines(h).length).toBeGreaterThanOrEqual(1);
    expect(h.logs.slice(logsBeforeFreeze).filter((l) => l.includes('"msg":"store unavailable"')).length).toBeLessThanOrEqual(1);
    // Still once after Radar is provably done with the scan: its outcome is logged as posted only after
    // the pending record is removed, so nothing is left that a late retry or a sweep could post again.
    await eventually(() => (h.logs.some((l) => l.includes('"msg":"scan outcome posted"')) ? true : undefined), 'the scan to be forgotten');
    expect(await h.radar.deps.pendingScans.listAll()).toEqual([]);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
  });

  it('down: commands are told at once to try again, and after Redis is back the scan is posted once', async () => {
    const { link, h } = await start();
    const ts = await startScan(h, 'scan agents lumen-example.dev', { channel: CHANNELS.intel });
    await eventually(() => updatesOf(h.slack, ts).find((u) => u.includes('Running for')), 'the scan to be running');

    await link.cut();
    const bind = await h.driver.command('bind northwind', { channel: CHANNELS.general });
    expect(JSON.stringify(bind.body)).toContain(TRY_AGAIN);
    // Told at once, not after waiting out a command timeout: the outage is recorded as unreachable.
    expect(outageLines(h).some((l) => l.includes('"fault":"unreachable"'))).toBe(true);
    expect((await health(h)).body.ok).toBe(false);
    // While the store is down, no scan is started (it could be neither checked nor followed).
    const refused = await h.driver.command('scan trust refused-example.com', { channel: CHANNELS.general });
    expect(JSON.stringify(refused.body)).toContain(TRY_AGAIN);

    await link.restore();
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Agent adoption: lumen-example.dev');
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
    await eventually(async () => ((await health(h)).body.ok ? true : undefined), 'health to recover');
    expect(h.sandbox.control.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/v1/tools/'))).toHaveLength(1);
  });
});
