/**
 * `/radar content` and `/radar changes` through signed requests against the sandbox: the fewest
 * reads (counted in the sandbox's request log, with their query), the gap lists' two states, the
 * twelve categories, the changelog's paging from `pagination.total`, comparison pages first and
 * marked, `truncated` said plainly, category words as people type them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { chartBlocks, tableRows } from '../../support/view-checks.js';

const CHANGELOG = '/v1/projects/prj_northwind/content/changelog';
const COMPETITORS = '/v1/projects/prj_northwind/competitors';

describe('/radar content and /radar changes', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterAll(() => h?.stop());

  // Only the reads a content command can make: background pollers (briefings, digests, watches) read on their own schedule.
  const requests = () => h.sandbox.control.requests().filter((r) => /\/(content|competitors)(\/|$)/.test(r.path));
  const run = async (text: string) => {
    h.sandbox.control.clearRequests();
    return replyText(await h.command(text, { channel: CHANNELS.intel }));
  };

  it('content gaps: one read, every gap list whole; --page goes only with gaps', async () => {
    const text = await run('content gaps');
    expect(requests().map((r) => r.path)).toEqual(['/v1/projects/prj_northwind/content']);
    expect(text).toContain('content gaps');
    expect(text).toContain('northwind-vs-pipedrift');
    expect(text).toContain('Every gap list is shown whole.');
    expect(await run('content pipedrift --page 2')).toContain('--page goes with `/radar content gaps`');
  });

  it('content: one read; every competitor’s URLs, the twelve categories, strategic URLs, and both gap-list states', async () => {
    h.sandbox.control.clearRequests();
    const answer = await h.command('content', { channel: CHANNELS.intel });
    const text = replyText(answer);
    expect(requests().map((r) => r.path)).toEqual(['/v1/projects/prj_northwind/content']);
    expect(text).toContain('• *northwindcrm.com* _(you)_: 412 URLs');
    expect(text).toContain('• *dealstream.io*: 0 URLs');
    // URLs by category: a table, the twelve categories down, the sites across (you first), and a chart of the same counts.
    const rows = tableRows(answer.args.blocks as unknown[]) ?? [];
    expect(rows.map((r) => r[0])).toEqual(['Category', 'Blog', 'Docs', 'Tools', 'Landing', 'Case studies', 'Comparison', 'Integrations', 'Changelog', 'Webinars', 'Legal', 'Programmatic', 'Other', 'All URLs']);
    expect(rows[0]?.slice(1, 3)).toEqual(['northwindcrm.com (you)', 'pipedrift.com']);
    expect(rows.find((r) => r[0] === 'Comparison')?.slice(1, 3)).toEqual(['0', '24']);
    expect(rows.find((r) => r[0] === 'All URLs')?.[1]).toBe('412');
    const [chart] = chartBlocks(answer.args.blocks as unknown[]);
    expect(chart?.block_id).toBe('content-urls-by-category');
    const own = chart?.chart.series?.[0];
    expect(own?.name).toBe('northwindcrm.… (you)'); // Slack's 20 characters a series name, the mark kept
    // Exactly the table's counts.
    expect(own?.data.map((d) => String(d.value))).toEqual(rows.slice(1, 13).map((r) => r[1]));
    expect(text).toContain('• https://pipedrift.com/compare · comparison · pipedrift.com — Head-to-head comparison page targeting your brand name');
    // An empty list: compared, none found. A null list: no comparison ran. Neither is the other.
    expect(text).toContain('• *Missing integration pages:* _compared, none found_');
    expect(text).toContain('• *Missing programmatic pages:* _no comparison ran_');
    expect(text).toContain('• *Missing categories:* comparison, case studies, webinars');
    expect(text).toContain('Share to channel');
  });

  it('content for one competitor: one read, its twelve counts (0 included) and only its strategic URLs', async () => {
    const text = await run('content PIPEDRIFT.com');
    expect(requests().map((r) => r.path)).toEqual(['/v1/projects/prj_northwind/content']);
    expect(text).toContain('Northwind CRM: content of pipedrift.com');
    expect(text).toContain('• *Case studies:* 46');
    expect(text).toContain('• *Tools:* 0');
    expect(text).toContain('https://pipedrift.com/compare');
    expect(text).not.toContain('https://hubforge.io/compare');
    expect(text).toContain('• *Missing programmatic pages:* _no comparison ran_');
  });

  it('content for a project without a content run says so, with no Share button', async () => {
    const text = await run('content --project sprout');
    expect(text).toContain('has no completed content run yet');
    expect(text).not.toContain('Share to channel');
  });

  it('changes: one read per page; the count from pagination.total; comparison pages first and marked', async () => {
    const text = await run('changes');
    expect(requests().map((r) => [r.path, r.query])).toEqual([[CHANGELOG, { page: '1', limit: '10' }]]);
    expect(text).toContain('Page 1 of 2 · 13 changes in all');
    expect(text).toMatch(/:dart: \*New comparison pages:\* pipedrift\.com 2 new \((\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday)\) · salesloom\.com 4 new \((\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday)\) · hubforge\.io 1 new/);
    const summary = text.indexOf(':dart: *New comparison pages:*');
    expect(summary).toBeGreaterThan(-1);
    expect(summary).toBeLessThan(text.indexOf('*hubforge.io* ·'));
    // Inside an entry, comparison comes before the other categories and carries the mark.
    const entry = text.slice(text.indexOf('*pipedrift.com* ·'));
    expect(entry.indexOf('• :dart: *Comparison:* 2 new')).toBeLessThan(entry.indexOf('• *Blog:* 4 new'));
    // Up to three sample URLs, the count from the service.
    expect(text).toContain('• *Programmatic:* 60 new — https://hubforge.io/solutions/crm-for-agencies-in-city-01, https://hubforge.io/solutions/crm-for-agencies-in-city-02, https://hubforge.io/solutions/crm-for-agencies-in-city-03 _(3 of 60 shown;');
    expect(text).not.toContain('city-04');
    expect(text).not.toContain('The service cut this list');
    expect(text).toContain('Older changes: `/radar changes --page 2`');

    const second = await run('changes --page 2');
    expect(requests().map((r) => [r.path, r.query])).toEqual([[CHANGELOG, { page: '2', limit: '10' }]]);
    expect(second).toContain('Page 2 of 2 · 13 changes in all');
    expect(second).not.toContain('New comparison pages');
    expect(second).toContain('That is the oldest change on record.');
  });

  it('changes with a competitor and a category: the competitor list once, then one changelog read filtered by id and category', async () => {
    const text = await run('changes SalesLoom comparison');
    expect(requests().map((r) => [r.path, r.query])).toEqual([
      [COMPETITORS, {}],
      [CHANGELOG, { page: '1', limit: '10', competitorId: 'cmp_nw_salesloom', category: 'comparison' }],
    ]);
    expect(text).toContain('Northwind CRM: content changes of salesloom.com · comparison');
    expect(text).toContain('• :dart: *Comparison:* 4 new');
  });

  it('category words as people type them; a category alone reads no competitor list', async () => {
    await run('changes case studies');
    expect(requests().map((r) => [r.path, r.query])).toEqual([[CHANGELOG, { page: '1', limit: '10', category: 'caseStudies' }]]);
    for (const words of ['caseStudies', 'Case-Studies', 'case study']) {
      await run(`changes pipedrift ${words}`);
      expect(requests().at(-1)?.query).toMatchObject({ competitorId: 'cmp_nw_pipedrift', category: 'caseStudies' });
    }
  });

  it('--all-urls: every URL sent, and the service’s cut said plainly (truncated), apart from the counts', async () => {
    const text = await run('changes --all-urls');
    expect(requests().map((r) => [r.path, r.query])).toEqual([[CHANGELOG, { page: '1', limit: '5', allUrlsPerCategory: 'true' }]]);
    expect(text).toContain('*The service cut this list* (`truncated`)');
    expect(text).toMatch(/This page holds 1 of its 5 entries/);
    expect(text).toMatch(/• \*Programmatic:\* 60 new _\(\d+ of 60 URLs sent: the service cut this list\)_/);
    expect(text).toContain('◦ https://hubforge.io/solutions/crm-for-agencies-in-city-04');
    const small = await run('changes closewise --all-urls');
    expect(small).not.toContain('cut this list');
    expect(small).toContain('◦ https://closewise.com/webinars/inside-sales-metrics');
  });

  it('an unknown competitor gets "did you mean"; a mistyped category too; nothing is asked of the changelog', async () => {
    expect(await run('changes pipedrfit')).toContain('Did you mean *pipedrift');
    expect(requests().map((r) => r.path)).toEqual([COMPETITORS]);
    expect(await run('changes pipedrift comparisn')).toContain('did you mean the category *comparison*');
  });

  it('nothing recorded, or a page past the end: one sentence, no Share button', async () => {
    const none = await run('changes dealstream comparison');
    expect(none).toContain('No content changes are recorded for *dealstream.io* in *comparison*');
    expect(none).not.toContain('Share to channel');
    const past = await run('changes --page 9');
    expect(past).toContain('There is no page 9: the changelog has 2 pages (13 changes).');
  });
});
