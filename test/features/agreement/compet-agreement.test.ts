/**
 * One reading per area (issue 27): one payload, shaped as a differently built service would answer
 * (identity nested, unnamed keys in snake_case, unknown text fields added, the rows under a key
 * nobody named), fed to every consumer of the area: the `/radar` view, the competitor card's part and
 * the watch's change rule. They must state the same facts (names, numbers, states), and never a key.
 */
import { describe, expect, it } from 'vitest';
import { pricingFactLines } from '../../../src/features/competitors/card/pricing-part.js';
import { positioningFactLines } from '../../../src/features/competitors/card/positioning-part.js';
import { trustLines } from '../../support/raw-views.js';
import type { CompetitorRef } from '../../../src/features/competitors/competitor-ref.js';
import { positioningCompactView, positioningFullView } from '../../../src/features/positioning/views/positioning-view.js';
import { pricingView } from '../../support/raw-views.js';
import { techView } from '../../../src/features/tech/views/tech-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { readPositioning, readPricing, readTechTrust, type PositioningRow, type PricingRead } from '../../../src/service/index.js';
import { messageText, tableRowLines } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

const HOSTILE = '*bold* <!here> <@U1> &amp;';
/** A mention as Slack would act on it: the hostile strings must arrive escaped in the blocks sent. */
const RAW_MENTION = /<!here>|<@U1>/;

/** What a person reads (entities decoded), and a check that the blocks as sent carry no live mention. */
function read(message: Parameters<typeof messageText>[0]): string {
  expect(JSON.stringify(message.blocks)).not.toMatch(RAW_MENTION);
  return messageText(message);
}

/** The card asks by the competitor list's identity; the rows carry it nested. */
const ACME: CompetitorRef = { id: 'cmp_acme', name: 'Acme', domain: 'acme.io', isOwn: false };

const lines = (changes: { line: string }[]) => changes.map((c) => c.line).join('\n');

describe('tech-trust: /radar tech, the card and the tech watch state the same facts', () => {
  const row = (trust: number, grade: string) => ({
    competitor: { id: 'cmp_acme', name: 'Acme', domain: 'acme.io' },
    security_headers: { grade, score: 72 },
    trust_signals: { found: trust, evaluated: 26 },
    tech_stack: ['React', 'Stripe'],
    robots_txt: { exists: true },
    analyst_note: HOSTILE,
  });
  const own = { competitor: { id: 'cmp_own', name: 'Us', domain: 'us.example', is_own: true }, security_headers: { grade: 'A', score: 90 }, trust_signals: { found: 14, evaluated: 26 } };
  const answer = (trust: number, grade: string) => ({ view: 'compact', tracked_sites: [own, row(trust, grade)] });

  it('names the nested competitor, reads nine trust signals everywhere, and escapes the unknown note', () => {
    const item = answer(9, 'B');
    const facts = readTechTrust(item);
    const tech = techView('P', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full: false });
    const view = read(tech);
    expect(view).not.toContain('unnamed competitor');
    // The sites table: a row a site, the own one marked.
    const acme = tableRowLines(tech.blocks, 'acme.io');
    expect(tableRowLines(tech.blocks, 'us.example')).toMatch(/^\*us\.example \(you\)\*/);
    expect(acme).toContain('*Trust signals:* 9 of 26 found');
    expect(acme).toContain('*Security headers:* grade B · score 72');
    // The field Radar does not know stays a line after the table, escaped.
    expect(view).toContain('*acme.io*');
    expect(view).toContain(`*Analyst note:* ${HOSTILE}`);

    const card = trustLines(item, ACME).join('\n');
    expect(card).not.toContain('Not among the rows');
    expect(card).toContain('Trust signals: 9 of 26 found · security headers: grade B · score 72');
    expect(card).toContain('*Analyst note:* *bold* &lt;!here&gt; &lt;@U1&gt; &amp;amp;');
    // By domain alone, or by name alone, the same row.
    expect(trustLines(item, { ...ACME, id: null })).toEqual(trustLines(item, ACME));
    expect(trustLines(item, { ...ACME, id: null, domain: 'www.ACME.io' })).toEqual(trustLines(item, ACME));

    const watch = lines(changesOf('tech', watchPair('tech', { previous: answer(7, 'C'), current: item })));
    expect(watch).toContain('*acme.io*: trust signals found 7 of 26 → 9 of 26');
    expect(watch).toContain('*acme.io*: security grade C → B');
    expect(watch).not.toMatch(/›|trust_signals|security_headers|#\d/);
  });
});

