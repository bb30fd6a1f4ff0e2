/**
 * Shape variants (issue 27, item 6): the sandbox's tech-trust, pricing and positioning answers
 * transformed as a differently built service would answer (identity flat, nested, or two levels deep;
 * unnamed keys in camelCase, snake_case or PascalCase; the rows under another key; an unknown text
 * field with hostile strings added to every row), and the facts checked in every consumer's output:
 * the card's lines are those of the sandbox's own shape, every line of the `/radar` view is still
 * there, the watch states the same changes, and the hostile text arrives escaped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingFactLines } from '../../../src/features/competitors/card/pricing-part.js';
import { positioningFactLines } from '../../../src/features/competitors/card/positioning-part.js';
import { trustLines } from '../../support/raw-views.js';
import type { CompetitorRef } from '../../../src/features/competitors/competitor-ref.js';
import { positioningCompactView } from '../../../src/features/positioning/views/positioning-view.js';
import { pricingView } from '../../support/raw-views.js';
import { techView } from '../../../src/features/tech/views/tech-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { northwindPositioning } from '../../../src/sandbox/seed/positioning.js';
import { northwindPricing } from '../../../src/sandbox/seed/pricing.js';
import { NORTHWIND_COMPETITORS } from '../../../src/sandbox/seed/projects.js';
import { northwindTechTrust } from '../../../src/sandbox/seed/tech-trust.js';
import { readPositioning, readPricing, readTechTrust, type PricingRead } from '../../../src/service/index.js';
import { messageText } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T,>(v: T): T => structuredClone(v);

const HOSTILE = '*bold* <!here> <@U1> &amp;';
const RUNS = Math.min(50, Number(process.env.TOLERANT_RUNS ?? 30));

type Style = 'camel' | 'snake' | 'pascal';
type Nest = 'flat' | 'nested' | 'deep';
interface Shape {
  style: Style;
  nest: Nest;
  listKey: string;
}

function styled(key: string, style: Style): string {
  if (style === 'camel') return key;
  if (style === 'snake') return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** Every key restyled, but the spec-named `summary` and `customer` (the pricing schema requires them as named). */
function restyle(value: unknown, style: Style): unknown {
  if (Array.isArray(value)) return value.map((v) => restyle(v, style));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === 'summary' || k === 'customer' ? k : styled(k, style), restyle(v, style)]));
}

const IDENTITY = ['competitorId', 'domain', 'name', 'isOwn'];

/** A row with its identity moved: flat, under `competitor`, or two levels down under `meta.brand`; and a hostile note added. */
function reshapeRow(row: Json, nest: Nest): Json {
  const identity = Object.fromEntries(Object.entries(row).filter(([k]) => IDENTITY.includes(k)).map(([k, v]) => [k === 'competitorId' ? 'id' : k, v]));
  const rest = Object.fromEntries(Object.entries(row).filter(([k]) => !IDENTITY.includes(k)));
  const note = { reviewerNote: HOSTILE };
  if (nest === 'flat') return { ...row, ...note };
  if (nest === 'nested') return { competitor: identity, ...rest, ...note };
  return { meta: { brand: identity }, ...rest, ...note };
}

function transform(answer: Json, shape: Shape): Json {
  const copy = clone(answer);
  const rows = (copy.competitors as Json[]).map((r) => reshapeRow(r, shape.nest));
  delete copy.competitors;
  return restyle({ ...copy, [shape.listKey]: rows }, shape.style) as Json;
}

/** The same answer with a note added to every row, in the sandbox's own shape (what the transformed answer should read as). */
function withNote(answer: Json): Json {
  const copy = clone(answer);
  copy.competitors = (copy.competitors as Json[]).map((r) => reshapeRow(r, 'flat'));
  return copy;
}

const shapes = fc.record({
  style: fc.constantFrom<Style>('camel', 'snake', 'pascal'),
  nest: fc.constantFrom<Nest>('flat', 'nested', 'deep'),
  listKey: fc.constantFrom('competitors', 'trackedSites', 'rows'),
});

const REFS: CompetitorRef[] = NORTHWIND_COMPETITORS.map((c) => ({ id: c.id, name: c.name, domain: c.domain, isOwn: c.isOwn }));

/** What a person reads, after checking that the blocks as sent carry no live mention. */
function read(message: Parameters<typeof messageText>[0]): string {
  expect(JSON.stringify(message.blocks)).not.toMatch(/<!here>|<@U1>/);
  return messageText(message);
}

