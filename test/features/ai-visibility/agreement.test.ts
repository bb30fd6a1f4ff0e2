/**
 * Issue 27, AI visibility: one payload, every consumer, the same facts. The payload is shaped as a
 * differently built service would answer: identities nested (`brand`, `competitor`), unnamed keys in
 * snake_case, the page object under another key and in snake_case, a tracked row repeated on the page,
 * unknown text fields with hostile strings. `/radar ai` (overview, trend, history), the competitor
 * card's AI part and the watch rule must state the same brands, the same presence numbers and the same
 * tie statement. Then a shape-variant property test (fast-check) over the sandbox's own payload.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiLines } from '../../support/raw-views.js';
import { overviewView } from '../../../src/features/ai-visibility/views/overview-view.js';
import { trendView } from '../../support/raw-views.js';
import { aiHistoryView as historyView } from '../../support/raw-views.js';
import { aiChanges } from '../../../src/features/watches/changes/ai.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { readAiAnswers, readAiVisibility, standingStatement } from '../../../src/service/index.js';
import { answersMessages } from '../../../src/features/ai-visibility/views/answers-view.js';
import { escapeMrkdwn } from '../../../src/slack/blocks/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { messageText } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

type Json = Record<string, unknown>;
const HOSTILE = '*bold* <!here> <@U1> &amp;';
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** One brand row as another service might write it: identity nested, snake_case figures. */
function row(name: string, domain: string, rate: number, naming: number, rank: number | null, score: number, extra: Json = {}): Json {
  return { brand: { name, domain }, mention_rate: rate, answers_naming: naming, rank_by_presence: rank, score, ...extra };
}

const OWN = { brand: { name: 'Northwind CRM', domain: 'northwindcrm.com', is_own: true }, is_tracked: true, mention_rate: 0.5, answers_naming: 10, rank_by_presence: 1, score: 48, analyst_note: HOSTILE };
const ROWS: Json[] = [
  OWN,
  row('OpenDeal', 'opendeal.app', 0.5, 10, 2, 52),
  { competitor: { name: 'Closewise', domain: 'closewise.com' }, is_tracked: true, mention_rate: 0.5, answers_naming: 10, rank_by_presence: 3, score: 30 },
  row('HubForge', 'hubforge.io', 0.5, 10, 4, 53, { is_tracked: true }),
  row('Pipedrift', 'pipedrift.com', 0.45, 9, 5, 47, { is_tracked: true }),
  row('DealStream', 'dealstream.io', 0, 0, null, 0, { is_tracked: true }),
  // The same tracked competitor repeated on the page (a service that pins tracked rows without de-duplicating).
  { competitor: { name: 'Closewise', domain: 'Closewise.com' }, is_tracked: true, mention_rate: 0.5, answers_naming: 10, rank_by_presence: 3, score: 30 },
];
const TIE = '4 brands tie for the top presence, each named in 50% of the answers counted: you (Northwind CRM), OpenDeal, Closewise and HubForge. None of them leads.';

function dashboard(rows: Json[], own: Json = { rate: 0.5, rank: 1 }): Json {
  return {
    check_id: 'chk_alt_2',
    checked_at: '2026-11-20T10:00:00Z',
    latest_check_data_available: { available: false, status: 'latest_check_incomplete' },
    providers: ['chatgpt', 'claude'],
    summary: {
      customer: { domain: 'northwindcrm.com', score: 48, mention_rate: own.rate, answers_naming: 10, rank_by_presence: own.rank, per_prompt: [0, 1, 2, 3].map((i) => ({ prompt_index: i, mention_rate: 0.5 })) },
      total_entries: 20,
      market_summary: `Four brands share the top. ${HOSTILE}`,
      market_map: { brands: rows, brands_page: { offset: 0, limit: 6, total: 9, has_more: true } },
    },
  };
}

