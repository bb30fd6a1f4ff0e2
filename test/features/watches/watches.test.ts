import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { readable } from '../../../src/service/tolerant.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { publishRun, reads, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const TICK_ONLY = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' };

const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

describe('watches', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: TICK_ONLY });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('pricing: tells a competitor move once, keeps the null contract, reads history once for two channels', async () => {
    await h.command('bind northwind', { channel: CHANNELS.general });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { hasFreePlan: null } }) } });
    const echo = replyText(await h.command('watch pricing --now all', { channel: CHANNELS.intel }));
    expect(echo).toContain('*Pricing* (every change)');
    await h.command('watch pricing --now all', { channel: CHANNELS.general });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel)).toHaveLength(0); // the baseline is never posted

    const run = await publishRun(h, NW, {
      dimension: 'pricing',
      patch: { competitors: pricingRows({ 'closewise.com': { hasFreePlan: true }, 'pipedrift.com': { lowestPrice: 19 } }), summary: { marketAvgPrice: 36 } },
    });
    h.sandbox.control.clearRequests();
    await watchPoller(h).tick();
    expect(reads(h, (p) => p === `/v1/projects/${NW}/pricing/history`)).toBe(1);
    expect(reads(h, (p) => p.startsWith(`/v1/projects/${NW}/pricing/history/`))).toBeLessThanOrEqual(2);
    for (const channel of [CHANNELS.intel, CHANNELS.general]) expect(watchesIn(h, channel, run)).toHaveLength(1);
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    expect(text).toContain('now measured: has a free plan');
    expect(text).not.toContain('added a free plan');
    expect(text).toContain('lowest price $24 per seat a month → $19 per seat a month');
    expect(text).toContain('market average price $39.25 → $36 (per seat a month)');
    expect(text.indexOf('free plan')).toBeLessThan(text.indexOf('market average'));

    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel)).toHaveLength(1);
    // A run that differs only in its id and timestamps posts nothing.
    await publishRun(h, NW, { dimension: 'pricing' });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel)).toHaveLength(1);
  });

  it('--competitor naming no monitored domain: the typed text is escaped exactly once', async () => {
    // Slack sends `<b&c>` typed by the person as `&lt;b&amp;c&gt;`; Radar reads it as typed and escapes it once.
    const reply = replyText(await h.command('watch pricing --competitor a&lt;b&amp;c&gt;.example', { channel: CHANNELS.intel }));
    expect(reply).toContain('*a&lt;b&amp;c&gt;.example* is not one of');
    expect(reply).not.toContain('&amp;lt;');
    expect(reply).not.toContain('&amp;amp;');
  });

  it('filters: --competitor tells only that competitor; Mute competitor silences one', async () => {
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    expect(replyText(await h.command('watch pricing --competitor nowhere.example', { channel: CHANNELS.intel }))).toContain('not one of');
    expect(replyText(await h.command('watch pricing --competitor Pipedrift.com', { channel: CHANNELS.intel }))).toContain('only pipedrift.com');
    const first = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 5 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, first)).toHaveLength(0);

    await h.command('watch pricing', { channel: CHANNELS.intel });
    const second = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 6 }, 'pipedrift.com': { planCount: 2 } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, second)[0]!;
    const mute = (message.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchMute);
    expect(mute).toBeDefined();
    await h.driver.blockAction(ACTION_IDS.watchMute, mute!.value ?? '', { channel: CHANNELS.intel, message });
    await h.slack.waitForCall('chat.postMessage', () => true).catch(() => undefined);
    const record = await waitFor(async () => {
      const r = await h.radar.deps.store.keyv('watches').get(`${TEAM.id}:${CHANNELS.intel}`);
      return (r as { watches?: { muted: string[] }[] } | undefined)?.watches?.[0]?.muted.length ? r : null;
    });
    const muted = (record as { watches: { muted: string[] }[] }).watches[0]!.muted[0]!;
    const third = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 7 }, 'pipedrift.com': { planCount: 3 } }) } });
    await watchPoller(h).tick();
    const after = textOf(watchesIn(h, CHANNELS.intel, third)[0]!);
    expect(after).not.toContain(`*${muted}*`);
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain(`muted: ${muted}`);
  });

  it('tech: shielded headers read "headers now hidden"; verdicts only when measured both times; stack changes', async () => {
    const row = (o: Record<string, unknown>) => ({ domain: 'pipedrift.com', isOwn: false, securityHeaders: { grade: 'A', score: 91 }, trustSignals: { count: 19 }, techStack: ['React'], aiAccess: { measurement: { status: 'measured' }, modelTrainingAccess: 'allowed' }, ...o });
    await publishRun(h, SEED.projects.northwind.id, { dimension: 'tech-trust', patch: { competitors: [row({})] } });
    await h.command('watch tech --now all', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, {
      dimension: 'tech-trust',
      patch: { competitors: [row({ securityHeaders: { grade: null, score: null, headersAvailable: { available: false, reason: 'site_uses_behavioral_protection' } }, techStack: ['React', 'Vercel'], aiAccess: { measurement: { status: 'could_not_measure' } } })] },
    });
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    expect(text).toContain('headers now hidden');
    expect(text).not.toMatch(/security grade A → not measured/);
    expect(text).toContain('tech stack added Vercel');
    expect(text).not.toContain('model training access');
  });

  it('positioning: empty string and null are kept apart, quoted before and after', async () => {
    const row = (o: Record<string, unknown>) => ({ domain: 'hubforge.io', isOwn: false, headline: 'Grow better', primaryCta: null, secondaryCta: 'Book a demo', ...o });
    await publishRun(h, NW, { dimension: 'positioning', patch: { competitors: [row({})] } });
    await h.command('watch positioning --now all', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'positioning', patch: { competitors: [row({ headline: 'Grow <faster>', primaryCta: '', secondaryCta: '' })] } });
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    expect(text).toContain('headline changed: “Grow better” → “Grow &lt;faster&gt;”');
    expect(text).toContain('now read: no primary call to action on the page');
    expect(text).toContain('secondary call to action removed (was “Book a demo”)');
  });

  it('content: new pages by category (comparison first), a null gap list becoming a list is the first comparison; --category filters', async () => {
    await publishRun(h, NW, { dimension: 'content', patch: { gaps: { missingComparisonPages: null, missingCategories: ['webinars'] } } });
    await h.command('watch content --now all', { channel: CHANNELS.intel });
    h.sandbox.control.advanceClock(60_000);
    const run = await publishRun(h, NW, {
      dimension: 'content',
      patch: { gaps: { missingComparisonPages: ['northwind-vs-pipedrift'], missingCategories: ['webinars', 'docs'] } },
      changelog: [{ competitorId: 'cmp_nw_pipedrift', urls: { blog: ['https://pipedrift.com/blog/a', 'https://pipedrift.com/blog/b'], comparison: ['https://pipedrift.com/vs/northwind'] } }],
    });
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    expect(text).toContain('first comparison of missing comparison pages');
    expect(text).not.toContain('new in missing comparison pages');
    expect(text).toContain('new in missing categories: docs');
    expect(text.indexOf('new comparison page')).toBeLessThan(text.indexOf('new blog pages'));
  });

  it('ai: moves below the threshold are not told (default 5); --threshold lowers it; a brand becoming named is said so', async () => {
    const summary = (score: number, rank: number | null) => ({ summary: { customer: { domain: 'northwindcrm.com', score, mentionRate: 0.4 }, marketMap: { brands: [{ domain: 'pipedrift.com', rankByPresence: 1, answersNaming: 9 }, { domain: 'dealstream.io', rankByPresence: rank, answersNaming: rank === null ? 0 : 2 }] } } });
    // Twice: the check before the baseline has the same presence (no move the noise band would weigh).
    await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(50, null) });
    await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(50, null) });
    await h.command('watch ai --now all', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    expect(replyText(await h.command('watch ai --threshold 2 --now all', { channel: CHANNELS.general }))).toContain('threshold 2 points');
    const small = await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(53, null) });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, small)).toHaveLength(0);
    expect(textOf(watchesIn(h, CHANNELS.general, small)[0]!)).toContain('(+3 points)');
    const big = await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(60, 4) });
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, big)[0]!);
    expect(text).toContain('your AI visibility score 53 → 60 (+7 points)');
    expect(text).toContain('now named in AI answers (presence rank 4)');
  });

  it('sources: a brand entering the top of the cited list', async () => {
    // Rows as the sandbox describes them (it refuses to serve a row missing a field it documents).
    const brand = (domain: string, name: string, rank: number) => ({ domain, name, isOwn: false, answersNaming: 10 - rank, rankByPresence: rank, citations: 10 - rank });
    await publishRun(h, NW, { dimension: 'ai-sources', patch: { summary: { brands: [brand('pipedrift.com', 'Pipedrift', 1)], pages: [] } } });
    await h.command('watch sources --now all', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'ai-sources', patch: { summary: { brands: [brand('pipedrift.com', 'Pipedrift', 1), brand('hubforge.io', 'HubForge', 2)], pages: [] } } });
    await watchPoller(h).tick();
    expect(textOf(watchesIn(h, CHANNELS.intel, run)[0]!)).toContain('entered the top 10 cited brands (#2)');
  });

  it('exactly once across a restart, and after a kill between posting and recording', async () => {
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const one = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { planCount: 9 } }) } });
    await watchPoller(h).tick();
    await h.restart();
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, one)).toHaveLength(1);

    const two = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { planCount: 10 } }) } });
    // A dead process claimed it, posted, and died before recording.
    const { createDigestLedger } = await import('../../../src/store/digest-ledger.js');
    const ledger = createDigestLedger(h.radar.deps.store, { namespace: 'watch-ledger' });
    await ledger.claim({ teamId: TEAM.id, channelId: CHANNELS.intel, runId: `pricing:${two}` }, 'dead-process', 1);
    const earlier = await h.radar.app.client.chat.postMessage({ channel: CHANNELS.intel, text: 'watch posted before the crash', metadata: { event_type: 'radar_watch', event_payload: { run_id: two, project_id: NW, dimension: 'pricing' } } });
    await h.restart();
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, two).map((m) => m.ts)).toEqual([earlier.ts]);
  });

  it('Create ticket opens the ticket modal prefilled from the change and files one ticket', async () => {
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { hasFreePlan: true } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, run)[0]!;
    const button = (message.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchTicket)!;
    const ack = await h.driver.blockAction(ACTION_IDS.watchTicket, button.value ?? '', { channel: CHANNELS.intel, message });
    const view = await h.viewOpenedBy(ack);
    const json = JSON.stringify(view);
    expect(json).toContain('Pricing: hubforge.io: added a free plan');
    expect(json).toContain(run);
    expect(json).toContain('before: no | after: yes');
    const before = readable((await h.radar.deps.service.listTickets(NW, { closed: 'all' })).items).length;
    await h.driver.viewSubmission(h.slack.latestView()!, { title: 'Pricing: hubforge.io: added a free plan', column: 'triage' });
    await h.slack.waitForCall('chat.postMessage', (c) => String(c.args.text ?? '').includes('turned this message into ticket'));
    const after = readable((await h.radar.deps.service.listTickets(NW, { closed: 'all' })).items);
    expect(after.length).toBe(before + 1);
    expect(after.some((t) => typeof t.title === 'string' && t.title.includes('added a free plan'))).toBe(true);
  });

  it('a channel Slack refuses is marked failing (watch and status say why) and does not block the others', async () => {
    await h.command('bind northwind', { channel: CHANNELS.general });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await h.command('watch pricing', { channel: CHANNELS.general });
    h.slack.denyChannel(CHANNELS.general, 'not_in_channel');
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { planCount: 8 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, run)).toHaveLength(1);
    expect(watchesIn(h, CHANNELS.general, run)).toHaveLength(0);
    h.slack.allowChannel(CHANNELS.general);
    expect(replyText(await h.command('watch', { channel: CHANNELS.general }))).toContain('failing');
    expect(replyText(await h.command('status', { channel: CHANNELS.general }))).toContain('Watch messages to this channel are failing');
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.general, run)).toHaveLength(1);
    expect(watchesIn(h, CHANNELS.intel, run)).toHaveLength(1);
    expect(replyText(await h.command('watch', { channel: CHANNELS.general }))).not.toContain('failing');
  });

  it('a run whose payload has unexpected shapes still tells what it can read', async () => {
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows(), summary: { marketAvgPrice: 39, extraScore: 3 } } });
    await h.command('watch pricing --now all', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: [...pricingRows({ 'pipedrift.com': { hasFreePlan: 'sometimes', lowestPrice: { amount: 3 } } }), 'not a row'], summary: { marketAvgPrice: 'n/a', extraScore: 4, customer: 7 } } });
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, run)[0]!);
    // A field the rules do not name, said by its humanised name (never a path of keys), after the named changes.
    expect(text).toContain('extra score 3 → 4');
    expect(text).not.toMatch(/›|summary/);
  });

  it('a run that finished without a summary (404 run_not_summarized) is passed over, and the watch goes on with the next runs', async () => {
    // Northwind's seeded content history, newest first: the third run finished without a summary.
    const history = (await h.radar.deps.service.getDimensionHistory(NW, 'content', { page: 1, limit: 20 })).items as { runId: string; summary: unknown }[];
    expect(history.map((r) => r.summary === null)).toEqual([false, false, true, false]);
    await h.command('watch content --now all', { channel: CHANNELS.intel });
    const store = h.radar.deps.store.keyv('watches');
    const key = `${TEAM.id}:${CHANNELS.intel}`;
    const record = (await store.get(key)) as { watches: { lastSeenRunId: string | null }[] };
    record.watches[0]!.lastSeenRunId = history[3]!.runId; // the oldest run: three runs are due, the unsummarised one first
    await store.set(key, record);
    await watchPoller(h).tick();
    const posted = watchesIn(h, CHANNELS.intel);
    expect(posted.map((m) => m.metadata?.event_payload.run_id)).toEqual([history[1]!.runId, history[0]!.runId]);
    // The run after the gap is compared with the last run that has a summary.
    expect(textOf(posted[0]!)).toContain('URLs added by competitors 0 → 98');
    expect(textOf(posted[1]!)).toContain('URLs added by competitors 98 → 146');
    const after = (await store.get(key)) as { watches: { lastSeenRunId: string | null }[] };
    expect(after.watches[0]!.lastSeenRunId).toBe(history[0]!.runId);
  });

  it('lists watches with who set them and the digest setting; unwatch and unbind end them', async () => {
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('watches nothing');
    await h.command('watch ai --threshold 3', { channel: CHANNELS.intel });
    const list = replyText(await h.command('watch', { channel: CHANNELS.intel }));
    expect(list).toContain('*AI visibility* (threshold 3 points; noise band 5 points (default) on every engine)');
    expect(list).toContain('Briefing digests here: *on*');
    expect(replyText(await h.command('unwatch ai', { channel: CHANNELS.intel }))).toContain('no longer watches');
    await h.command('watch pricing', { channel: CHANNELS.intel });
    expect(replyText(await h.command('bind lumen', { channel: CHANNELS.intel }))).toContain("This channel's 1 watch of *Northwind CRM* ended");
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('watches nothing');
    await h.command('watch pricing', { channel: CHANNELS.intel });
    expect(replyText(await h.command('unbind', { channel: CHANNELS.intel }))).toContain('1 watch ended');
  });
});

/** Polls `probe` until it gives a value: no deadline but the test's timeout (a value never given fails it). */
async function waitFor<T>(probe: () => Promise<T | null>): Promise<T> {
  for (;;) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}
