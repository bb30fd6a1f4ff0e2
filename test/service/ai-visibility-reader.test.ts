/**
 * The AI visibility reader (issue 27): compact pages de-duplicated by domain with the first included,
 * page objects found whatever their key's case or style, presence per spec 2.2.5, identity nested or
 * flat, standing and ties from presence only.
 */
import { describe, expect, it } from 'vitest';
import { brandRowsOf, readAiAnswers, readAiHistoryRow, readAiTrend, readAiVisibility, readMarketMap, standingStatement, type AiBrandRow } from '../../src/service/index.js';

type Json = Record<string, unknown>;
const b = (name: string, domain: string, mentionRate: number | null, rankByPresence: number | null, extra: Json = {}): Json => ({ name, domain, mentionRate, answersNaming: mentionRate === null ? null : Math.round(mentionRate * 20), rankByPresence, score: 40, ...extra });
const rows = (list: ReturnType<typeof brandRowsOf>) => list.filter((r): r is AiBrandRow => r !== null);

describe('compact pages de-duplicated by domain, the first included', () => {
  it('a tracked row repeated on one page is kept once, with the figures of its first appearance', () => {
    const list = brandRowsOf([b('Own', 'own.com', 0.5, 1, { isOwn: true }), b('Closewise', 'closewise.com', 0.45, 2), b('Other', 'other.com', 0.4, 3), b('Closewise again', 'WWW.Closewise.com', 0.1, 9)]);
    expect(rows(list).map((r) => r.domain)).toEqual(['own.com', 'closewise.com', 'other.com']);
    expect(rows(list)[1]!.name).toEqual({ kind: 'value', value: 'Closewise' });
    expect(rows(list)[1]!.mentionRate).toEqual({ kind: 'value', value: 0.45 });
  });

  it('rows without a domain are matched by id, then name; unreadable rows stay once each', () => {
    const list = brandRowsOf([{ brandId: 'b1', name: 'A', mentionRate: 0.3, rankByPresence: 1 }, { brandId: 'b1', name: 'A2', mentionRate: 0.3, rankByPresence: 1 }, 'junk', { name: 'N', mentionRate: 0.2, rankByPresence: 2 }, { name: 'n', mentionRate: 0.2, rankByPresence: 2 }]);
    expect(list).toHaveLength(3);
    expect(list[1]).toBeNull();
  });
});

describe('the page object, whatever its key case or style', () => {
  const brands = [b('Own', 'own.com', 0.5, 1, { isOwn: true }), b('X', 'x.com', 0.4, 2)];
  const variants: [string, Json][] = [
    ['brandsPage beside the list', { summary: { customer: null, marketMap: { brands, brandsPage: { offset: 0, limit: 2, total: 15, hasMore: true } } } }],
    ['brands_page with snake_case fields', { summary: { customer: null, market_map: { brands, brands_page: { offset: 0, limit: 2, total: 15, has_more: true } } } }],
    ['marketMapPage on the summary', { summary: { customer: null, marketMap: { brands }, marketMapPage: { offset: 0, limit: 2, total: 15, hasMore: true } } }],
    ['MarketMapPage in PascalCase', { Summary: { Customer: null, MarketMap: { Brands: brands }, MarketMapPage: { Offset: 0, Limit: 2, Total: 15, HasMore: true } } }],
    ['a page object without hasMore', { summary: { customer: null, marketMap: { brands, brandsPage: { offset: 0, limit: 2, total: 15 } } } }],
  ];
  for (const [label, body] of variants) {
    it(`${label}: the count is the page's total (15), never the page length (2)`, () => {
      expect(readMarketMap(body).brandsPage).toEqual({ kind: 'value', value: { offset: 0, limit: 2, total: 15, hasMore: true } });
    });
  }

  it('a page object without a total is unreadable, never a count made of the page length', () => {
    expect(readMarketMap({ summary: { marketMap: { brands, brandsPage: { offset: 0, limit: 2 } } } }).brandsPage.kind).toBe('unreadable');
  });
});

describe('presence (spec 2.2.5)', () => {
  it('a null rank beside answersNaming 0 is "not named"; beside a count that is not 0 it is "not measured"; a number is a rank', () => {
    const [zero, some, none, ranked] = rows(
      brandRowsOf([
        { domain: 'a.com', rankByPresence: null, answersNaming: 0, mentionRate: 0 },
        { domain: 'b.com', rankByPresence: null, answersNaming: 3, mentionRate: 0.15 },
        { domain: 'c.com', rankByPresence: null, mentionRate: 0 },
        { domain: 'd.com', rankByPresence: 4, answersNaming: 7, mentionRate: 0.35 },
      ]),
    );
    expect(zero!.presence).toEqual({ kind: 'not_named' });
    expect(some!.presence).toEqual({ kind: 'not_measured' });
    expect(none!.presence).toEqual({ kind: 'not_named' });
    expect(ranked!.presence).toEqual({ kind: 'ranked', rank: 4 });
  });
});

describe('identity found nested or flat', () => {
  it('name, domain and the own flag are read from a nested brand or competitor object, in any case', () => {
    const [own, other] = rows(
      brandRowsOf([
        { brand: { Name: 'Northwind', Domain: 'https://northwind.com/', is_own: true }, mention_rate: 0.5, rank_by_presence: 1 },
        { competitor: { competitor_name: 'Closewise', hostname: 'closewise.com', competitor_id: 'c_9' }, mentionRate: 0.4, rankByPresence: 2 },
      ]),
    );
    expect(own).toMatchObject({ domain: 'northwind.com', name: { kind: 'value', value: 'Northwind' }, isOwn: true, mentionRate: { kind: 'value', value: 0.5 } });
    expect(other).toMatchObject({ domain: 'closewise.com', competitorId: 'c_9', name: { kind: 'value', value: 'Closewise' }, isOwn: false });
  });
});

