/**
 * One reading of AI sources (issue 27): the sandbox's AI sources check, transformed as a differently
 * built service would answer (lists and page objects under other names and in any key case, a
 * brand's identity nested, tracked rows repeated on a compact page, unknown fields with hostile
 * strings), fed to every consumer: `/radar sources`' view, the competitor card's part and the
 * sources watch's rule. They must state the same facts: the counts from the page object's `total`,
 * each brand once, the same rank, and escape what the service wrote.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcesView, type MoreButton } from '../../../src/features/ai-sources/views/sources-view.js';
import { sourcesLines } from '../../support/raw-views.js';
import type { CompetitorRef } from '../../../src/features/competitors/competitor-ref.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { createServiceClient, readSources, type ServiceClient } from '../../../src/service/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { button } from '../../../src/slack/blocks/index.js';
import { messageText } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

type Json = Record<string, unknown>;
const HOSTILE = '*bold* <!here> <@U1> &amp;';
const NOW = new Date('2026-11-27T00:00:00Z');
const more: MoreButton = (list, next) => button({ text: `More ${list}`, actionId: `more_${list}`, value: String(next.offset) });

type Style = 'camel' | 'snake' | 'pascal' | 'upper';
const restyle = (key: string, style: Style): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
  if (style === 'camel') return key;
  if (style === 'snake') return words.join('_');
  if (style === 'upper') return words.join('_').toUpperCase();
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
};

interface Shape {
  style: Style;
  nest: boolean;
  brandsKey: 'brands' | 'citedBrands';
  pageSuffix: 'Page' | 'Pagination';
  repeat: boolean;
  extra: boolean;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  style: fc.constantFrom<Style>('camel', 'snake', 'pascal', 'upper'),
  nest: fc.boolean(),
  brandsKey: fc.constantFrom('brands' as const, 'citedBrands' as const),
  pageSuffix: fc.constantFrom('Page' as const, 'Pagination' as const),
  repeat: fc.boolean(),
  extra: fc.boolean(),
});

const restyleObject = (obj: Json, style: Style): Json => Object.fromEntries(Object.entries(obj).map(([k, v]) => [restyle(k, style), v]));

function restyleBrand(row: Json, shape: Shape): Json {
  const { domain, name, isOwn, ...rest } = row;
  const identity = restyleObject({ domain, name, isOwn }, shape.style);
  const out = shape.nest ? { [restyle('brand', shape.style)]: identity, ...restyleObject(rest, shape.style) } : { ...identity, ...restyleObject(rest, shape.style) };
  return shape.extra ? { ...out, [restyle('analystNote', shape.style)]: HOSTILE } : out;
}

function restyleCheck(item: Json, shape: Shape): Json {
  const summary = item.summary as Json;
  const brands = (summary.brands as Json[]).map((b) => restyleBrand(b, shape));
  // A tracked competitor pinned to the page and repeated in its ranked place.
  const pinned = (summary.brands as Json[]).findIndex((b) => b.isOwn !== true && b.tracked === true && typeof b.rankByPresence === 'number');
  const repeated = shape.repeat ? [brands[pinned]!, ...brands] : brands;
  const out: Json = {
    [restyle('checkId', shape.style)]: item.checkId,
    [restyle('checkedAt', shape.style)]: item.checkedAt,
    view: item.view,
    summary: {
      [restyle('pages', shape.style)]: (summary.pages as Json[]).map((p) => restyleObject(p, shape.style)),
      [restyle(`pages${shape.pageSuffix}`, shape.style)]: summary.pagesPage && restyleObject(summary.pagesPage as Json, shape.style),
      [restyle(shape.brandsKey, shape.style)]: repeated,
      [restyle(`${shape.brandsKey}${shape.pageSuffix}`, shape.style)]: summary.brandsPage && restyleObject(summary.brandsPage as Json, shape.style),
      [restyle('totalCitations', shape.style)]: summary.totalCitations,
    },
  };
  return out;
}

describe('AI sources: one reading, every consumer', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let compact: Json;
  let full: Json;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    compact = await service.getAiSources('prj_northwind');
    full = await service.getAiSources('prj_northwind', { view: 'full' });
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  /** A tracked competitor with a rank, on the first compact page. */
  function tracked(): { domain: string; name: string; rank: number } {
    const row = ((compact.summary as Json).brands as Json[]).find((b) => b.isOwn !== true && b.tracked === true && typeof b.rankByPresence === 'number')!;
    return { domain: row.domain as string, name: row.name as string, rank: row.rankByPresence as number };
  }

  it('shape variants: the view, the card and the watch state the same counts, ranks and brands, each brand once', () => {
    const t = tracked();
    const ref: CompetitorRef = { id: null, name: t.name, domain: t.domain, isOwn: false };
    const totals = { pages: ((compact.summary as Json).pagesPage as Json).total as number, brands: ((compact.summary as Json).brandsPage as Json).total as number };
    fc.assert(
      fc.property(shapeArb, (shape) => {
        const item = restyleCheck(compact, shape);
        const view = sourcesView({ projectName: 'Northwind CRM', facts: readSources(item), now: NOW, more });
        const text = messageText(view);
        const raw = JSON.stringify(view.blocks);
        expect(text).toContain(`Pages AI answers cite* (${totals.pages})`);
        expect(text).toContain(`Brands AI answers name* (${totals.brands})`);
        expect(text.split('\n').filter((l) => l.includes(`*${t.name}* (${t.domain})`))).toEqual([expect.stringContaining(`#${t.rank} by presence`)]);
        expect(raw).not.toContain('<!here>');
        if (shape.extra) expect(raw).toContain('&lt;!here&gt;');

        const card = sourcesLines(restyleCheck(full, shape), ref).join('\n');
        expect(card).toContain(`As a brand: #${t.rank} by presence`);
        expect(card).toMatch(/pages? of its domain cited/);

        // The watch: the same brand leaving the top of the list is said once, by its domain.
        const without = structuredClone(full);
        const summary = without.summary as Json;
        summary.brands = (summary.brands as Json[]).filter((b) => b.domain !== t.domain);
        const lines = changesOf('sources', watchPair('sources', { previous: restyleCheck(full, shape), current: restyleCheck(without, shape) })).map((c) => c.line);
        if (t.rank <= 10) expect(lines.filter((l) => l.startsWith(`*${t.domain}*: left the top 10 cited brands`))).toHaveLength(1);
        for (const line of lines) expect(line).not.toMatch(/›/);
      }),
      { numRuns: 40 },
    );
  });
});
