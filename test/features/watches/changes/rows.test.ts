/** The rows every change rule reads (change.ts): a competitor's identity found on the row or nested, under any usual list key. */
import { describe, expect, it } from 'vitest';
import { isOwnRow, rowName, rowsByName } from '../../../../src/features/watches/changes/change.js';
import { changesOf } from '../../../../src/features/watches/changes/index.js';

describe('rows of a run', () => {
  it('a row names its competitor flat or nested, in any key style', () => {
    expect(rowName({ domain: 'Acme.com' })).toBe('acme.com');
    expect(rowName({ competitor: { Domain: 'acme.com', is_own: true } })).toBe('acme.com');
    expect(rowName({ brand: { display_name: 'Acme' } })).toBe('acme');
    expect(isOwnRow({ competitor: { domain: 'acme.com', is_own: true } })).toBe(true);
    expect(isOwnRow({ domain: 'acme.com' })).toBe(false);
  });

  it('rows under another list key and nested identities are matched across runs', () => {
    const run = (plans: number) => ({ summary: {}, sites: [{ competitor: { domain: 'pipedrift.com' }, plan_count: plans }] });
    expect([...rowsByName(run(4), 'competitors').keys()]).toEqual(['pipedrift.com']);
    const lines = changesOf('pricing', { previous: run(4), current: run(5) }).map((c) => c.line);
    expect(lines).toContain('*pipedrift.com*: plan count 4 → 5');
  });
});
