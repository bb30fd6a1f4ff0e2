/**
 * The content watch states facts, never key paths (issue 27): a run and a changelog shaped as a
 * differently built service answers (rows under `sites`, identity nested, the URL count under
 * `urls.total`, per-category lists in a changelog entry, snake_case) give "new comparison page
 * /acme-vs-us" and "URLs in its sitemap 145 → 147" about the competitor, and a field no rule names is
 * said by its humanised name about whom it concerns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WatchDimension } from '../../../../src/store/watches.js';
import { changesOf } from '../../../../src/features/watches/changes/index.js';
import { readChangelogRows, watchPair } from '../../../support/watch-runs.js';

const site = (domain: string, total: number, extra: Record<string, unknown> = {}) => ({ competitor: { domain, display_name: domain.split('.')[0] }, urls: { total }, ...extra });
const run = (acme: number, beta: number, extra: Record<string, unknown> = {}) => ({
  run_id: 'r',
  summary: { gap_count: 2 },
  sites: [site('acme.com', acme, extra), site('beta.io', beta)],
});
const KEY_PATH = /›|#\d|\bsites\b|\.total\b/;

describe('content watch: facts, not key paths', () => {
  it('a comparison page that appeared is named; the URL count is said about the competitor', () => {
    const changelog = readChangelogRows([
      { brand: { domain: 'acme.com' }, detected_at: '2026-11-20T10:00:00Z', changes: [{ category: 'comparison', count: 1, urls: ['https://acme.com/acme-vs-us'] }] },
    ]);
    const changes = changesOf('content', watchPair('content', { previous: run(145, 80), current: run(147, 80) }), changelog);
    const lines = changes.map((c) => c.line);
    expect(lines[0]).toBe('*acme.com*: new comparison page /acme-vs-us');
    expect(lines).toContain('*acme.com*: URLs in its sitemap 145 → 147');
    expect(changes[0]!.category).toBe('comparison');
    expect(changes[0]!.competitor).toBe('acme.com');
    for (const line of lines) expect(line).not.toMatch(KEY_PATH);
    expect(lines.some((l) => l.includes('beta.io'))).toBe(false);
  });

  it('a comparison page appearing in a row’s own category list is named, without the changelog', () => {
    const previous = run(145, 80, { urls: { total: 145, comparison: ['https://acme.com/acme-vs-them'] } });
    const current = run(146, 80, { urls: { total: 146, comparison: ['https://acme.com/acme-vs-them', 'https://acme.com/acme-vs-us'] } });
    const lines = changesOf('content', watchPair('content', { previous, current })).map((c) => c.line);
    expect(lines).toContain('*acme.com*: new comparison page /acme-vs-us');
    expect(lines).toContain('*acme.com*: URLs in its sitemap 145 → 146');
    for (const line of lines) expect(line).not.toMatch(KEY_PATH);
  });

  it('a field no rule names is said by its name about whom it concerns, after the named changes', () => {
    const lines = changesOf('content', watchPair('content', { previous: run(1, 1, { market_note: 'calm' }), current: run(1, 1, { market_note: 'busy' }) })).map((c) => c.line);
    expect(lines).toEqual(['*acme.com*: market note calm → busy']);
    // A run summary's figure is the content reader's, said in /radar history content's words (not by the generic rule).
    const summary = changesOf('content', watchPair('content', { previous: { summary: { urlsAddedByCompetitors: 98 } }, current: { summary: { urlsAddedByCompetitors: 146 } } })).map((c) => c.line);
    expect(summary).toEqual(['URLs added by competitors 98 → 146']);
  });

  it('a null count becoming a number is "now measured", never an addition', () => {
    const lines = changesOf('content', watchPair('content', { previous: { competitors: [{ domain: 'acme.com', urlCount: null }] }, current: { competitors: [{ domain: 'acme.com', urlCount: 12 }] } })).map((c) => c.line);
    expect(lines).toEqual(['*acme.com*: now measured: URLs in its sitemap 12']);
  });
});

describe('generic comparison: never a path of keys, whatever the payload', () => {
  const word = fc.constantFrom('market', 'note', 'score', 'extra', 'signal', 'trend', 'value', 'level');
  const key = fc.tuple(word, word, fc.constantFrom('camel', 'snake', 'pascal')).map(([a, b, style]) =>
    style === 'camel' ? `${a}${b[0]!.toUpperCase()}${b.slice(1)}` : style === 'snake' ? `${a}_${b}` : `${a[0]!.toUpperCase()}${a.slice(1)}${b[0]!.toUpperCase()}${b.slice(1)}`,
  );
  const leaf = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constantFrom(null, 'calm', 'busy', true, false));
  const tree = fc.letrec((tie) => ({
    node: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('node'), tie('rows')), { maxKeys: 4 }),
    rows: fc.array(fc.record({ competitor: fc.record({ domain: fc.constantFrom('acme.com', 'beta.io', 'gamma.dev') }), facts: tie('node') }), { maxLength: 3 }),
  })).node;
  const dimension = fc.constantFrom<WatchDimension>('content', 'pricing', 'tech', 'positioning', 'sources', 'ai');

  /** Every number one higher, every text and flag flipped: each leaf moves. */
  const moved = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(moved)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'domain' ? x : moved(x)]))
        : typeof v === 'number'
          ? v + 1
          : typeof v === 'boolean'
            ? !v
            : v === 'calm'
              ? 'busy'
              : v;

  it('a changed value is said by humanised names about whom it concerns', () => {
    fc.assert(
      fc.property(tree, dimension, (before, dim) => {
        const after = moved(before);
        const lines = changesOf(dim, watchPair(dim, { previous: { summary: before }, current: { summary: after } })).map((c) => c.line);
        if (JSON.stringify(before).match(/":\d/)) expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) {
          expect(line).not.toMatch(/›|#\d|\w\.\w+ /);
          expect(line).not.toMatch(/[a-z][A-Z]|_[a-z]/); // no key as sent (camelCase, snake_case)
        }
      }),
      { numRuns: 50 },
    );
  });
});