describe('AI visibility agreement: one payload, every consumer', () => {
  const item = dashboard(ROWS);
  const overviewMessage = overviewView('Northwind CRM', readAiVisibility(item), { moreValue: null, nextCommand: '/radar ai --page 2' });
  /** What a person reads (entities decoded); the raw blocks are checked for escaping. */
  const overview = messageText(overviewMessage);
  const card = aiLines(item, { id: null, name: 'Closewise', domain: 'closewise.com', isOwn: false }).join('\n');
  // The run before: you alone at the top (60%), Closewise fifth.
  const before = dashboard(
    [
      { ...OWN, mention_rate: 0.6, answers_naming: 12 },
      row('OpenDeal', 'opendeal.app', 0.5, 10, 2, 52),
      row('HubForge', 'hubforge.io', 0.5, 10, 3, 53, { is_tracked: true }),
      row('Pipedrift', 'pipedrift.com', 0.45, 9, 4, 47, { is_tracked: true }),
      { competitor: { name: 'Closewise', domain: 'closewise.com' }, is_tracked: true, mention_rate: 0.45, answers_naming: 9, rank_by_presence: 5, score: 30 },
      row('DealStream', 'dealstream.io', 0.05, 1, 6, 0, { is_tracked: true }),
    ],
    { rate: 0.6, rank: 1 },
  );
  const watch = aiChanges(watchPair('ai', { previous: before, current: item })).map((c) => c.line).join('\n');
  const trendMessage = trendView('Northwind CRM', { item: { check_points: [{ checked_at: '2026-11-20T10:00:00Z', brands: ROWS.map((r) => ({ ...r, rank: r.rank_by_presence, rank_by_presence: undefined })) }] } }, null);
  const trend = messageText(trendMessage);
  const historyMessage = historyView('Northwind CRM', {
      items: [{ check_id: 'chk_alt_2', checked_at: '2026-11-20T10:00:00Z', summary: { customer: (item.summary as Json).customer, competitor_rankings: ROWS } }],
      total: 1,
      page: 1,
      pageSize: 10,
      loweredTo: null,
      stillDropped: 0,
      hasMore: false,
  });
  const history = messageText(historyMessage);

  it('the reader finds the same facts: rows de-duplicated by domain, the count from the page object, the tie', () => {
    const facts = readAiVisibility(item);
    expect(facts.brands.kind === 'value' && facts.brands.value.map((r) => r?.domain)).toEqual(['northwindcrm.com', 'opendeal.app', 'closewise.com', 'hubforge.io', 'pipedrift.com', 'dealstream.io']);
    expect(facts.brandsPage).toEqual({ kind: 'value', value: { offset: 0, limit: 6, total: 9, hasMore: true } });
    expect(standingStatement(facts.standing)).toBe(TIE);
    expect(facts.latestCheck).toEqual({ unavailable: true, reason: 'latest_check_incomplete' });
    expect(facts.promptCount).toEqual({ kind: 'value', value: 4 });
  });

  it('the same tie statement in the overview, the trend, the history, the card and the watch', () => {
    for (const text of [overview, trend, history, card, watch]) expect(text).toContain(escapeMrkdwn(TIE));
    for (const text of [overview, trend, history, card, watch]) expect(text).not.toMatch(/ leads by|you are the most named|is the most named brand/i);
  });

  it('the same brands and presence numbers everywhere', () => {
    // Closewise: third by presence, tied, named in 50% of the answers counted.
    // A line of the market map, or a row of its table (Brand, Presence, Named in, Score).
    expect(overview).toMatch(/\*?Closewise\*? \(closewise\.com\) _?\(tracked\)_?(: | +)#3 by presence \(tied with 3 other brands shown\)( · | +)50% of answers counted/);
    expect(card).toContain('#3 by presence (how often answers name it), tied with 3 other brands shown · mention rate: named in 50% of the answers counted');
    expect(trend).toContain('*Closewise*: named in 50% of answers counted · score 30/100 · presence rank 3 (tied with 3 other brands shown)');
    expect(watch).toContain('*closewise.com*: presence rank 5 → 3; named in 50% of the answers counted');
    // DealStream: a null rank beside answersNaming 0 is "not named in any answer", in every consumer that shows it.
    expect(overview).toMatch(/\*DealStream\* \(dealstream\.io\) _\(tracked\)_: not named in any answer/);
    expect(trend).toMatch(/\*DealStream\*: .*no rank \(not named in any answer\)/);
    expect(watch).toContain('*dealstream.io*: no longer named in any AI answer (was presence rank 6)');
    // Closewise once on the page, though sent twice.
    expect(overview.match(/\*Closewise\*/g)).toHaveLength(1);
    expect(trend.match(/\*Closewise\*/g)).toHaveLength(1);
  });

  it('the whole watch (named rules and the generic comparison) states facts, never a path of keys', () => {
    const lines = changesOf('ai', watchPair('ai', { previous: before, current: item })).map((c) => c.line);
    expect(lines.join('\n')).toContain(escapeMrkdwn(TIE));
    for (const line of lines) expect(line).not.toMatch(/›|market_map|mention_rate|brands #/);
  });

  it('counts come from the page object, with a way to the rest; the abandoned latest check is said', () => {
    expect(overview).toContain('6 of 9 brands on the market map shown');
    expect(overview).toContain('The rest of the market map: `/radar ai --page 2`');
    expect(overview).toContain('latest AI visibility check was abandoned as incomplete (latest check incomplete)');
    expect(card).toContain('The latest check was abandoned as incomplete (latest check incomplete)');
  });

  it("the per-prompt results are shown, and an answer's unknown fields (an AI overview's text) are not dropped", () => {
    expect(overview).toContain('*By prompt* (your figures over each prompt');
    expect(overview).toContain('• *Prompt 4*: named in 50% of answers counted');
    const answers = readAiAnswers({
      answers: [{ model_name: 'x', provider: 'google-ai-overview', prompt_index: 0, prompt: 'best CRM', brands: [{ name: 'A', domain: 'a.com', rank: 1 }], overview_text: `Overview says ${HOSTILE}`, cited_pages: ['https://a.com/x'] }],
    });
    const message = answersMessages('Northwind CRM', { brand: 'a.com', model: null, prompt: null }, answers, readAiVisibility(item));
    const text = message.map((m) => messageText(m)).join('\n');
    expect(text).toContain(`Overview text:_ Overview says ${HOSTILE}`);
    expect(text).toContain('Cited pages:_ https://a.com/x');
    expect(JSON.stringify(message.map((m) => m.blocks))).not.toMatch(/<!here>|<@U1>/);
  });

  it('fields Radar does not know are shown, escaped', () => {
    expect(overview).toContain(`*Market summary:* Four brands share the top. ${HOSTILE}`);
    expect(overview).toContain(`Analyst note: ${HOSTILE}`);
    const raw = [JSON.stringify(overviewMessage.blocks), JSON.stringify(trendMessage.blocks), JSON.stringify(historyMessage.blocks), card, watch];
    for (const text of raw) expect(text).not.toMatch(/<!here>|<@U1>/);
    expect(JSON.stringify(overviewMessage.blocks)).toContain('&lt;!here&gt; &lt;@U1&gt; &amp;amp;');
  });
});

/* Shape variants of the sandbox's own payload (issue 27, 6). */

let sandbox: Sandbox;
let latest: Json;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const res = await fetch(`${sandbox.url}/v1/projects/prj_northwind/ai-visibility`, { headers: { 'svc-api-key': sandbox.keys.readWrite } });
  latest = ((await res.json()) as { item: Json }).item;
});
afterAll(() => sandbox?.close());

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pascal = (k: string) => k[0]!.toUpperCase() + k.slice(1);
type Style = 'camel' | 'snake' | 'pascal';
const styled = (k: string, s: Style) => (s === 'snake' ? snake(k) : s === 'pascal' ? pascal(k) : k);

