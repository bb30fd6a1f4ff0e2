/**
 * One past run, every consumer (issue 27): a pricing run in another house style (identity nested, the price
 * under another key, snake_case) is read by `readPricingRun` for `/radar run pricing` and for the pricing watch,
 * and both state the same prices and gap flags; a tech run likewise through `readTechTrust`.
 */
import { describe, expect, it } from 'vitest';
import { pricingRunView } from '../../../src/features/pricing/past-run.js';
import { techRunView } from '../../../src/features/tech/past-run.js';
import { historyView, runView } from '../../../src/features/runs/views/runs-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { readHistoryRow, readRunDetail } from '../../../src/service/read/runs.js';
import { readPricingRun, readTechTrust } from '../../../src/service/index.js';
import { messageText } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

const pricingRun = (price: number) => ({
  run_id: 'run_p',
  status: 'completed',
  completed_at: '2026-11-20T04:00:00Z',
  summary: { customer: { lowestPrice: 59, currency: 'USD', hasFreePlan: false }, gaps: { hasPriceGap: true, has_free_plan_gap: false }, marketAvgPrice: 49, marketPricingUnit: 'per_seat_month', pricePositionPercent: 20.4 },
  by_competitor: [{ competitor: { competitor_id: 'cmp_a', domain: 'acme.io', display_name: 'Acme' }, starting_price: price, currency: 'USD', plan_count: 3 }],
});

const techRun = (trust: number) => ({ run_id: 'run_t', summary: { security_score_gap: -4.7 }, sites: [{ brand: { domain: 'acme.io' }, security: { grade: 'B', score: 70 }, trust_signals: trust }] });

const textOf = (dimension: 'pricing' | 'tech-trust', run: Record<string, unknown>, view: { blocks: never[] } | null) => messageText(runView('Acme', dimension, String(run.run_id), readRunDetail(run, dimension), view));

describe('a past run reads the same in /radar run and in the watch', () => {
  it('pricing: the competitor’s price under another key, the gap flags in words, in both', () => {
    const text = textOf('pricing', pricingRun(39), pricingRunView('Acme', readPricingRun(pricingRun(39))) as never);
    expect(text).toContain('*Price gap:* :large_orange_diamond: gap');
    expect(text).toContain('*Free plan gap:* no gap');
    expect(text).toMatch(/acme\.io(\n| +)\$39(\n| +)3/); // a row of the competitors table
    expect(text).toContain('*Your lowest price:* $59');
    expect(text).not.toMatch(/starting_price|has_free_plan_gap|by_competitor|cmp_a|\bnull\b|T04:00/);
    const watch = changesOf('pricing', watchPair('pricing', { previous: pricingRun(49), current: pricingRun(39) })).map((c) => c.line);
    expect(watch).toContain('*acme.io*: lowest price $49 → $39');
  });

  it('tech: the row nested and in snake_case, its trust signals in /radar tech’s words; the summary beside it; the watch agrees', () => {
    const text = textOf('tech-trust', techRun(17), techRunView('Acme', readTechTrust(techRun(17))) as never);
    expect(text).toContain('17 of 26');
    expect(text).toContain('*Run summary:* Security score gap −4.7');
    const watch = changesOf('tech', watchPair('tech', { previous: techRun(14), current: techRun(17) })).map((c) => c.line);
    expect(watch).toContain('*acme.io*: trust signals found 14 of 26 → 17 of 26');
  });

  it('a run summary: /radar history, /radar run and the watch say its figures in the same words (a null gap "no comparison")', () => {
    const run = (id: string, security: number | null, trust: number) => ({ run_id: id, completed_at: '2026-11-20T04:00:00Z', summary: { 'security-score-gap': security, TrustSignalGap: trust, competitors_measured: 5, analyst_note: '<!here> calm' } });
    const [newer, older, oldest] = [run('run_2', -4.7, 1.2), run('run_1', -6.1, 0.4), run('run_0', null, 0.4)];
    const page = { items: [newer, older, oldest].map((r) => readHistoryRow(r, 'tech-trust')), pagination: { page: 1, limit: 10, total: 3, totalPages: 1, hasMore: false } };
    const historyMessage = historyView('Acme', 'tech-trust', page, 'tech');
    expect(JSON.stringify(historyMessage.blocks)).not.toContain('<!here>');
    const history = messageText(historyMessage);
    // The fields the reader names in its words, then the one it does not (escaped), never a key.
    expect(history).toContain('Security score gap −4.7 · trust signal gap +1.2 · competitors measured 5 · Analyst note <!here> calm');
    expect(history).toContain('Security score gap _no comparison_ · trust signal gap +0.4');
    expect(textOf('tech-trust', newer, null)).toContain('Security score gap −4.7 · trust signal gap +1.2 · competitors measured 5');
    const watch = changesOf('tech', watchPair('tech', { previous: older, current: newer })).map((c) => c.line);
    expect(watch).toContain('security score gap −6.1 → −4.7');
    expect(watch).toContain('trust signal gap +0.4 → +1.2');
    const fromNoComparison = changesOf('tech', watchPair('tech', { previous: oldest, current: older })).map((c) => c.line);
    expect(fromNoComparison).toContain('security score gap −6.1 (no comparison the run before)');
    expect(changesOf('tech', watchPair('tech', { previous: older, current: oldest })).map((c) => c.line)).toContain('security score gap: no comparison this run (was −6.1)');
    expect([...watch, ...fromNoComparison].join('\n')).not.toMatch(/not measured|-4\.7|-6\.1/);
  });

  it('a content run summary: /radar history and the content watch say its figures alike (a null gap count "no comparison")', () => {
    const run = (id: string, added: number, gaps: number | null) => ({ run_id: id, summary: { urls_added_by_competitors: added, GapCount: gaps, competitorsCompared: 5 } });
    const [newer, older] = [run('run_2', 146, 5), run('run_1', 98, null)];
    const page = { items: [newer, older].map((r) => readHistoryRow(r, 'content')), pagination: { page: 1, limit: 10, total: 2, totalPages: 1, hasMore: false } };
    const history = messageText(historyView('Acme', 'content', page, 'content'));
    expect(history).toContain('URLs added by competitors 146 · gaps found 5 · competitors compared 5');
    expect(history).toContain('URLs added by competitors 98 · gaps found _no comparison_');
    const watch = changesOf('content', watchPair('content', { previous: older, current: newer })).map((c) => c.line);
    expect(watch).toContain('URLs added by competitors 98 → 146');
    expect(watch).toContain('gaps found 5 (no comparison the run before)');
    expect(watch.join('\n')).not.toMatch(/urls_added|gap count|not measured/i);
  });
});
