/**
 * Tiers, noise bands and quiet hours (issue 30, items 1, 2 and 4): through the sandbox's published runs,
 * the poller's tick and Radar's clock moved (no sleeps), across a restart on the same store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { createDigestLedger } from '../../../src/store/digest-ledger.js';
import { createWatchHeldRepo } from '../../../src/store/watch-held.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { publishRun, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const HOUR = 60 * 60_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));
const pricing = (o: Record<string, Record<string, unknown>> = {}, avg = 39) => ({ dimension: 'pricing' as const, patch: { competitors: pricingRows(o), summary: { marketAvgPrice: avg } } });

const heldIn = (h: RadarHarness, channel: string, reason: 'digest' | 'quiet'): StoredMessage[] => watchesIn(h, channel).filter((m) => m.metadata?.event_payload.held === reason);
const runMessages = (h: RadarHarness, channel: string) => watchesIn(h, channel).filter((m) => m.metadata?.event_payload.held === undefined);

describe('watch tiers, noise bands and quiet hours', () => {
  let h: RadarHarness;
  // Radar's clock: 10:00 UTC today (after the default 09:00 UTC digest time), moved by the tests.
  let clock = 0;
  beforeEach(async () => {
    const today = new Date();
    clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 10);
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' }, now: () => new Date(clock) });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('now-tier changes post at once; digest-tier ones come once, in one summary a day, across a restart', async () => {
    await publishRun(h, NW, pricing());
    const echo = replyText(await h.command('watch pricing', { channel: CHANNELS.intel }));
    expect(echo).toContain('_at once:_ `price`, `plans`, `free-plan`');
    expect(echo).toContain('_in the daily digest, at 09:00 (UTC):_ `pricing-data`, `market`, `pricing-gaps`, `own-pricing`, `other`');

    const first = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 6 } }, 36));
    await watchPoller(h).tick();
    const told = runMessages(h, CHANNELS.intel);
    expect(told).toHaveLength(1);
    expect(textOf(told[0]!)).toContain('plan count 4 → 6');
    expect(textOf(told[0]!)).not.toContain('market average');
    // A run with only digest-tier changes posts nothing now.
    const quiet = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 6 } }, 34));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, quiet)).toHaveLength(0);
    expect(heldIn(h, CHANNELS.intel, 'digest')).toHaveLength(0);
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('Held now: 2 for the digest');

    await h.restart();
    clock += 22 * HOUR; // 08:00 tomorrow: before the digest time
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'digest')).toHaveLength(0);
    clock += HOUR + 60_000; // 09:01
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    const digests = heldIn(h, CHANNELS.intel, 'digest');
    expect(digests).toHaveLength(1);
    const text = textOf(digests[0]!);
    expect(text).toContain('Watch digest: Northwind CRM');
    expect(text).toContain('*Pricing* (2 runs)');
    expect(text).toContain('market average price $39 → $36');
    expect(text).toContain('market average price $36 → $34');
    expect(text).not.toContain('plan count');
    expect(digests[0]!.metadata?.event_payload).toMatchObject({ project_id: NW, held: 'digest', dimension: 'pricing' });
    expect(String(digests[0]!.metadata?.event_payload.runs)).toContain(`pricing:${first}`);

    await h.restart();
    clock += 3 * HOUR;
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'digest')).toHaveLength(1);
    expect((await createWatchHeldRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel))?.entries ?? []).toEqual([]);
  });

  it('a watch raises or lowers a kind in place (its baseline kept), and /radar watch shows the rules', async () => {
    await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const changed = replyText(await h.command('watch pricing --digest plans --now market', { channel: CHANNELS.intel }));
    expect(changed).toContain('_at once:_ `price`, `free-plan`, `market`');
    expect(changed).toContain('`plans`');
    const listed = replyText(await h.command('watch', { channel: CHANNELS.intel }));
    expect(listed).toContain('_at once:_ `price`, `free-plan`, `market`');
    expect(listed).toContain('Quiet hours: *off*');
    expect(replyText(await h.command('watch pricing --now nonsense', { channel: CHANNELS.intel }))).toContain('is not a kind of Pricing change');
    expect(replyText(await h.command('watch pricing --band 3', { channel: CHANNELS.intel }))).toContain('`--band` applies to `ai` watches only');

    const run = await publishRun(h, NW, pricing({ 'hubforge.io': { planCount: 9 } }, 30));
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    expect(text).toContain('market average price $39 → $30');
    expect(text).not.toContain('plan count');
    clock += 24 * HOUR;
    await watchPoller(h).tick();
    expect(textOf(heldIn(h, CHANNELS.intel, 'digest')[0]!)).toContain('plan count 4 → 9');
    // Unwatching drops what that watch held: nothing of it comes in a later digest.
    await publishRun(h, NW, pricing({ 'hubforge.io': { planCount: 10 } }, 30));
    await watchPoller(h).tick();
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('Held now: 1 for the digest');
    await h.command('watch tech', { channel: CHANNELS.intel });
    await h.command('unwatch pricing', { channel: CHANNELS.intel });
    expect((await createWatchHeldRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel))?.entries ?? []).toEqual([]);
  });

  it('a digest posted before a crash (claimed, posted, not recorded) is found and recorded, never posted twice', async () => {
    // Near the wall clock here: the local Slack stamps messages with it, and recovery looks back a day from the claim.
    clock = Date.now();
    await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await publishRun(h, NW, pricing({}, 31));
    await watchPoller(h).tick();
    const at = new Date(clock + 2 * 60_000);
    const hhmm = at.toISOString().slice(11, 16);
    expect(replyText(await h.command(`watch digest ${hhmm} UTC`, { channel: CHANNELS.intel }))).toContain(`one summary a day at *${hhmm} UTC*`);
    clock += 3 * 60_000;
    const slot = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
    const key = { teamId: TEAM.id, channelId: CHANNELS.intel, runId: `digest:${slot}` };
    const ledger = createDigestLedger(h.radar.deps.store, { namespace: 'watch-ledger', now: () => new Date(clock - 60_000) });
    expect((await ledger.claim(key, 'dead-process', 1)).granted).toBe(true);
    const earlier = await h.radar.app.client.chat.postMessage({ channel: CHANNELS.intel, text: 'digest posted before the crash', metadata: { event_type: 'radar_change', event_payload: { run_id: `digest:${slot}`, project_id: NW, dimension: 'pricing', held: 'digest' } } });
    await h.restart();
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'digest').map((m) => m.ts)).toEqual([earlier.ts]);
    expect(await createDigestLedger(h.radar.deps.store, { namespace: 'watch-ledger' }).get(key)).toMatchObject({ state: 'posted', ts: earlier.ts });
    expect((await createWatchHeldRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel))?.entries ?? []).toEqual([]);
  });

  it('quiet hours: changes in the window are held and posted as one message when it ends, once, across a restart', async () => {
    await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const set = replyText(await h.command('watch quiet 19:00-08:00 Europe/Berlin', { channel: CHANNELS.intel }));
    expect(set).toContain('Quiet hours: *19:00–08:00 Europe/Berlin*');
    clock += 9 * HOUR + 30 * 60_000; // 19:30 UTC: 20:30 in Berlin in winter, 21:30 in summer
    const one = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 5 } }));
    await watchPoller(h).tick();
    clock += 2 * HOUR;
    const two = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 5 }, 'closewise.com': { lowestPrice: 20 } }));
    await watchPoller(h).tick();
    expect(runMessages(h, CHANNELS.intel)).toHaveLength(0);
    expect(heldIn(h, CHANNELS.intel, 'quiet')).toHaveLength(0);

    await h.restart();
    // 08:00 Berlin is 07:00 UTC in winter, 06:00 in summer: a minute before it, still held.
    const berlinEnd = Date.parse(new Date(clock + 12 * HOUR).toISOString().slice(0, 10) + 'T08:00:00Z') - berlinOffset(clock + 12 * HOUR);
    clock = berlinEnd - 60_000;
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'quiet')).toHaveLength(0);
    clock = berlinEnd + 60_000;
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    const held = heldIn(h, CHANNELS.intel, 'quiet');
    expect(held).toHaveLength(1);
    const text = textOf(held[0]!);
    expect(text).toContain('Held during quiet hours: Northwind CRM');
    expect(text).toContain('*Pricing* (2 runs)');
    expect(text).toContain('plan count 4 → 5');
    expect(text).toContain('lowest price $24 per seat a month → $20 per seat a month');
    expect(text).toContain('19:00–08:00 Europe/Berlin');
    expect(String(held[0]!.metadata?.event_payload.runs)).toBe(`pricing:${one},pricing:${two}`);
    // Outside quiet hours a change posts at once again.
    const three = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 7 } }));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, three)).toHaveLength(1);
    await h.restart();
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'quiet')).toHaveLength(1);
  });

  it('quiet hours default to the zone of the person setting them; off lets what is held post at the next check', async () => {
    await publishRun(h, NW, pricing());
    expect(replyText(await h.command('watch quiet 19:00-08:00', { channel: CHANNELS.intel }))).toContain('watches nothing yet');
    await h.command('watch pricing', { channel: CHANNELS.intel });
    // The local Slack's users.info says Europe/London.
    expect(replyText(await h.command('watch quiet 9:00-23:00', { channel: CHANNELS.intel }))).toContain('Quiet hours: *09:00–23:00 Europe/London*');
    expect(replyText(await h.command('watch quiet 25:00-08:00', { channel: CHANNELS.intel }))).toContain('two times of day');
    expect(replyText(await h.command('watch quiet 19:00-08:00 Mars/Base', { channel: CHANNELS.intel }))).toContain('not a time zone');
    const run = await publishRun(h, NW, pricing({ 'hubforge.io': { planCount: 2 } }));
    await watchPoller(h).tick();
    expect(runMessages(h, CHANNELS.intel)).toHaveLength(0);
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('Held now: 1 until quiet hours end');
    expect(replyText(await h.command('watch quiet off', { channel: CHANNELS.intel }))).toContain('Quiet hours: *off*');
    await watchPoller(h).tick();
    const held = heldIn(h, CHANNELS.intel, 'quiet');
    expect(held).toHaveLength(1);
    expect(String(held[0]!.metadata?.event_payload.runs)).toBe(`pricing:${run}`);
  });
});

/** Europe/Berlin's offset from UTC at `at`, in ms (Intl, as Radar computes it). */
function berlinOffset(at: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - (at - (at % 60_000));
}

