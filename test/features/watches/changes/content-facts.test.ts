/**
 * The content watch states facts, never key paths (issue 27): a run and a changelog shaped as a
 * differently built service answers (rows under `sites`, identity nested, the URL count under
 * `urls.total`, per-category lists in a changelog entry, snake_case) give "new comparison page
 * /acme-vs-us" and "URLs in its sitemap 145 → 147" about the competitor, and a field no rule names is
 * said by its humanised name about whom it concerns.
 */
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../../src/features/watches/changes/index.js';
import { readChangelogRows } from '../../../../src/features/watches/changes/content.js';

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
    const changes = changesOf('content', { previous: run(145, 80), current: run(147, 80) }, changelog);
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
    const lines = changesOf('content', { previous, current }).map((c) => c.line);
    expect(lines).toContain('*acme.com*: new comparison page /acme-vs-us');
    expect(lines).toContain('*acme.com*: URLs in its sitemap 145 → 146');
    for (const line of lines) expect(line).not.toMatch(KEY_PATH);
  });

  it('a field no rule names is said by its name about whom it concerns, after the named changes', () => {
    const lines = changesOf('content', { previous: run(1, 1, { market_note: 'calm' }), current: run(1, 1, { market_note: 'busy' }) }).map((c) => c.line);
    expect(lines).toEqual(['*acme.com*: market note calm → busy']);
    const summary = changesOf('content', { previous: { summary: { urlsAddedByCompetitors: 98 } }, current: { summary: { urlsAddedByCompetitors: 146 } } }).map((c) => c.line);
    expect(summary).toEqual(['urls added by competitors 98 → 146']);
  });

  it('a null count becoming a number is "now measured", never an addition', () => {
    const lines = changesOf('content', { previous: { competitors: [{ domain: 'acme.com', urlCount: null }] }, current: { competitors: [{ domain: 'acme.com', urlCount: 12 }] } }).map((c) => c.line);
    expect(lines).toEqual(['*acme.com*: now measured: URLs in its sitemap 12']);
  });
});
