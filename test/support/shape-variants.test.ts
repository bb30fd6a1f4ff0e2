/**
 * The shared shape-variant generator: what it keeps, what it varies, and one example use (a row's identity found
 * and matched to the competitor list in every shape the generator makes of the sandbox's pricing answer).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { identityOf, matchIdentity, type RowIdentity } from '../../src/service/schemas/competitor-row.js';
import { arrayAt, isRecord, recordAt } from '../../src/service/tolerant.js';
import { sandboxClient } from '../sandbox/client.js';
import { HOSTILE_STRINGS, restyleKey, shapeVariants, variantOf, type ShapeVariant, type VariantChoices } from './shape-variants.js';

/** The pricing keys spec 2.5 names (every other key is the sandbox's choice). */
const PRICING_NAMED = [
  'item.summary.customer',
  'item.summary.marketAvgPrice',
  'item.summary.pricePositionPercent',
  'item.summary.marketPricingUnit',
  'item.summary.gaps.hasPriceGap',
  '**.pricingDataAvailable',
  '**.hasFreePlan',
];

function leaves(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (isRecord(value)) Object.values(value).forEach((v) => leaves(v, out));
  else out.push(value);
  return out;
}

function keys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keys(v, out));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) keys(v, out.add(k));
  return out;
}

const at = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), value);

describe('shape variants', () => {
  let sandbox: Sandbox;
  let pricing: Record<string, unknown>;
  let competitors: (RowIdentity & { id: string })[];
  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 1000 });
    const client = sandboxClient(sandbox);
    pricing = (await client.get('/v1/projects/prj_northwind/pricing')).body;
    const list = (await client.get<{ items: Record<string, unknown>[] }>('/v1/projects/prj_northwind/competitors')).body.items;
    competitors = list.map((c) => ({ ...identityOf(c), competitorId: String(c.id), id: String(c.id) }));
  });
  afterAll(() => sandbox?.close());

  it('restyles a key in every case and style', () => {
    expect(['camel', 'snake', 'pascal', 'kebab', 'screaming'].map((s) => restyleKey('hasAnnualDiscount', s as 'camel'))).toEqual([
      'hasAnnualDiscount',
      'has_annual_discount',
      'HasAnnualDiscount',
      'has-annual-discount',
      'HAS_ANNUAL_DISCOUNT',
    ]);
    expect(restyleKey('is_own', 'camel')).toBe('isOwn');
  });

  it('keeps the named paths as written, every fact, and adds only the hostile strings it reports', () => {
    const facts = leaves(pricing);
    fc.assert(
      fc.property(shapeVariants(pricing, { keep: PRICING_NAMED }), (variant) => {
        const summary = at(variant.payload, 'item', 'summary');
        expect(at(summary, 'customer')).toBeDefined();
        expect(at(summary, 'marketAvgPrice')).toBe(39.25);
        expect(at(summary, 'pricePositionPercent')).toBe(-26.1);
        expect(at(summary, 'marketPricingUnit')).toBe('per_seat_month');
        expect(at(summary, 'gaps', 'hasPriceGap')).toBe(false);
        expect(keys(variant.payload).has('pricingDataAvailable')).toBe(true);
        // Every fact is still there (as often); anything more is a hostile string the variant reports adding.
        const got = leaves(variant.payload);
        const extra = [...got];
        for (const fact of facts) {
          const i = extra.indexOf(fact);
          expect(i, `${String(fact)} kept`).toBeGreaterThanOrEqual(0);
          extra.splice(i, 1);
        }
        expect(extra).toEqual(variant.added);
      }),
      { numRuns: 50 },
    );
  });

  it('makes every kind of variant, and the same one from the same choices', () => {
    const sample: ShapeVariant[] = fc.sample(shapeVariants(pricing, { keep: PRICING_NAMED }), { numRuns: 300, seed: 27 });
    const rows = (v: ShapeVariant) => (arrayAt(recordAt(v.payload, 'item'), 'competitors') ?? []).filter(isRecord);
    expect(sample.some((v) => rows(v).some((r) => Object.keys(r).some((k) => /^(competitor|brand|company|site)$/i.test(k))))).toBe(true);
    expect(sample.some((v) => keys(v.payload).has('has_annual_discount'))).toBe(true);
    expect(sample.some((v) => keys(v.payload).has('HAS-ANNUAL-DISCOUNT') || keys(v.payload).has('has-annual-discount'))).toBe(true);
    expect(sample.some((v) => [...keys(v.payload)].some((k) => /^(details|attributes|data|info)$/i.test(k)))).toBe(true);
    expect(sample.some((v) => v.added.includes(HOSTILE_STRINGS[0] as string))).toBe(true);
    const choices: VariantChoices = { caseStyle: 'mixed', identity: 'nested', holder: 'brand', move: 'down', unknown: true, hostile: 'x', seed: 99 };
    expect(variantOf(pricing, { keep: PRICING_NAMED }, choices)).toEqual(variantOf(pricing, { keep: PRICING_NAMED }, choices));
  });

  // The example use: one reader (a row's identity) checked in every shape.
  it('finds every pricing row’s competitor and matches it to the competitor list, in every shape', () => {
    const wanted = ['cmp_nw_own', 'cmp_nw_pipedrift', 'cmp_nw_hubforge', 'cmp_nw_closewise', 'cmp_nw_salesloom', 'cmp_nw_dealstream', 'cmp_nw_relatekit'];
    fc.assert(
      fc.property(shapeVariants(pricing, { keep: PRICING_NAMED }), (variant) => {
        const rows = (arrayAt(recordAt(variant.payload, 'item'), 'competitors') ?? []).filter(isRecord);
        const matched = rows.map((row) => matchIdentity(identityOf(row), competitors)?.id);
        expect(matched, JSON.stringify(variant.choices)).toEqual(wanted);
        expect(rows.filter((row) => identityOf(row).isOwn)).toHaveLength(1);
      }),
      { numRuns: 50 },
    );
  });
});