describe('digest-tier changes with the next briefing digest (the channel’s choice)', () => {
  let h: RadarHarness;
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('are posted once, in the thread of the next briefing digest posted here', async () => {
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    expect(replyText(await h.command('watch digest briefing', { channel: CHANNELS.intel }))).toContain('*with the next briefing digest*');
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('_with the next briefing digest:_ `pricing-data`');
    const digestPoller = h.radar.workers.find((w) => w.name === 'digest-poller')!;
    await digestPoller.tick!(); // the channel's digest cursor on the edition it was bound at

    await publishRun(h, NW, pricing({}, 33));
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    expect(heldIn(h, CHANNELS.intel, 'digest')).toHaveLength(0);
    const edition = await fetch(`${h.sandbox.url}/__sandbox/projects/${NW}/briefings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json() as Promise<{ item: { runId: string } }>);
    await digestPoller.tick!();
    const briefing = h.slack.messagesIn(CHANNELS.intel).find((m) => m.metadata?.event_type === 'radar_digest' && m.metadata.event_payload.run_id === edition.item.runId);
    expect(briefing).toBeDefined();
    await watchPoller(h).tick();
    await h.restart();
    await watchPoller(h).tick();
    const replies = h.slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === briefing!.ts && (c.args.metadata as { event_payload?: { held?: string } } | undefined)?.event_payload?.held === 'digest');
    expect(replies).toHaveLength(1);
    expect(JSON.stringify(replies[0]!.args.blocks)).toContain('market average price $39 → $33');
    expect(JSON.stringify(replies[0]!.args.blocks)).toContain('posted with this one');
    expect(replies[0]!.args.metadata).toMatchObject({ event_payload: { run_id: `digest:briefing:${edition.item.runId}` } });
  });
});
