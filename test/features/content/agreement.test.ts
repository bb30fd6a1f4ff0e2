/**
 * One reading of content (issue 27): the sandbox's content dashboard and changelog, transformed as a
 * differently built service would answer (identity nested or flat, unnamed keys in another case or
 * style, the rows under another list key, the URL count under `urls.total`, unknown fields with
 * hostile strings), fed to every consumer: `/radar content`'s view, the competitor card's part, the
 * content watch's rule, `/radar changes`' view and the card's changelog. They must state the same
 * facts (who, how many, which page) and escape what the service wrote.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelogLines, contentLines } from '../../support/raw-views.js';
import type { CompetitorRef } from '../../../src/features/competitors/competitor-ref.js';
import type { ChangesQuery } from '../../../src/features/content/views/changes-view.js';
import { changesView } from '../../support/raw-views.js';
import { contentCompetitorView, contentView } from '../../../src/features/content/views/content-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { createServiceClient, readContent, type ContentChangelog, type ContentRow, type ServiceClient } from '../../../src/service/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { messageText } from '../../support/view-checks.js';
import { readChangelogRows, watchPair } from '../../support/watch-runs.js';

type Json = Record<string, unknown>;
const HOSTILE = '*bold* <!here> <@U1> &amp;';
const Q: ChangesQuery = { competitor: null, typedCompetitor: null, category: null, allUrls: false, page: 1 };

type Style = 'camel' | 'snake' | 'pascal' | 'kebab' | 'upper';
const restyle = (key: string, style: Style): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
  switch (style) {
    case 'camel':
      return key;
    case 'snake':
      return words.join('_');
    case 'kebab':
      return words.join('-');
    case 'pascal':
      return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    case 'upper':
      return words.join('_').toUpperCase();
  }
};

interface Shape {
  style: Style;
  nest: null | 'competitor' | 'brand' | 'site';
  listKey: 'competitors' | 'sites' | 'rows' | 'domains';
  urlsTotal: boolean;
  extra: boolean;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  style: fc.constantFrom<Style>('camel', 'snake', 'pascal', 'kebab', 'upper'),
  nest: fc.constantFrom(null, 'competitor' as const, 'brand' as const, 'site' as const),
  listKey: fc.constantFrom('competitors' as const, 'sites' as const, 'rows' as const, 'domains' as const),
  urlsTotal: fc.boolean(),
  extra: fc.boolean(),
});

/** A content row as another service might send it. */
function restyleRow(row: Json, shape: Shape): Json {
  const { competitorId, domain, isOwn, urlCount, categories, ...rest } = row;
  const identity: Json = { [restyle('competitorId', shape.style)]: competitorId, [restyle('domain', shape.style)]: domain, [restyle('isOwn', shape.style)]: isOwn };
  const cats = Object.fromEntries(Object.entries(categories as Json).map(([k, v]) => [restyle(k, shape.style), v]));
  const out: Json = shape.nest ? { [shape.nest]: identity } : { ...identity };
  if (shape.urlsTotal) out[restyle('urls', shape.style)] = { total: urlCount, ...cats };
  else Object.assign(out, { [restyle('urlCount', shape.style)]: urlCount, [restyle('categories', shape.style)]: cats });
  if (shape.extra) out[restyle('marketNote', shape.style)] = HOSTILE;
  return { ...out, ...rest };
}

function restyleContent(item: Json, shape: Shape): Json {
  const { competitors, gaps, strategicUrls, ...rest } = item;
  const strategic = (strategicUrls as Json[]).map(({ competitorId, why, ...entry }) => ({
    ...entry,
    ...(shape.nest ? { [shape.nest]: { id: competitorId } } : { [restyle('competitorId', shape.style)]: competitorId }),
    [restyle(shape.urlsTotal ? 'reasonText' : 'why', shape.style)]: why,
  }));
  return {
    ...rest,
    [shape.listKey]: (competitors as Json[]).map((r) => restyleRow(r, shape)),
    [restyle(shape.urlsTotal ? 'strategicPages' : 'strategicUrls', shape.style)]: strategic,
    [restyle('gaps', shape.style)]: Object.fromEntries(Object.entries(gaps as Json).map(([k, v]) => [restyle(k, shape.style), v])),
    ...(shape.extra ? { [restyle('analystNote', shape.style)]: HOSTILE } : {}),
  };
}

