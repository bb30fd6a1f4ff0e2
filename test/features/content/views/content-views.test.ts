/**
 * The content and changelog views on the sandbox's own answers and on shapes the spec leaves open:
 * null, omitted and 0 counts; gap lists null vs empty, found wherever they sit; a changelog page
 * counted from `pagination.total`; comparison first; `truncated` said only when the service says
 * it; rows recased, renamed or unreadable; Block Kit limits; escaping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesQuery } from '../../../../src/features/content/views/changes-view.js';
import { changesView } from '../../../support/raw-views.js';
import { contentCompetitorView, contentView } from '../../../../src/features/content/views/content-view.js';
import { contentChangelogSchema, createServiceClient, readContent, type ContentChangelog, type ContentRow, type ServiceClient } from '../../../../src/service/index.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { LIMITS } from '../../../../src/slack/blocks/index.js';
import { messageText } from '../../../support/view-checks.js';

type Json = Record<string, unknown>;
const Q: ChangesQuery = { competitor: null, typedCompetitor: null, category: null, allUrls: false, page: 1 };
const pagination = (total: number, limit = 10) => ({ page: 1, limit, total, totalPages: Math.ceil(total / limit), hasMore: total > limit });

describe('content views', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let answer: Json;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    answer = await service.getDimension('prj_northwind', 'content');
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  const copy = (): Json => structuredClone(answer);
  const rows = (item: Json) => item.competitors as Json[];
  const all = (item: Json) => messageText(contentView('Northwind CRM', readContent(item)));
  const one = (item: Json, domain: string) => {
    const facts = readContent(item);
    const row = facts.rows.kind === 'value' ? facts.rows.value.find((r): r is ContentRow => r?.identity.domain === domain) : undefined;
    return messageText(contentCompetitorView('Northwind CRM', facts, row!));
  };

  it('a null count is "not measured", an omitted one "not reported", 0 a real zero', () => {
    const item = copy();
    const pipedrift = rows(item)[1]!;
    pipedrift.urlCount = null;
    (pipedrift.categories as Json).blog = null;
    delete (pipedrift.categories as Json).docs;
    const text = one(item, 'pipedrift.com');
    expect(text).toContain('*URLs:* _not measured_');
    expect(text).toContain('• *Blog:* _not measured_');
    expect(text).toContain('• *Docs:* _not reported_');
    expect(text).toContain('• *Tools:* 0');
    expect(all(item)).toContain('• *pipedrift.com*: URLs _not measured_');
  });

  it('gap lists found outside a gaps object and in any case keep their states', () => {
    const item = copy();
    const gaps = item.gaps as Json;
    delete item.gaps;
    item.assessment = { MISSINGINTEGRATIONPAGES: gaps.missingIntegrationPages, missingprogrammaticpages: gaps.missingProgrammaticPages };
    item.missingCategories = gaps.missingCategories;
    const text = all(item);
    expect(text).toContain('_compared, none found_');
    expect(text).toContain('_no comparison ran_');
    expect(text).toContain('*Missing categories:* comparison, case studies, webinars');
    expect(text).toContain('*Missing comparison pages:* _not reported_');
  });

  it('no gap part anywhere: one line; strategic URLs absent: said; counts still shown', () => {
    const item = copy();
    delete item.gaps;
    delete item.strategicUrls;
    const text = all(item);
    expect(text).toContain("Gap lists: Radar couldn't read this part of the service's answer.");
    expect(text).toContain('This answer carries no strategic URL analysis.');
    expect(text).toContain('• *hubforge.io*: 2,210 URLs');
  });

  it('category keys spelled otherwise are the same categories; unknown ones are shown by name', () => {
    const item = copy();
    item.competitors = rows(item).map((r) => {
      const { caseStudies, ...rest } = r.categories as Json;
      return { ...r, categories: { ...rest, case_studies: caseStudies, podcasts: 7 } };
    });
    const text = one(item, 'pipedrift.com');
    expect(text).toContain('• *Case studies:* 46');
    expect(text).toContain('• *Podcasts:* 7');
  });

  it('rows Radar cannot find: one line, the gaps still shown', () => {
    const item = copy();
    delete item.competitors;
    const text = all(item);
    expect(text).toContain("Competitors’ URL counts: Radar couldn't read");
    expect(text).toContain('_no comparison ran_');
  });
});

describe('changes view', () => {
  const row = (over: Json = {}): Json => ({
    competitorId: 'c1',
    domain: 'rival.com',
    detectedAt: '2026-11-20T10:00:00.000Z',
    categories: { blog: { count: 5, urls: ['https://rival.com/b1', 'https://rival.com/b2', 'https://rival.com/b3'] }, comparison: { count: 1, urls: ['https://rival.com/vs-you'] } },
    ...over,
  });
  const view = (changelog: ContentChangelog, q: Partial<ChangesQuery> = {}) => messageText(changesView('P', changelog, { ...Q, ...q }));

  it('counts come from pagination.total and each category’s count, never from lengths', () => {
    const text = view({ items: [row(), row({ competitorId: 'c2', domain: 'other.com' })], pagination: pagination(57), truncated: false });
    expect(text).toContain('Page 1 of 6 · 57 changes in all');
    expect(text).toContain('• *Blog:* 5 new');
    expect(text).toContain('(3 of 5 shown;');
  });

  it('comparison first inside an entry and marked, even when the service sends it last', () => {
    const text = view({ items: [row()], pagination: pagination(1), truncated: false });
    expect(text.indexOf('• :dart: *Comparison:* 1 new')).toBeGreaterThan(-1);
    expect(text.indexOf('• :dart: *Comparison:*')).toBeLessThan(text.indexOf('• *Blog:*'));
    expect(text).toContain('*New comparison pages:* rival.com 1 new (Nov 20, 2026)');
  });

  it('truncated is said only when the service says it: a short list without it is "sent", not "cut"', () => {
    const changelog = { items: [row()], pagination: pagination(1, 5), truncated: false };
    const text = view(changelog, { allUrls: true });
    expect(text).toContain('_(3 of 5 URLs sent)_');
    expect(text).not.toContain('cut');
    const cut = view({ ...changelog, truncated: true }, { allUrls: true });
    expect(cut).toContain('_(3 of 5 URLs sent: the service cut this list)_');
    expect(cut).toContain('*The service cut this list* (`truncated`)');
  });

  it('rows in another shape: counts with URLs in a record of their own, a date under another key, identity one level down', () => {
    const odd = { Competitor: { Domain: 'rival.com' }, date: '2026-11-02', counts: { case_studies: 2, comparison: 1 }, sampleUrls: { case_studies: ['https://rival.com/c/a', 'https://rival.com/c/b'], comparison: ['https://rival.com/vs'] } };
    const text = view({ items: [odd, 'garbage' as unknown as Json], pagination: pagination(2), truncated: false });
    expect(text).toContain('*rival.com* · Nov 2, 2026');
    expect(text).toContain('• *Case studies:* 2 new — https://rival.com/c/a, https://rival.com/c/b');
    expect(text).toContain('• :dart: *Comparison:* 1 new — https://rival.com/vs');
    expect(text).toContain("A changelog entry: Radar couldn't read this part");
  });

  it('a row that is not an object does not fail the read: the page still parses', () => {
    const parsed = contentChangelogSchema.parse({ items: ['garbage', row()], pagination: pagination(2), truncated: false });
    const text = view(parsed);
    expect(text).toContain("A changelog entry: Radar couldn't read");
    expect(text).toContain('*rival.com* · Nov 20, 2026');
  });

  it('every URL of many entries stays within Slack’s limits; what Radar leaves out is told apart from the service’s cut', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `https://rival.com/p/${i}-<b>&`);
    const items = Array.from({ length: 5 }, (_, i) => row({ competitorId: `c${i}`, categories: { programmatic: { count: 1000, urls: many } } }));
    const rendered = changesView('P', { items, pagination: pagination(5, 5), truncated: false }, { ...Q, allUrls: true });
    expect(rendered.blocks.length).toBeLessThanOrEqual(LIMITS.blocksPerMessage - 1);
    const text = messageText(rendered);
    expect(text).toContain('Radar left out to fit one Slack message (the service sent them)');
    expect(JSON.stringify(rendered.blocks)).toContain('https://rival.com/p/0-&lt;b&gt;&amp;');
  });
});