describe('raw answers: the named brands found nested or flat', () => {
  it('a named brand nested under `brand` keeps its name and domain', () => {
    const facts = readAiAnswers({ answers: [{ provider: 'claude', prompt_index: 0, brands: [{ brand: { name: 'Pipedrift', domain: 'pipedrift.com' }, rank: 1, reasoning: 'r' }, { name: 'Flat', domain: 'flat.com', rank: 2 }] }] });
    const brands = facts.answers.kind === 'value' && facts.answers.value[0]!.brands;
    expect(brands && brands.kind === 'value' && brands.value.map((x) => [x?.name, x?.domain])).toEqual([
      [{ kind: 'value', value: 'Pipedrift' }, { kind: 'value', value: 'pipedrift.com' }],
      [{ kind: 'value', value: 'Flat' }, { kind: 'value', value: 'flat.com' }],
    ]);
  });
});

describe('standing from presence, ties said as ties', () => {
  const map = (list: Json[], page: Json | null = null): Json => ({ summary: { customer: null, marketMap: { brands: list, ...(page ? { brandsPage: page } : {}) } } });

  it('four brands named in 50% of answers tie: never one leader, never "you are the most named brand"', () => {
    const body = map([b('Own', 'own.com', 0.5, 1, { isOwn: true }), b('A', 'a.com', 0.5, 2), b('B', 'b.com', 0.5, 3), b('C', 'c.com', 0.5, 4), b('D', 'd.com', 0.45, 5)]);
    const text = standingStatement(readAiVisibility(body).standing);
    expect(text).toBe('4 brands tie for the top presence, each named in 50% of the answers counted: you (Own), A, B and C. None of them leads.');
  });

  it('the score never makes a leader: the best score at lower presence is not named', () => {
    const body = map([b('A', 'a.com', 0.6, 1), b('Own', 'own.com', 0.5, 2, { isOwn: true, score: 100 })]);
    expect(standingStatement(readAiVisibility(body).standing)).toBe('A is the most named brand, named in 60% of the answers counted.');
  });

  it('you alone at the top: you are the most named brand', () => {
    const body = map([b('Own', 'own.com', 0.6, 1, { isOwn: true }), b('A', 'a.com', 0.5, 2)]);
    expect(standingStatement(readAiVisibility(body).standing)).toBe('You are the most named brand, named in 60% of the answers counted.');
  });

  it('a page cut inside the tied group says "at least"; a later page claims nothing', () => {
    const cut = map([b('A', 'a.com', 0.5, 1), b('B', 'b.com', 0.5, 2)], { offset: 0, limit: 2, total: 9, hasMore: true });
    expect(standingStatement(readAiVisibility(cut).standing)).toMatch(/^At least 2 brands tie for the top presence/);
    const later = map([b('C', 'c.com', 0.4, 3), b('D', 'd.com', 0.3, 4)], { offset: 2, limit: 2, total: 9, hasMore: true });
    expect(readAiVisibility(later).standing.kind).toBe('none');
  });

  it('nobody named, or no presence figures: no standing', () => {
    expect(readAiVisibility(map([b('A', 'a.com', 0, null), b('B', 'b.com', 0, null)])).standing.kind).toBe('none');
    expect(readAiVisibility(map([b('A', 'a.com', null, 1), b('B', 'b.com', null, 2)])).standing.kind).toBe('none');
  });

  it('a trend point of tracked brands only never claims a lead it cannot see; its tie is "at least" unless ranks 1..n+1 are shown', () => {
    const trend = (brands: Json[]) => readAiTrend({ item: { points: [{ checkedAt: '2026-11-20T00:00:00Z', brands: brands.map(({ rankByPresence: _, ...rest }) => rest) }] } });
    const alone = trend([{ ...b('Own', 'own.com', 0.5, null, { isOwn: true }), rank: 1 }, { ...b('T', 't.com', 0.45, null), rank: 6 }]);
    expect(alone.kind === 'value' && alone.value[0]!.standing.kind).toBe('none');
    const partial = trend([{ ...b('Own', 'own.com', 0.5, null, { isOwn: true }), rank: 1 }, { ...b('T', 't.com', 0.5, null), rank: 3 }]);
    expect(partial.kind === 'value' && standingStatement(partial.value[0]!.standing)).toMatch(/^At least 2 brands tie/);
    const whole = trend([{ ...b('Own', 'own.com', 0.5, null, { isOwn: true }), rank: 1 }, { ...b('T', 't.com', 0.5, null), rank: 2 }, { ...b('U', 'u.com', 0.4, null), rank: 3 }]);
    expect(whole.kind === 'value' && standingStatement(whole.value[0]!.standing)).toMatch(/^2 brands tie/);
  });

  it('a history row reads its rankings through the same reader', () => {
    const row = readAiHistoryRow({ check_id: 'chk_1', checked_at: '2026-11-20T00:00:00Z', summary: { customer: { domain: 'own.com', score: 40, mention_rate: 0.5, rank_by_presence: 1, answers_naming: 10 }, competitor_rankings: [b('Own', 'own.com', 0.5, 1, { isOwn: true }), b('T', 't.com', 0.5, 2), b('U', 'u.com', 0.4, 3)] } });
    expect(row?.checkId).toEqual({ kind: 'value', value: 'chk_1' });
    expect(row?.customer.kind === 'value' && row.customer.value?.presence).toEqual({ kind: 'ranked', rank: 1 });
    expect(standingStatement(row!.standing)).toBe('2 brands tie for the top presence, each named in 50% of the answers counted: you (Own) and T. None of them leads.');
  });
});
