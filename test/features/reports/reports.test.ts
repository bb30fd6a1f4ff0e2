import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { createDigestLedger } from '../../../src/store/digest-ledger.js';
import { createReportSettingsRepo } from '../../../src/store/report-settings.js';
import { REPORT_LEDGER_NAMESPACE, reportKey, reportMetadata } from '../../../src/features/reports/deliver.js';
import { dueSlot } from '../../../src/features/reports/schedule.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { reads, textOf } from '../watches/support.js';
import { movedClock, reportPoller, reportsIn } from './support.js';

const NW = SEED.projects.northwind.id;
const DAY = 86_400_000;
const TICK_ONLY = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600', REPORT_INTERVAL_SECONDS: '3600' };
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

/** The project's report reads no other background work makes (the digest reads the briefing history). */
const reportReads = (h: RadarHarness) => reads(h, (p) => [`/v1/projects/${NW}/pricing/history`, `/v1/projects/${NW}/tech-trust/history`, `/v1/projects/${NW}/ai-visibility/history`, `/v1/projects/${NW}/content/changelog`].includes(p));

describe('scheduled reports', () => {
  let h: RadarHarness;
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('across a week with a moved clock: one report per channel per slot, one set of reads for the project, nothing again after a restart, one catch-up after downtime', async () => {
    const clock = movedClock();
    h = await startRadarHarness({ env: TICK_ONLY, now: clock.now });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    h.sandbox.control.publishRun(NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    // The baseline run is more than a week old when the first report compares against it.
    clock.move(h, 8 * DAY);
    const day = WEEKDAYS[new Date(clock.now().getTime() + 2 * DAY).getUTCDay()]!;
    const echo = replyText(await h.command(`report weekly ${day} 09:00 UTC`, { channel: CHANNELS.intel }));
    expect(echo).toContain('weekly on');
    expect(echo).toContain('09:00 UTC');
    // No zone typed: the person's own (users.info answers Europe/London).
    expect(replyText(await h.command(`report weekly ${day} 09:00`, { channel: CHANNELS.general }))).toContain('Europe/London');
    const shown = replyText(await h.command('report', { channel: CHANNELS.general }));
    expect(shown).toContain('Europe/London');
    expect(shown).toMatch(/set by <@U\w+>/);

    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(0); // not due yet

    clock.move(h, DAY);
    h.sandbox.control.publishRun(NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { lowestPrice: 17 } }) } });
    clock.move(h, 2 * DAY);
    h.sandbox.control.clearRequests();
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(1);
    expect(reportsIn(h, CHANNELS.general)).toHaveLength(1);
    // One set of service reads for the project, shared by both channels.
    expect(reads(h, (p) => p === `/v1/projects/${NW}/pricing/history`)).toBe(1);
    expect(reads(h, (p) => p === `/v1/projects/${NW}/ai-visibility/history`)).toBe(1);
    expect(reads(h, (p) => p === `/v1/projects/${NW}/content/changelog`)).toBe(1);
    expect(reads(h, (p) => p === `/v1/projects/${NW}/tickets`)).toBe(1);
    const text = textOf(reportsIn(h, CHANNELS.intel)[0]!);
    expect(text).toContain('Weekly report: Northwind');
    expect(text).toContain('*pipedrift.com*: lowest price');
    expect(text).toContain('$17');

    await reportPoller(h).tick();
    await h.restart();
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(1);
    expect(reportsIn(h, CHANNELS.general)).toHaveLength(1);

    // Down for three weeks: one catch-up report per channel, never three.
    clock.move(h, 21 * DAY);
    h.sandbox.control.clearRequests();
    await reportPoller(h).tick();
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(2);
    expect(reportsIn(h, CHANNELS.general)).toHaveLength(2);
    expect(reportReads(h)).toBe(4);
    const slots = reportsIn(h, CHANNELS.intel).map((m) => (m.metadata?.event_payload as { slot?: string }).slot);
    expect(new Set(slots).size).toBe(2);
  });

  it('killed between posting a report and recording it: the next cycle finds the post, records it, and posts nothing twice', async () => {
    const clock = movedClock();
    h = await startRadarHarness({ env: TICK_ONLY, now: clock.now });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const day = WEEKDAYS[new Date(clock.now().getTime() + DAY).getUTCDay()]!;
    await h.command(`report weekly ${day} 09:00 UTC`, { channel: CHANNELS.intel });
    clock.move(h, 2 * DAY);
    const settings = await createReportSettingsRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel);
    const slot = dueSlot(settings!, clock.now())!;
    // The process that died had claimed the slot (the claim now stale) and posted the report.
    const ledger = createDigestLedger(h.radar.deps.store, { namespace: REPORT_LEDGER_NAMESPACE });
    const key = reportKey(TEAM.id, CHANNELS.intel, slot);
    await ledger.claim(key, 'killed-process', 1);
    const earlier = await h.radar.app.client.chat.postMessage({ channel: CHANNELS.intel, text: 'posted before the kill', metadata: reportMetadata(NW, slot) });
    await reportPoller(h).tick();
    await reportPoller(h).tick();
    expect(await ledger.get(key)).toMatchObject({ state: 'posted', ts: earlier.ts });
    expect(reportsIn(h, CHANNELS.intel).map((m) => m.ts)).toEqual([earlier.ts]);
    expect((await createReportSettingsRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel))?.lastSlot).toBe(slot.toISOString());
  });

  it('a section that cannot be read holds the report for up to an hour after its slot, then it goes once, saying what it lacks', async () => {
    const clock = movedClock();
    h = await startRadarHarness({ env: TICK_ONLY, now: clock.now, serviceRetry: { attempts: 1 } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const at = new Date(clock.now().getTime() + 30 * 60_000).toISOString().slice(11, 16);
    await h.command(`report daily ${at} UTC`, { channel: CHANNELS.intel });
    h.sandbox.control.addFault({ path: `/v1/projects/${NW}/tickets`, kind: 'status', status: 503, code: 'service_unavailable' });
    clock.move(h, 40 * 60_000);
    await reportPoller(h).tick();
    h.sandbox.control.clearRequests();
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(0);
    // Held: the next cycle reads again only what failed (the ticket list), not the project's other answers.
    expect(reads(h, (p) => p === `/v1/projects/${NW}/tickets`)).toBe(1);
    expect(reportReads(h)).toBe(0);
    clock.move(h, 60 * 60_000);
    await reportPoller(h).tick();
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(1);
    const text = textOf(reportsIn(h, CHANNELS.intel)[0]!);
    expect(text).toContain("Radar couldn't read tickets for this report");
    expect(text).not.toContain('Tickets opened');
  });

  it('sections: a switched-off section is left out and never read; off stops the reports; now posts one here', async () => {
    const clock = movedClock();
    h = await startRadarHarness({ env: TICK_ONLY, now: clock.now });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    h.sandbox.control.publishRun(NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    clock.move(h, DAY);
    h.sandbox.control.publishRun(NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { hasFreePlan: null } }) } });
    expect(replyText(await h.command('report sections briefing ai tickets', { channel: CHANNELS.intel }))).toContain('left out: pricing, positioning, content, tech');
    h.sandbox.control.clearRequests();
    replyText(await h.command('report now', { channel: CHANNELS.intel }));
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(1);
    expect(textOf(reportsIn(h, CHANNELS.intel)[0]!)).not.toContain('Price moves');
    expect(reads(h, (p) => p.startsWith(`/v1/projects/${NW}/pricing`))).toBe(0);
    await h.command('report sections all', { channel: CHANNELS.intel });
    await h.command('report daily 09:00 UTC', { channel: CHANNELS.intel });
    expect(replyText(await h.command('report off', { channel: CHANNELS.intel }))).toContain('is off');
    clock.move(h, 2 * DAY);
    await reportPoller(h).tick();
    expect(reportsIn(h, CHANNELS.intel)).toHaveLength(1);
    expect(replyText(await h.command('report', { channel: CHANNELS.intel }))).toContain('No report is scheduled');
    // Unbinding ends a scheduled report; binding again starts with none.
    await h.command('report weekly fri 17:00 America/New_York', { channel: CHANNELS.intel });
    expect(replyText(await h.command('unbind', { channel: CHANNELS.intel }))).toContain('its scheduled report ended');
    await h.command('bind northwind', { channel: CHANNELS.intel });
    expect(replyText(await h.command('report', { channel: CHANNELS.intel }))).toContain('No report is scheduled');
  });
});