describe('pricing: /radar pricing, the card and the pricing watch state the same facts', () => {
  const answer = (price: number, freeGap: boolean) => ({
    summary: {
      customer: { starting_price: { amount: 59, currency: 'USD' }, pricing_unit: 'per_seat_month', plan_count: 3, has_free_plan: false },
      gaps: { has_price_gap: true, has_free_plan_gap: freeGap },
      market_avg_price: 45,
      market_pricing_unit: 'per_seat_month',
      price_position_percent: 31.1,
    },
    rows: [
      { competitor: { id: 'cmp_acme', name: 'Acme', domain: 'acme.io' }, starting_price: price, currency: 'USD', pricing_unit: 'per_seat_month', plan_count: 4, has_free_plan: true, sales_note: HOSTILE, plan_details: { tiers: ['Starter', 'Pro'] } },
    ],
  });

  it('finds the price under another key, names the nested competitor, states gaps in words', () => {
    const item = answer(39, true) as unknown as PricingRead;
    const view = read(pricingView('P', item));
    expect(view).toMatch(/acme\.io(\n| +)\$39 per seat a month(\n| +)4(\n| +)yes/); // a row of the competitors table
    expect(view).toContain('*Your lowest price:* $59 per seat a month');
    expect(view).toContain('*Free plan gap:* :large_orange_diamond: gap — free plan at acme.io; you have none');
    expect(view).toContain('*Price gap:* :large_orange_diamond: gap');
    expect(view).not.toMatch(/has_free_plan_gap|hasFreePlanGap|has_price_gap|unnamed competitor/);
    // The competitors table has a column for each other field: the service's text as sent, an unknown object as readable text, never dropped and never JSON.
    expect(view).toMatch(/Sales note +Plan details/);
    expect(view).toContain(HOSTILE);
    expect(view).toContain('tiers: Starter; Pro');

    const card = pricingFactLines(readPricing(item), ACME).join('\n');
    expect(card).toContain('Lowest price $39 per seat a month · free plan yes · plans 4');
    expect(card).not.toContain('not reported');
    expect(card).toContain('· sales note *bold* &lt;!here&gt; &lt;@U1&gt; &amp;amp;');
    expect(card).toContain('· plan details tiers: Starter; Pro');

    const watch = lines(changesOf('pricing', watchPair('pricing', { previous: answer(49, false), current: item })));
    expect(watch).toContain('*acme.io*: lowest price $49 per seat a month → $39 per seat a month');
    expect(watch).toContain('free plan gap: now a gap');
    expect(watch).not.toMatch(/›|has_free_plan_gap|starting_price|#\d/);
    // A run detail whose summary holds the dashboard reads the same.
    const asRun = (a: unknown) => ({ runId: 'run_1', status: 'completed', summary: a });
    expect(lines(changesOf('pricing', watchPair('pricing', { previous: asRun(answer(49, false)), current: asRun(item) })))).toBe(watch);
  });
});

describe('positioning: /radar positioning, the card and the positioning watch state the same facts', () => {
  const answer = (headline: string) => ({
    brands: [
      { brand: { brand_id: 'cmp_acme', brand_name: 'Acme', Domain: 'acme.io' }, homepage: { Headline: headline, primary_cta: 'Start free', value_propositions: ['Fast', 'Simple'], target_audience: 'SMB sales teams' }, positioning_note: HOSTILE, proof_points: { customers: 1200 } },
    ],
    competitive_analysis: { differentiation_score: 0.4 },
  });

  it('names the nested brand and quotes the same headline and call to action', () => {
    const item = answer('Close more deals');
    const facts = readPositioning(item);
    const compact = read(positioningCompactView('P', facts, () => null));
    expect(compact).toContain('*acme.io*');
    expect(compact).toContain('“Close more deals”');
    expect(compact).toContain('“Start free”');
    const row = (facts.rows.kind === 'value' ? facts.rows.value[0] : null) as PositioningRow;
    const full = read(positioningFullView('P', facts, row));
    expect(full).toContain('*Target audience:* “SMB sales teams”');
    expect(full).toContain(`*Positioning note:* “${HOSTILE}”`);
    expect(full).toContain('*Proof points:* customers: 1,200');

    const card = positioningFactLines(facts, ACME).join('\n');
    expect(card).toBe('Homepage headline: “Close more deals”\nCalls to action: “Start free”');

    const watch = lines(changesOf('positioning', watchPair('positioning', { previous: answer('Close deals'), current: item })));
    expect(watch).toContain('*acme.io*: headline changed: “Close deals” → “Close more deals”');
    expect(watch).not.toMatch(/›|#\d|Headline/);
  });
});