function restyle(value: unknown, s: Style): unknown {
  if (Array.isArray(value)) return value.map((v) => restyle(v, s));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [styled(k, s), restyle(v, s)]));
  return value;
}

interface Variant {
  style: Style;
  nest: 'flat' | 'brand' | 'competitor';
  pageUnder: 'map' | 'summary';
  repeatTracked: boolean;
  extra: string;
}

function variantOf(v: Variant): Json {
  const item = clone(latest);
  const summary = item.summary as Json;
  const map = summary.marketMap as { brands: Json[]; brandsPage?: Json };
  let brands = map.brands.map((b) => {
    const withExtra: Json = { ...b, marketNote: v.extra };
    if (v.nest === 'flat') return withExtra;
    const { name, domain, isOwn, ...rest } = withExtra;
    return { ...rest, [v.nest]: { name, domain, isOwn } };
  });
  if (v.repeatTracked) brands = [...brands, ...brands.filter((b) => b.tracked === true)];
  map.brands = brands;
  if (v.pageUnder === 'summary') {
    summary.marketMapPage = map.brandsPage;
    delete map.brandsPage;
  }
  summary.marketNote = v.extra;
  return restyle(item, v.style) as Json;
}

const variants = fc.record({
  style: fc.constantFrom<Style>('camel', 'snake', 'pascal'),
  nest: fc.constantFrom<Variant['nest']>('flat', 'brand', 'competitor'),
  pageUnder: fc.constantFrom<Variant['pageUnder']>('map', 'summary'),
  repeatTracked: fc.boolean(),
  extra: fc.constantFrom(HOSTILE, `note ${HOSTILE}`, '<https://evil.example|click> & more'),
});

