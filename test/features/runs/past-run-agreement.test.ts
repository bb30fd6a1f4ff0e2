/**
 * One past run, every consumer (issue 27): a pricing run in another house style (identity nested, the price
 * under another key, snake_case) is read by `readPricingRun` for `/radar run pricing` and for the pricing watch,
 * and both state the same prices and gap flags; a tech run likewise through `readTechTrust`.
 */
import { describe, expect, it } from 'vitest';
import { pricingRunView } from '../../../src/features/pricing/past-run.js';
import { techRunView } from '../../../src/features/tech/past-run.js';
import { runView } from '../../../src/features/runs/views/runs-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { readRunDetail } from '../../../src/service/read/runs.js';
import { messageText } from '../../support/view-checks.js';

const pricingRun = (price: number) => ({
  run_id: 'run_p',
  status: 'completed',
  completed_at: '2026-11-20T04:00:00Z',
  summary: { customer: { lowestPrice: 59, currency: 'USD', hasFreePlan: false }, gaps: { hasPriceGap: true, has_free_plan_gap: false }, marketAvgPrice: 49, marketPricingUnit: 'per_seat_month', pricePositionPercent: 20.4 },
  by_competitor: [{ competitor: { competitor_id: 'cmp_a', domain: 'acme.io', display_name: 'Acme' }, starting_price: price, currency: 'USD', plan_count: 3 }],
});

const techRun = (trust: number) => ({ run_id: 'run_t', summary: { security_score_gap: -4.7 }, sites: [{ brand: { domain: 'acme.io' }, security: { grade: 'B', score: 70 }, trust_signals: trust }] });

const textOf = (dimension: 'pricing' | 'tech-trust', run: Record<string, unknown>, view: { blocks: never[] } | null) => messageText(runView('Acme', dimension, String(run.run_id), readRunDetail(run), view));

describe('a past run reads the same in /radar run and in the watch', () => {
  it('pricing: the competitor’s price under another key, the gap flags in words, in both', () => {
    const text = textOf('pricing', pricingRun(39), pricingRunView('Acme', pricingRun(39)) as never);
    expect(text).toContain('*Price gap:* :large_orange_diamond: gap');
    expect(text).toContain('*Free plan gap:* no gap');
    expect(text).toMatch(/acme\.io(\n| +)\$39(\n| +)3/); // a row of the competitors table
    expect(text).toContain('*Your lowest price:* $59');
    expect(text).not.toMatch(/starting_price|has_free_plan_gap|by_competitor|cmp_a|\bnull\b|T04:00/);
    const watch = changesOf('pricing', { previous: pricingRun(49), current: pricingRun(39) }).map((c) => c.line);
    expect(watch).toContain('*acme.io*: lowest price $49 → $39');
  });

  it('tech: the row nested and in snake_case, its trust signals in /radar tech’s words; the summary beside it; the watch agrees', () => {
    const text = textOf('tech-trust', techRun(17), techRunView('Acme', techRun(17)) as never);
    expect(text).toContain('17 of 26');
    expect(text).toContain('*Run summary:* Security score gap -4.7');
    const watch = changesOf('tech', { previous: techRun(14), current: techRun(17) }).map((c) => c.line);
    expect(watch).toContain('*acme.io*: trust signals found 14 of 26 → 17 of 26');
  });
});
