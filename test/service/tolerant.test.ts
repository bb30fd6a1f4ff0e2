import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { availabilityReason, markerSaysUnavailable } from '../../src/service/index.js';
import { collect, lookup, read, unreadableText } from '../../src/service/tolerant.js';

describe('lookup', () => {
  it('finds a key at its place, in any case, one level up, or one level down; the exact key wins', () => {
    const parent = { upper: 1 };
    expect(lookup({ a: 1 }, 'a')).toMatchObject({ found: true, value: 1, where: 'here' });
    expect(lookup({ A: 1, a: 2 }, 'a')).toMatchObject({ value: 2 });
    expect(lookup({ MARKETAVGPRICE: 3 }, 'marketAvgPrice')).toMatchObject({ value: 3, where: 'here', key: 'MARKETAVGPRICE' });
    expect(lookup({}, 'upper', { up: parent })).toMatchObject({ value: 1, where: 'up' });
    expect(lookup({ wrap: { deep: null } }, 'deep')).toMatchObject({ found: true, value: null, where: 'down' });
    expect(lookup({ wrap: { deep: 1 } }, 'deep', { down: false })).toEqual({ found: false });
    expect(lookup({ list: [{ deep: 1 }] }, 'deep')).toEqual({ found: false });
    expect(lookup(null, 'a')).toEqual({ found: false });
  });

  it('property: a value placed at, above or below the place, in any case, is found as it was sent', () => {
    const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string());
    const casing = fc.constantFrom((k: string) => k, (k: string) => k.toUpperCase(), (k: string) => k.toLowerCase());
    fc.assert(
      fc.property(fc.constantFrom('here', 'up', 'down'), casing, value, (where, cased, v) => {
        const key = 'hasFreePlanGap';
        const place: Record<string, unknown> = { other: 1 };
        const up: Record<string, unknown> = { place };
        if (where === 'here') place[cased(key)] = v;
        if (where === 'up') up[cased(key)] = v;
        if (where === 'down') place.wrapper = { [cased(key)]: v };
        const hit = lookup(place, key, { up });
        expect(hit).toMatchObject({ found: true, where });
        expect(hit.found && hit.value).toBe(v);
      }),
    );
  });
});

describe('read', () => {
  const num = z.number().nullable();
  it('is tri-state: a value (null included), omitted, or unreadable', () => {
    expect(read({ a: null }, 'a', num)).toEqual({ kind: 'value', value: null });
    expect(read({ a: 0 }, 'a', num)).toEqual({ kind: 'value', value: 0 });
    expect(read({}, 'a', num)).toEqual({ kind: 'omitted' });
    expect(read({}, 'a', num, { absent: 'unreadable' })).toEqual({ kind: 'unreadable' });
    expect(read({ a: 'zero' }, 'a', num)).toEqual({ kind: 'unreadable' });
  });
});

describe('collect', () => {
  it('finds matching keys nearest first, never inside arrays', () => {
    const root = { hasA: 1, x: { hasB: 2, y: { hasC: 3 } }, rows: [{ hasD: 4 }] };
    expect(collect(root, (k) => k.startsWith('has'), 3)).toEqual([['hasA', 1], ['hasB', 2], ['hasC', 3]]);
    expect(collect(root, (k) => k.startsWith('has'), 1)).toEqual([['hasA', 1], ['hasB', 2]]);
  });
});

describe('availability markers (shape not shown)', () => {
  it('a string, an object with a reason in any case or one level down, or the reason beside the marker', () => {
    expect(availabilityReason('no_pricing_page_found')).toBe('no_pricing_page_found');
    expect(availabilityReason({ available: false, reason: 'x' })).toBe('x');
    expect(availabilityReason({ available: false, Reason: 'x' })).toBe('x');
    expect(availabilityReason({ available: false, detail: { reason: 'x' } })).toBe('x');
    expect(availabilityReason({ available: false }, { reason: 'x' })).toBe('x');
    expect(availabilityReason(false)).toBeUndefined();
  });

  it('only an explicit "available" reads as available', () => {
    expect(markerSaysUnavailable(undefined)).toBe(false);
    expect(markerSaysUnavailable(null)).toBe(false);
    expect(markerSaysUnavailable(true)).toBe(false);
    expect(markerSaysUnavailable({ available: true })).toBe(false);
    expect(markerSaysUnavailable({ Available: true })).toBe(false);
    expect(markerSaysUnavailable(false)).toBe(true);
    expect(markerSaysUnavailable('no_page')).toBe(true);
    expect(markerSaysUnavailable({ available: false, reason: 'x' })).toBe(true);
    expect(markerSaysUnavailable({ reason: 'x' })).toBe(true);
  });
});

it('an unreadable part is one italic line', () => {
  expect(unreadableText('Gap flags')).toBe("_Gap flags: Radar couldn't read this part of the service's answer._");
});
