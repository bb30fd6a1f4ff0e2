/**
 * The shared identity code (issue 27): a row's competitor found on the row or nested, in any key
 * style; rows matched to the competitor list by id, then domain, then name; and the extras a reader
 * does not know, stated as bounded plain facts and shown escaped.
 */
import { describe, expect, it } from 'vitest';
import { competitorRowsOf, identityOf, labelOf, matchIdentity, type RowIdentity } from '../../../src/service/schemas/competitor-row.js';
import { extrasOf, MAX_EXTRA_TEXT, MAX_EXTRAS } from '../../../src/service/extras.js';
import { extraLines } from '../../../src/slack/blocks/extras.js';

const id = (competitorId: string | null, domain: string | null, name: string | null, isOwn = false): RowIdentity => ({ competitorId, domain, name, isOwn });

describe('identityOf', () => {
  it('reads the identity on the row itself', () => {
    expect(identityOf({ competitorId: 'cmp_1', domain: 'acme.com', name: 'Acme', isOwn: true, score: 3 })).toEqual(id('cmp_1', 'acme.com', 'Acme', true));
  });

  it('finds an identity nested under `competitor`, the nested id counting as the competitor id', () => {
    const row = { id: 'row_9', competitor: { id: 'cmp_7', name: 'Rival', domain: 'rival.io' }, trustSignals: 9 };
    const found = identityOf(row);
    expect(found.domain).toBe('rival.io');
    expect(found.name).toBe('Rival');
    // The row's own id is read first (it is on the row), but a nested competitor id is kept when the row has none.
    expect(identityOf({ competitor: { id: 'cmp_7', name: 'Rival', domain: 'rival.io' } }).competitorId).toBe('cmp_7');
    expect(labelOf(found)).toBe('rival.io');
  });

  it('finds `brand: { Domain }` in another case, and a URL as its host', () => {
    expect(identityOf({ brand: { Domain: 'Brand.example' } }).domain).toBe('Brand.example');
    expect(identityOf({ brand: { website: 'https://www.brand.example/about' } }).domain).toBe('www.brand.example');
  });

  it('reads snake_case `is_own` and `competitor_id` as isOwn and competitorId', () => {
    const found = identityOf({ competitor_id: 'cmp_2', competitor: { domain: 'own.example', is_own: true } });
    expect(found.competitorId).toBe('cmp_2');
    expect(found.isOwn).toBe(true);
    expect(identityOf({ IsOwn: false, domain: 'x.example' }).isOwn).toBe(false);
    // Only `true` is own: a string "true" is not.
    expect(identityOf({ is_own: 'true', domain: 'x.example' }).isOwn).toBe(false);
  });

  it('two levels deep, and a child that is not called `competitor`', () => {
    expect(identityOf({ meta: { subject: { name: 'Deep Co' } } }).name).toBe('Deep Co');
    expect(identityOf({ about: { domain: 'child.example' } }).domain).toBe('child.example');
  });

  it('a row naming no one: no name or domain anywhere, so "unnamed" is the truth', () => {
    const found = identityOf({ trustSignals: 3, security: { grade: 'A' } });
    expect(found.name).toBeNull();
    expect(found.domain).toBeNull();
    expect(labelOf(found)).toBeNull();
  });

  it('a plain `id` on a nested object that names nobody is not taken as a competitor id', () => {
    expect(identityOf({ domain: 'a.example', measurement: { id: 'm_1', status: 'measured' } }).competitorId).toBeNull();
  });
});

describe('matchIdentity', () => {
  const list = [id('cmp_1', 'alpha.com', 'Alpha'), id('cmp_2', 'beta.com', 'Beta'), id('cmp_3', 'gamma.com', 'Alpha')];

  it('matches by id first, even when the domain names another competitor', () => {
    expect(matchIdentity(id('cmp_2', 'alpha.com', 'Alpha'), list)?.competitorId).toBe('cmp_2');
  });

  it('then by domain, ignoring case and `www.`', () => {
    expect(matchIdentity(id(null, 'WWW.Beta.COM', null), list)?.competitorId).toBe('cmp_2');
    expect(matchIdentity(id('cmp_unknown', 'gamma.com', 'Alpha'), list)?.competitorId).toBe('cmp_3');
  });

  it('then by name, ignoring case (the first of a shared name)', () => {
    expect(matchIdentity(id(null, null, 'BETA'), list)?.competitorId).toBe('cmp_2');
    expect(matchIdentity(id(null, 'unknown.com', 'alpha'), list)?.competitorId).toBe('cmp_1');
  });

  it('nothing when no id, domain or name matches', () => {
    expect(matchIdentity(id('cmp_9', 'delta.com', 'Delta'), list)).toBeUndefined();
    expect(matchIdentity(id(null, null, null), list)).toBeUndefined();
  });
});

describe('competitorRowsOf', () => {
  it('finds the rows under a named key, else under a key nobody named, leaving out excluded lists', () => {
    expect(competitorRowsOf({ competitors: [{ domain: 'a.com' }] })).toHaveLength(1);
    expect(competitorRowsOf({ data: { tracked_sites: [{ brand: { domain: 'a.com' } }, { brand: { domain: 'b.com' } }] } })).toHaveLength(2);
    expect(competitorRowsOf({ crawlerCatalog: [{ name: 'GPTBot' }] }, [], ['crawlerCatalog'])).toBeNull();
  });
});

describe('extrasOf and extraLines', () => {
  it('lists unknown fields as facts, prose first, known keys (any style) left out', () => {
    const { extras, more } = extrasOf({ domain: 'a.com', market_share: 0.25, analyst_note: 'Moving upmarket', is_own: false, isOwn: false }, ['domain', 'isOwn']);
    expect(more).toBe(0);
    expect(extras.map((e) => [e.label, e.text, e.prose])).toEqual([
      ['Analyst note', 'Moving upmarket', true],
      ['Market share', '0.25', false],
    ]);
  });

  it('says null as "not measured", never dropped or zero', () => {
    const { extras } = extrasOf({ uptime: null }, []);
    expect(extras).toEqual([{ label: 'Uptime', text: 'not measured', prose: false }]);
  });

  it('is bounded in count and length, and counts the rest', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_EXTRAS + 5 }, (_, i) => [`field${i}`, i]));
    const { extras, more } = extrasOf({ ...many, essay: 'x'.repeat(5000) }, []);
    expect(extras).toHaveLength(MAX_EXTRAS);
    expect(more).toBe(6);
    expect(extras[0]?.label).toBe('Essay');
    expect(extras[0]?.text.length).toBeLessThanOrEqual(MAX_EXTRA_TEXT);
    expect(extraLines(extras, more).at(-1)).toBe('_and 6 more fields the service sent_');
  });

  it('shows hostile strings escaped, label and value alike', () => {
    const { extras, more } = extrasOf({ '*bold* <!here>': '<@U1> &amp; <!channel> *x*' }, []);
    const [line] = extraLines(extras, more);
    expect(line).not.toMatch(/<!here>|<@U1>|<!channel>/);
    expect(line).toContain('&lt;@U1&gt;');
    expect(line).toContain('&amp;amp;');
  });
});
