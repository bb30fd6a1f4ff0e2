/**
 * Single-workspace mode (SLACK_BOT_TOKEN) is unchanged by issue 32: an `app_uninstalled` keeps the
 * team's records (the company reinstalling its own copy gets its channels back) and says so once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoViolations, WAIT_MS } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';

describe('uninstall in single-workspace mode', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterAll(() => h?.stop());

  it('keeps the bindings and logs one line', async () => {
    await h.command('bind northwind', { channel: CHANNELS.general });
    expect(await h.radar.deps.bindings.get(TEAM.id, CHANNELS.general)).toBeDefined();
    const ack = await h.driver.event({ type: 'app_uninstalled' });
    expect(ack.status).toBe(200);
    await vi.waitFor(() => expect(h.logs.some((l) => l.includes('single-workspace mode keeps the team'))).toBe(true), { timeout: WAIT_MS, interval: 20 });
    expect(await h.radar.deps.bindings.get(TEAM.id, CHANNELS.general)).toBeDefined();
    expectNoViolations(h.slack);
  });
});