describe('AI visibility shape variants (fast-check)', () => {
  it('every consumer states the same brands, presence numbers, count and tie whatever the shape', () => {
    const sandboxTie = '4 brands tie for the top presence, each named in 50% of the answers counted: you (Northwind CRM), OpenDeal, Quotaly and TallyForce. None of them leads.';
    fc.assert(
      fc.property(variants, (v) => {
        const item = variantOf(v);
        const facts = readAiVisibility(item);
        expect(standingStatement(facts.standing)).toBe(sandboxTie);
        const message = overviewView('Northwind CRM', facts, { moreValue: null, nextCommand: '/radar ai --page 2' });
        const overview = messageText(message);
        expect(overview).toContain(`*Standing:* ${sandboxTie}`);
        expect(overview).toContain('14 of 15 brands on the market map shown');
        expect(overview.match(/\*Pipedrift\* \(pipedrift\.com\)/g)).toHaveLength(1);
        expect(overview).toMatch(/\*?Pipedrift\*? \(pipedrift\.com\) _?\(tracked\)_?(: | +)#11 by presence \(tied with 8 other brands shown\)( · | +)45% of answers counted/);
        expect(overview).toMatch(/\*DealStream\* \(dealstream\.io\) _\(tracked\)_: not named in any answer/);
        expect(overview).toContain('_(you)_');
        const card = aiLines(item, { id: null, name: 'Pipedrift', domain: 'pipedrift.com', isOwn: false }).join('\n');
        expect(card).toContain('#11 by presence (how often answers name it), tied with 8 other brands shown · mention rate: named in 45% of the answers counted');
        const cardTop = aiLines(item, { id: null, name: 'OpenDeal', domain: 'opendeal.app', isOwn: false }).join('\n');
        expect(cardTop).toContain(`Standing: ${sandboxTie}`);
        const watch = aiChanges(watchPair('ai', { previous: variantOf({ ...v, style: 'camel' }), current: item }));
        expect(watch).toEqual([]);
        for (const text of [JSON.stringify(message.blocks), card, cardTop]) expect(text).not.toMatch(/<!here>|<@U1>|<https:/);
        expect(overview).toContain(v.extra);
      }),
      { numRuns: 40 },
    );
  });
});
