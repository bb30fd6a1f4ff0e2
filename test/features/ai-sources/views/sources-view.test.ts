/** The AI sources view on its own: reading rules, tolerance to shapes the spec does not fix, and Block Kit limits. */
import { describe, expect, it } from 'vitest';
import { readSources } from '../../../../src/features/ai-sources/read-sources.js';
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
    expect(fog).toContain('rank _not measured_');
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

describe('sourcesHistoryView', () => {
  it('passes row fields through humanised, counts from pagination.total, and offers a button per check', () => {
    const view = sourcesHistoryView({
      projectName: 'Acme',
      rows: [{ checkId: 'chk_a', checkedAt: '2026-11-19T04:00:00Z', totalCitations: 12, weird_key: null }, { id: 'bad id with spaces' }],
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
