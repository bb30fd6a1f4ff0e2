/**
 * A scan's end is told by its own `expiresAt` (spec 2.9, issue 27), not by fixed timers: Radar gives
 * up following at the give-up bound or at `expiresAt` when that comes first; `scan_not_found` after
 * `expiresAt` is "expired"; and `/radar scan <id>` reads a scan by its id until then.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { startRewritingProxy, type RewritingProxy } from '../../support/rewriting-proxy.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { finished, SCAN_TIMING, startScan } from './scan-helpers.js';

describe('a scan\'s expiresAt', () => {
  let h: RadarHarness | undefined;
  let sandbox: Sandbox | undefined;
  let proxy: RewritingProxy | undefined;
  afterEach(async () => {
    if (h) expectNoViolations(h.slack);
    await h?.stop();
    await proxy?.close();
    await sandbox?.close();
    h = undefined;
    proxy = undefined;
    sandbox = undefined;
  });

  it('a service that keeps scans a short time: Radar gives up at expiresAt, before its own bound, and says the scan can no longer be read', async () => {
    sandbox = await startSandbox({ port: 0, speed: 1 });
    // Every scan answer says the scan expires 400 ms after Radar first hears of it (Radar's clock is the real one here).
    const expiries = new Map<string, string>();
    proxy = await startRewritingProxy(sandbox.url, {
      reshape: (req, json) => {
        if (!req.url.includes('/scans')) return undefined;
        const item = (json as { item?: { id?: string; expiresAt?: string } }).item;
        if (!item?.id) return undefined;
        if (!expiries.has(item.id)) expiries.set(item.id, new Date(Date.now() + 400).toISOString());
        return { item: { ...item, expiresAt: expiries.get(item.id) } };
      },
    });
    h = await startRadarHarness({ sandbox: Object.assign(Object.create(sandbox) as Sandbox, { url: proxy.url }), timing: { ...SCAN_TIMING, scanGiveUpMs: 60_000 } });
    const ts = await startScan(h, 'scan agents short-lived-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toMatch(/The scan is still running after \d+ s, so Radar has stopped following it/);
    expect(final).toContain('its expiry time has passed');
    expect(final).not.toContain('reads it until');
  });

  it('gave up at the bound: /radar scan <id> reads it until its expiresAt, and shows the result once it is done', async () => {
    h = await startRadarHarness({ speed: 1, timing: { ...SCAN_TIMING, scanGiveUpMs: 300 } });
    const ts = await startScan(h, 'scan trust slow-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    const id = /`\/radar scan (scan_[0-9a-f]+)` reads it until/.exec(final)?.[1];
    expect(id).toBeDefined();

    const running = replyText(await h.command(`scan ${id}`, { channel: CHANNELS.intel }));
    expect(running).toMatch(/(Queued|Running)/);
    expect(running).toContain('slow-example.com');
    expect(running).toMatch(/reads it again, until (<!date\^\d+\^[^|>]+\|[^>]+>|(\w{3} \d{1,2}, \d{4}|today|yesterday|tomorrow) \d{2}:\d{2})/);

    const done = await fetch(`${h.sandbox.url}/__sandbox/scans/${id}/complete`, { method: 'POST' });
    expect(done.status).toBeLessThan(300);
    const result = replyText(await h.command(`scan ${id}`, { channel: CHANNELS.intel }));
    expect(result).toContain('Trust signals: slow-example.com');
    expect(result).toMatch(/The service keeps this scan until <!date\^\d+\^/);
  });

  it('/radar scan <id> of a scan the service does not know says so, and when scans are kept', async () => {
    h = await startRadarHarness({ speed: 1000, timing: SCAN_TIMING });
    const text = replyText(await h.command('scan scan_0000deadbeef', { channel: CHANNELS.intel }));
    expect(text).toContain('knows no scan `scan_0000deadbeef`');
    expect(text).toContain('until its expiry time');
  });
});
