/** The AI sources view on its own: reading rules, tolerance to shapes the spec does not fix, and Block Kit limits. */
import { describe, expect, it } from 'vitest';
import { readSources, readSourcesHistoryRow } from '../../../../src/service/index.js';
import { sourcesHistoryView } from '../../../../src/features/ai-sources/views/history-view.js';
import { sourcesView, type MoreButton } from '../../../../src/features/ai-sources/views/sources-view.js';
import { button } from '../../../../src/slack/blocks/index.js';
import { messageText } from '../../../support/view-checks.js';

const NOW = new Date('2026-11-20T09:00:00Z');
const more: MoreButton = (list, next) => button({ text: `More ${list}`, actionId: `more_${list}`, value: String(next.offset) });

function item(overrides: Record<string, unknown> = {}) {
  return {
    checkId: 'chk_0123456789ab',
    checkedAt: '2026-11-19T04:00:00Z',
    summary: {
      pages: [
        { host: 'acme.com', coreHost: true, isOwn: true, pageUrls: ['https://acme.com/', 'https://acme.com/pricing'], citations: 9 },
        { url: 'https://g2.com/x', host: 'g2.com', citations: 4 },
      ],
      pagesPage: { offset: 0, limit: 2, total: 31, hasMore: true },
      brands: [
        { domain: 'acme.com', name: 'Acme', isOwn: true, rankByPresence: 1, answersNaming: 12 },
        { domain: 'ghost.io', name: 'Ghost', rankByPresence: null, answersNaming: 0 },
        { domain: 'fog.io', name: 'Fog', rankByPresence: null, answersNaming: null },
      ],
      brandsPage: { offset: 0, limit: 3, total: 3, hasMore: false },
      totalCitations: 40,
      ...overrides,
    },
  };
}

const render = (raw: Record<string, unknown>) => messageText(sourcesView({ projectName: 'Acme', facts: readSources(raw), now: NOW, more }));