const rowsOf = (facts: ReturnType<typeof readTechTrust>) => (facts.rows.kind === 'value' ? facts.rows.value : null);
const linesOf = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
const watchLines = (changes: { line: string }[]) => changes.map((c) => c.line).sort();

describe('shape variants: every consumer states the sandbox answer\'s facts', () => {
  it('tech-trust', () => {
    const base = northwindTechTrust(NORTHWIND_COMPETITORS).latest as Json;
    const before = clone(base);
    const pipedrift = (before.competitors as Json[]).find((r) => r.domain === 'pipedrift.com') as Json;
    pipedrift.trustSignals = { count: 15, evaluated: 26 };
    pipedrift.techStack = ['React'];
    const expected = {
      view: linesOf(read(techView('P', readTechTrust(withNote(base)), rowsOf(readTechTrust(withNote(base))), { full: false }))),
      cards: REFS.map((ref) => trustLines(withNote(base), ref)),
      watch: watchLines(changesOf('tech', watchPair('tech', { previous: withNote(before), current: withNote(base) }))),
    };
    expect(expected.watch.join('\n')).toContain('trust signals found 15 of 26 → 19 of 26');
    fc.assert(
      fc.property(shapes, (shape) => {
        const item = transform(base, shape);
        const facts = readTechTrust(item);
        expect(facts.rows.kind).toBe('value');
        const view = read(techView('P', facts, rowsOf(facts), { full: false }));
        for (const line of expected.view) expect(view).toContain(line);
        expect(view).not.toContain('unnamed competitor');
        REFS.forEach((ref, i) => expect(trustLines(item, ref)).toEqual(expected.cards[i]));
        expect(watchLines(changesOf('tech', watchPair('tech', { previous: transform(before, shape), current: item })))).toEqual(expected.watch);
      }),
      { numRuns: RUNS },
    );
  });

  it('pricing', () => {
    const base = northwindPricing(NORTHWIND_COMPETITORS).latest as Json;
    const before = clone(base);
    const pipedrift = (before.competitors as Json[]).find((r) => r.domain === 'pipedrift.com') as Json;
    pipedrift.lowestPrice = 29;
    const expected = {
      view: linesOf(read(pricingView('P', withNote(base) as unknown as PricingRead))),
      cards: REFS.map((ref) => pricingFactLines(readPricing(withNote(base) as unknown as PricingRead), ref)),
      watch: watchLines(changesOf('pricing', watchPair('pricing', { previous: withNote(before), current: withNote(base) }))),
    };
    expect(expected.watch.join('\n')).toMatch(/\*pipedrift\.com\*: lowest price \$29 per seat a month → \$24 per seat a month/);
    fc.assert(
      fc.property(shapes, (shape) => {
        const item = transform(base, shape) as unknown as PricingRead;
        const view = read(pricingView('P', item));
        for (const line of expected.view) expect(view).toContain(line);
        REFS.forEach((ref, i) => expect(pricingFactLines(readPricing(item), ref)).toEqual(expected.cards[i]));
        expect(watchLines(changesOf('pricing', watchPair('pricing', { previous: transform(before, shape), current: item })))).toEqual(expected.watch);
      }),
      { numRuns: RUNS },
    );
  });

  it('positioning', () => {
    const base = northwindPositioning(NORTHWIND_COMPETITORS).latest as Json;
    const before = clone(base);
    const hubforge = (before.competitors as Json[]).find((r) => r.domain === 'hubforge.io') as Json;
    hubforge.headline = 'Grow with us';
    const expected = {
      view: linesOf(read(positioningCompactView('P', readPositioning(withNote(base)), () => null))),
      cards: REFS.map((ref) => positioningFactLines(readPositioning(withNote(base)), ref)),
      watch: watchLines(changesOf('positioning', watchPair('positioning', { previous: withNote(before), current: withNote(base) }))),
    };
    expect(expected.watch.join('\n')).toContain('*hubforge.io*: headline changed: “Grow with us” →');
    fc.assert(
      fc.property(shapes, (shape) => {
        const item = transform(base, shape);
        const facts = readPositioning(item);
        const view = read(positioningCompactView('P', facts, () => null));
        for (const line of expected.view) expect(view).toContain(line);
        REFS.forEach((ref, i) => expect(positioningFactLines(facts, ref)).toEqual(expected.cards[i]));
        expect(watchLines(changesOf('positioning', watchPair('positioning', { previous: transform(before, shape), current: item })))).toEqual(expected.watch);
      }),
      { numRuns: RUNS },
    );
  });
});