function restyleEntry(entry: Json, shape: Shape): Json {
  const { competitorId, domain, detectedAt, categories, id, ...rest } = entry;
  const identity: Json = { [restyle('competitorId', shape.style)]: competitorId, [restyle('domain', shape.style)]: domain };
  const out: Json = shape.nest ? { [shape.nest]: identity } : { ...identity };
  out[restyle('detectedAt', shape.style)] = detectedAt;
  out[restyle('id', shape.style)] = id;
  // Per-category entries as a list under another key, or the category object restyled.
  if (shape.urlsTotal) out.changes = Object.entries(categories as Json).map(([category, v]) => ({ category, ...(v as Json) }));
  else out[restyle('categories', shape.style)] = Object.fromEntries(Object.entries(categories as Json).map(([k, v]) => [restyle(k, shape.style), v]));
  if (shape.extra) out[restyle('reviewerNote', shape.style)] = HOSTILE;
  return { ...out, ...rest };
}

/** The raw JSON of a message's blocks must carry no unescaped mention or link. */
const expectEscaped = (raw: string) => {
  expect(raw).not.toContain('<!here>');
  expect(raw).not.toContain('<@U1>');
};

describe('content: one reading, every consumer', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let dashboard: Json;
  let changelog: ContentChangelog;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    dashboard = await service.getDimension('prj_northwind', 'content');
    changelog = await service.getContentChangelog('prj_northwind', { competitorId: 'cmp_nw_pipedrift', limit: 3 });
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  const pipedrift = (item: Json) => (item.competitors as Json[]).find((r) => r.domain === 'pipedrift.com')!;
  const REF: CompetitorRef = { id: 'cmp_nw_pipedrift', name: null, domain: 'pipedrift.com', isOwn: false };

  function consumers(item: Json, before: Json) {
    const facts = readContent(item);
    const row = facts.rows.kind === 'value' ? facts.rows.value.find((r): r is ContentRow => r?.identity.domain === 'pipedrift.com') : undefined;
    expect(row, 'the reader finds pipedrift.com').toBeDefined();
    return {
      overview: messageText(contentView('Northwind CRM', facts)),
      overviewRaw: JSON.stringify(contentView('Northwind CRM', facts).blocks),
      one: messageText(contentCompetitorView('Northwind CRM', facts, row!)),
      card: contentLines(item, REF).join('\n'),
      watch: changesOf('content', watchPair('content', { previous: before, current: item })).map((c) => c.line),
    };
  }

  it('the sandbox’s own answer: every consumer states pipedrift.com’s 1,380 URLs and 24 comparison pages', () => {
    const before = structuredClone(dashboard);
    pipedrift(before).urlCount = 1378;
    const out = consumers(dashboard, before);
    expect(out.overview).toContain('• *pipedrift.com*: 1,380 URLs');
    expect(out.one).toContain('• *Comparison:* 24');
    expect(out.card).toContain('URLs in its sitemap: 1380');
    expect(out.watch).toContain('*pipedrift.com*: URLs in its sitemap 1378 → 1380');
  });

  it('shape variants: the same facts in the command, the card and the watch; hostile extras shown escaped', () => {
    fc.assert(
      fc.property(shapeArb, (shape) => {
        const before = structuredClone(dashboard);
        pipedrift(before).urlCount = 1378;
        const out = consumers(restyleContent(dashboard, shape), restyleContent(before, shape));
        expect(out.overview).toContain('• *pipedrift.com*: 1,380 URLs');
        expect(out.one).toContain('• *Comparison:* 24');
        expect(out.card).toContain('URLs in its sitemap: 1380');
        expect(out.watch).toContain('*pipedrift.com*: URLs in its sitemap 1378 → 1380');
        for (const line of out.watch) expect(line).not.toMatch(/›|#\d/);
        // The gap lists and the strategic URLs, each stated once with their states.
        expect(out.overview.split('*Missing comparison pages:* northwind-vs-pipedrift, northwind-vs-hubforge')).toHaveLength(2);
        expect(out.overview).toContain('*Missing integration pages:* _compared, none found_');
        expect(out.overview).toContain('*Missing programmatic pages:* _no comparison ran_');
        expect(out.one).toContain('• https://pipedrift.com/compare · comparison — Head-to-head comparison page targeting your brand name');
        expectEscaped(out.overviewRaw);
        if (shape.extra) {
          // Said after the named facts, as a person reads them, and escaped in the blocks sent.
          expect(out.one).toContain('*Market note:* *bold* <!here> <@U1> &amp;');
          expect(out.overview).toContain('*Analyst note:* *bold* <!here> <@U1> &amp;');
          expect(out.overviewRaw).toContain('&lt;!here&gt; &lt;@U1&gt; &amp;amp;');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('changelog shape variants: the changes view, the card and the watch name the same entries and counts', () => {
    const items = changelog.items as Json[];
    expect(items.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(shapeArb, (shape) => {
        const log = { ...changelog, items: items.map((e) => restyleEntry(e, shape)) } as ContentChangelog;
        const view = changesView('Northwind CRM', log, Q);
        const viewText = messageText(view);
        const card = changelogLines(log, REF).join('\n');
        const watch = changesOf('content', watchPair('content', { previous: {}, current: {} }), readChangelogRows(log.items)).map((c) => c.line);
        expectEscaped(JSON.stringify(view.blocks));
        for (const entry of items) {
          for (const [category, v] of Object.entries(entry.categories as Json)) {
            const { count, urls } = v as { count: number; urls: string[] };
            const label = category === 'caseStudies' ? 'case studies' : category;
            expect(viewText).toContain(`${count} new`);
            expect(card).toContain(`${count} ${label}`);
            expect(watch.join('\n')).toContain(`*pipedrift.com*: ${count === 1 ? `new ${label} page` : `${count} new ${label} pages`}`);
            expect(watch.join('\n')).toContain(new URL(urls[0]!).pathname);
          }
        }
        expect(viewText).not.toContain('unnamed competitor');
        expect(card).not.toContain("couldn't");
      }),
      { numRuns: 30 },
    );
  });
});

describe('changelog: never "the oldest change on record" when entries were cut', () => {
  const pagination = (page: number, total: number, limit = 10) => ({ page, limit, total, totalPages: Math.ceil(total / limit), hasMore: page * limit < total });
  const entry = { competitorId: 'c', domain: 'acme.com', detectedAt: '2026-11-20T00:00:00Z', categories: { comparison: { count: 1, urls: ['https://acme.com/acme-vs-us'] } } };
  const footer = (log: Json, q: ChangesQuery = Q) => messageText(changesView('P', log as ContentChangelog, q));

  it('the last page, whole and uncut, is the oldest on record', () => {
    expect(footer({ items: [entry], pagination: pagination(1, 1), truncated: false })).toContain('That is the oldest change on record.');
  });

  it('truncated: says entries were cut and how to ask for a shorter answer', () => {
    const text = footer({ items: [entry], pagination: pagination(1, 3, 5), truncated: true }, { ...Q, allUrls: true });
    expect(text).not.toContain('oldest change on record.');
    expect(text).toContain('may not be shown');
    expect(text).toContain('/radar changes --page 1');
  });

  it('more pages, or fewer entries than the page should hold: never the oldest', () => {
    expect(footer({ items: [entry], pagination: pagination(1, 12), truncated: false })).toContain('Older changes: `/radar changes --page 2`');
    const short = footer({ items: [entry], pagination: pagination(1, 3), truncated: false });
    expect(short).not.toContain('That is the oldest change on record.');
  });
});
