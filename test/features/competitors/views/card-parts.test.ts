/** The competitor card's per-dimension readers on their own: reading rules and tolerance to unstated shapes. */
import { describe, expect, it } from 'vitest';
import { aiLines } from '../../../support/raw-views.js';
import { positioningLines } from '../../../support/raw-views.js';
import { sourcesLines } from '../../../support/raw-views.js';
import { trustLines } from '../../../support/raw-views.js';
import type { CompetitorRef } from '../../../../src/features/competitors/competitor-ref.js';
import { cardView } from '../../../../src/features/competitors/views/card-view.js';
import { messageText } from '../../../support/view-checks.js';

const REF: CompetitorRef = { id: 'cmp_1', name: 'Rival', domain: 'rival.com', isOwn: false };

describe('AI visibility part', () => {
  const read = (row: Record<string, unknown>, extra: Record<string, unknown> = {}) => aiLines({ summary: { marketMap: { brands: [row] } }, ...extra }, REF).join('\n');

  it('score 0 with a non-zero mention rate: named, but only below the top 5 or too seldom inside it', () => {
    const text = read({ domain: 'rival.com', score: 0, mentionRate: 0.25, rankByPresence: 3, answersNaming: 5 });
    expect(text).toContain('AI Visibility Score 0: named, but only below the top 5 or too seldom inside it');
    expect(text).toContain('named in 25% of the answers counted');
    expect(text).toContain('#3 by presence');
  });

  it('a high score never becomes a standing claim; standing words come from presence only', () => {
    const text = read({ domain: 'rival.com', score: 98, mentionRate: 0.1, rankByPresence: 7, answersNaming: 2 });
    expect(text).toContain('98/100 (where it lands in the top 5 when named; not a measure of who leads)');
    expect(text.replace('not a measure of who leads', '')).not.toMatch(/\bleads?\b|ahead of|#1\b|top brand/);
  });

  it('rankByPresence null beside answersNaming 0: not named in any answer, never a rank, 0 or "last"', () => {
    const text = read({ domain: 'RIVAL.com', score: 0, mentionRate: 0, rankByPresence: null, answersNaming: 0 });
    expect(text).toContain('Presence not named in any answer · mention rate: no counted answer named it');
    expect(text).not.toMatch(/#0|last/);
  });

  it('an abandoned latest check: what is shown describes an earlier check, with its date', () => {
    const text = read({ domain: 'rival.com', score: 10, mentionRate: 0.5, rankByPresence: 2 }, { checkedAt: '2026-11-12T03:00:00Z', latestCheckDataAvailable: { available: false, reason: 'latest_check_incomplete' } });
    expect(text).toMatch(/The latest check was abandoned as incomplete \(latest check incomplete\); this describes an earlier check of (<!date\^\d+\^\{date_short_pretty\}\|Nov 12, 2026>|\w{3} \d{1,2}, 2026)/);
  });

  it('finds the brands list without a marketMap object, and says so in one line when there is none', () => {
    expect(aiLines({ summary: { brands: [{ domain: 'rival.com', rankByPresence: 4 }] } }, REF).join('\n')).toContain('#4 by presence');
    expect(aiLines({ summary: {} }, REF)).toEqual(["_The market map couldn't be read._"]);
    expect(read({ domain: 'rival.com', score: 'high', mentionRate: 0.5 })).toContain("couldn't read this part");
  });
});

describe('trust part', () => {
  const read = (row: Record<string, unknown>) => trustLines({ competitors: [{ competitorId: 'cmp_1', ...row }] }, REF).join('\n');

  it('a null grade with shielded headers is not a bad grade; trust counts stay real', () => {
    expect(read({ trustSignals: { count: 9 }, securityHeaders: { grade: null, headersAvailable: { available: false, reason: 'site_uses_behavioral_protection' } } })).toBe(
      'Trust signals: 9 of 26 found · security headers: _not measured_: the site shields its response headers (site uses behavioral protection); the HTML-derived counts are real',
    );
    // The marker as a bare string, beside the grade's object.
    expect(read({ trustSignals: 3, securityHeaders: { grade: null }, headerInspection: 'shielded' })).toContain('shields its response headers (shielded)');
  });

  it('a null grade without a marker is only "not measured"; 0 trust signals is a finding', () => {
    const text = read({ trustSignals: { count: 0 }, securityHeaders: { grade: null } });
    expect(text).toBe('Trust signals: none of the 26 found · security headers: grade _not measured_ · score _not reported_');
  });

  it('rows are matched by id, else by domain', () => {
    const byDomain = trustLines({ competitors: [{ domain: 'www.rival.com', trustSignals: 4, securityHeaders: { grade: 'A' } }] }, { ...REF, id: null });
    expect(byDomain.join('')).toContain('security headers: grade A');
  });
});

describe('positioning part', () => {
  const read = (row: Record<string, unknown>) => positioningLines({ competitors: [{ competitorId: 'cmp_1', ...row }] }, REF).join('\n');
  it('empty string: the page has none; null: never read; omitted: not reported; one level down is found', () => {
    expect(read({ headline: '' })).toBe('Homepage headline: _the page has none_');
    expect(read({ headline: null })).toBe('Homepage headline: _never read_');
    expect(read({})).toBe('Homepage headline: _not reported_');
    expect(read({ homepage: { Headline: 'Hello <!channel>' } })).toBe('Homepage headline: “Hello &lt;!channel&gt;”');
  });
});

describe('AI sources part', () => {
  it('counts the pages of its domain across core hosts and single pages; subdomains included', () => {
    const lines = sourcesLines(
      {
        summary: {
          pages: [
            { host: 'rival.com', pageUrls: ['https://rival.com/', 'https://rival.com/a'] },
            { url: 'https://blog.rival.com/post', host: 'blog.rival.com' },
            { url: 'https://g2.com/rival', host: 'g2.com' },
          ],
          brands: [{ domain: 'rival.com', rankByPresence: null, answersNaming: 0 }],
        },
      },
      REF,
    );
    expect(lines[0]).toMatch(/^3 pages of its domain cited: https:\/\/rival\.com\/, https:\/\/rival\.com\/a, https:\/\/blog\.rival\.com\/post$/);
    expect(lines[1]).toBe('As a brand: not named in any answer');
  });
});

/**
 * The service's row layouts are not shown (spec 2.5): a row may name its fields in another case or
 * style, or carry its identity by domain only. The card states the facts such a row carries, and
 * never a neighbour's: each list starts with another competitor's row keyed the same way.
 */
describe('rows keyed differently from the card’s own choice', () => {
  const OTHER_ROW = { competitor_id: 'cmp_2', domain: 'other.com' };

  it('trust: snake_case and PascalCase keys, the grade one level down in another case', () => {
    const item = {
      Competitors: [
        { ...OTHER_ROW, trust_signals: { count: 1 }, security_headers: { grade: 'F' } },
        { competitor_id: 'cmp_1', Trust_Signals: { Count: 7 }, SecurityHeaders: { GRADE: 'B' } },
      ],
    };
    expect(trustLines(item, REF)).toEqual(['Trust signals: 7 of 26 found · security headers: grade B · score _not reported_']);
  });

  it('trust: a row known by its domain only (another case, www.), with a flat security grade', () => {
    const item = { competitors: [{ Domain: 'other.com', TrustSignals: 2, security_grade: 'D' }, { Domain: 'WWW.Rival.com', TrustSignals: 4, security_grade: 'C' }] };
    expect(trustLines(item, { ...REF, id: null })).toEqual(['Trust signals: 4 of 26 found · security headers: grade C · score _not reported_']);
  });

  it('trust: the shielded-headers marker under another style is still "not a bad grade"', () => {
    const item = { competitors: [{ CompetitorId: 'cmp_1', trust_signals: 0, security_headers: { grade: null, headers_available: { available: false, reason: 'site_uses_behavioral_protection' } } }] };
    expect(trustLines(item, REF)[0]).toBe(
      'Trust signals: none of the 26 found · security headers: _not measured_: the site shields its response headers (site uses behavioral protection); the HTML-derived counts are real',
    );
  });

  it('positioning: the headline under another case, on a row keyed by CompetitorID', () => {
    const item = { competitors: [{ CompetitorID: 'cmp_2', Headline: 'Not ours' }, { CompetitorID: 'cmp_1', Headline: 'Close every deal' }] };
    expect(positioningLines(item, REF)).toEqual(['Homepage headline: “Close every deal”']);
  });

  it('AI visibility: a market-map row in snake_case states its presence, rate and score', () => {
    const brands = [
      { domain: 'other.com', score: 90, mention_rate: 0.9, rank_by_presence: 1, answers_naming: 20 },
      { Domain: 'Rival.com', Score: 40, mention_rate: 0.5, rank_by_presence: 2, answers_naming: 6 },
    ];
    const text = aiLines({ summary: { market_map: { brands } } }, REF).join('\n');
    expect(text).toContain('Presence #2 by presence (how often answers name it) · mention rate: named in 50% of the answers counted');
    expect(text).toContain('AI Visibility Score 40/100');
  });

  it('AI sources: pages and brand rows with their own key styles', () => {
    const lines = sourcesLines(
      {
        Summary: {
          Pages: [
            { Host: 'other.com', page_urls: ['https://other.com/x'] },
            { Host: 'rival.com', page_urls: ['https://rival.com/pricing'] },
            { URL: 'https://docs.rival.com/start', HOST: 'docs.rival.com' },
          ],
          Brands: [
            { Domain: 'other.com', rank_by_presence: 1 },
            { Domain: 'RIVAL.com', rank_by_presence: 3, answers_naming: 4 },
          ],
        },
      },
      REF,
    );
    expect(lines).toEqual(['2 pages of its domain cited: https://rival.com/pricing, https://docs.rival.com/start', 'As a brand: #3 by presence among the brands answers name']);
  });
});

describe('cardView', () => {
  it('shows every part, failed or not, within Block Kit limits', () => {
    const text = messageText(
      cardView('Acme', REF, [
        { title: 'Pricing', outcome: { kind: 'failed', sentence: 'The monitoring service failed to answer.' } },
        { title: 'AI visibility', outcome: { kind: 'state', sentence: 'No scored AI visibility check yet.' } },
        { title: 'Positioning', outcome: { kind: 'lines', lines: ['Homepage headline: _never read_'] } },
      ], []),
    );
    expect(text).toContain("Pricing*\n:warning: _Couldn't be read: The monitoring service failed to answer._");
    expect(text).toContain('No scored AI visibility check yet.');
    expect(text).toContain('Homepage headline: _never read_');
  });
});