describe('sourcesView', () => {
  it('counts come from the page objects\' total, never the rows sent; More only where hasMore', () => {
    const text = render(item());
    expect(text).toContain('Pages AI answers cite* (31)');
    expect(text).toContain('Brands AI answers name* (3)');
    expect(text).toContain('More pages');
    expect(text).not.toContain('More brands');
    expect(text).toContain('core host, 2 pages cited');
    expect(text).toContain('https://acme.com/pricing');
    expect(text).toContain('total citations 40');
  });

  it('rank null beside answersNaming 0 is "not named in any answer"; null otherwise is "not measured"', () => {
    const lines = render(item()).split('\n');
    const ghost = lines.find((l) => l.includes('Ghost'));
    expect(ghost).toContain('not named in any answer');
    expect(ghost).not.toMatch(/#\d|rank 0|last/);
    const fog = lines.find((l) => l.includes('Fog'));
    // The brands are a table: the rank cell says it plainly.
    expect(fog).toMatch(/rank (_not measured_|not measured)/);
    expect(fog).not.toContain('not named');
  });

  it('reads keys in another case, or moved one level up (beside the summary)', () => {
    const base = item().summary;
    const raw = { CheckId: 'chk_x', checkedAt: '2026-11-19T04:00:00Z', PAGES: base.pages, pagesPage: base.pagesPage, summary: { Brands: base.brands, BrandsPage: base.brandsPage } };
    const text = render(raw);
    expect(text).toContain('Pages AI answers cite* (31)');
    expect(text).toContain('Brands AI answers name* (3)');
  });

  it('a missing list says so in one line and the other is shown; an unreadable page object too', () => {
    const raw = item({ pages: undefined, brandsPage: { offset: 'zero' } });
    delete (raw.summary as Record<string, unknown>).pages;
    const text = render(raw);
    expect(text).toContain("Pages AI answers cite: Radar couldn't read this part");
    expect(text).toContain('Ghost');
    expect(text).toContain("page information: Radar couldn't read this part");
    expect(text).not.toMatch(/Brands AI answers name\* \(\d+\)/);
  });

  it('the full view (no page objects) counts every row it sent', () => {
    const raw = item();
    const summary = raw.summary as Record<string, unknown>;
    delete summary.pagesPage;
    delete summary.brandsPage;
    const text = render({ ...raw, view: 'full' });
    expect(text).toContain('Pages AI answers cite* (2)');
  });

  it('escapes service strings and stays within Block Kit limits with very long lists', () => {
    const pages = Array.from({ length: 400 }, (_, i) => ({ url: `https://x.com/<!channel>${'a'.repeat(150)}${i}`, host: 'x.com', citations: i }));
    const view = sourcesView({ projectName: 'Acme', facts: readSources(item({ pages, brands: [{ domain: '<@U1>.io', name: '<!here> & co', rankByPresence: 2, answersNaming: 3 }] })), now: NOW, more });
    const text = messageText(view);
    const raw = JSON.stringify(view.blocks);
    expect(raw).not.toContain('<!channel>');
    expect(raw).not.toContain('<!here>');
    expect(raw).toContain('&lt;!here&gt; &amp; co');
    // Both lists and the More button survive a page of 400 rows.
    expect(text).toContain('…and 375 more rows in this answer');
    expect(text).toContain('More pages');
    expect(text).toContain('Brands AI answers name');
  });
});

describe('AI sources reader: pages as another service sends them', () => {
  it('a brand repeated on a compact page (pinned and in its place) is shown once, the first kept, on every page', () => {
    const acme = { brand: { domain: 'acme.com', name: 'Acme' }, is_own: true, rank_by_presence: 1, answers_naming: 12 };
    const rival = { brand: { domain: 'rival.io', name: 'Rival' }, rank_by_presence: 14, answers_naming: 5 };
    for (const offset of [0, 10]) {
      const facts = readSources({ summary: { cited_brands: [acme, rival, { ...rival, rank_by_presence: 14 }, { brand: { domain: 'WWW.Rival.io' } }], brands_page: { Offset: offset, Limit: 10, Total: 15, Has_More: true }, pages: [] } });
      expect(facts.brands.rows.kind === 'value' && facts.brands.rows.value.map((b) => b?.domain)).toEqual(['acme.com', 'rival.io']);
      expect(facts.brands.repeats).toBe(2);
      expect(facts.brands.page).toEqual({ kind: 'value', value: { offset, limit: 10, total: 15, hasMore: true } });
      const text = messageText(sourcesView({ projectName: 'Acme', facts, now: NOW, more }));
      expect((text.match(/\*?Rival\*? \(rival\.io\)/g) ?? []).length).toBe(1);
      expect(text).toContain('Brands AI answers name* (15)');
    }
  });

  it('a later page leaves out the rows pinned from earlier pages: the own row, a brand ranked above the page', () => {
    const facts = readSources(item({
      brands: [{ domain: 'acme.com', name: 'Acme', isOwn: true, rankByPresence: 1 }, { domain: 'rival.io', name: 'Rival', rankByPresence: 2 }, { domain: 'late.io', name: 'Late', rankByPresence: 12 }],
      brandsPage: { offset: 10, limit: 10, total: 15, hasMore: false },
    }));
    const text = messageText(sourcesView({ projectName: 'Acme', facts, now: NOW, more }));
    // A row of the brands table (or a line, when there is no table).
    expect(text).toMatch(/\*?Late\*? \(late\.io\)/);
    expect(text).not.toContain('Rival');
    expect(text).not.toContain('Acme (acme.com)');
    expect(text).not.toContain('*Acme* (acme.com)');
  });

  it('an answer showing fewer rows than the total says how many and gives the way to the rest', () => {
    const facts = readSources(item({ brands: [{ domain: 'a.io', name: 'A', rankByPresence: 1, answersNaming: 3 }], brandsPage: { offset: 0, limit: 1, total: 15, hasMore: true } }));
    const text = messageText(sourcesView({ projectName: 'Acme', facts, now: NOW, more }));
    expect(text).toContain('1 of 15 brands shown: the button below shows the next ones');
    expect(text).toContain('More brands');
    const none = messageText(sourcesView({ projectName: 'Acme', facts, now: NOW, more: () => null }));
    expect(none).toContain('1 of 15 brands shown: ask again with `/radar sources` and press More brands to page on');
  });
});

describe('sourcesHistoryView', () => {
  it('passes row fields through humanised, counts from pagination.total, and offers a button per check', () => {
    const view = sourcesHistoryView({
      projectName: 'Acme',
      rows: [{ checkId: 'chk_a', checkedAt: '2026-11-19T04:00:00Z', totalCitations: 12, weird_key: null }, { id: 'bad id with spaces' }].map(readSourcesHistoryRow),
      pagination: { page: 1, limit: 2, total: 9, totalPages: 5, hasMore: true },
      now: NOW,
      open: (id) => button({ text: 'Open', actionId: 'open', value: id }),
      nextPageCommand: '/radar sources history --page 2',
    });
    const text = messageText(view);
    expect(text).toContain('9 checks in all');
    expect(text).toContain('total citations 12 · weird key _not measured_');
    expect(text).toContain('/radar sources history --page 2');
    expect(text).toContain('_date not reported_');
  });
});
