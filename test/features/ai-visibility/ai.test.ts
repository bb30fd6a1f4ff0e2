/**
 * `/radar ai` and its forms end to end: signed requests, the sandbox, the fake Slack. Read counts
 * come from the sandbox's request log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { FORGED_VALUE, STALE_BINDING } from '../../../src/slack/error-text.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';

const NW = '/v1/projects/prj_northwind/ai-visibility';

describe('/radar ai', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  const aiReads = () => h.sandbox.control.requests().filter((r) => r.path.includes('/ai-visibility'));
  const messageOf = (call: WebApiCall) => ({ ts: '1700000000.000100', blocks: call.args.blocks as never });

  it('is exactly one read: score, mention rate, check date, models, per-model figures, market map, total entries', async () => {
    h.sandbox.control.clearRequests();
    const answer = await h.command('ai', { channel: CHANNELS.intel });
    const text = replyText(answer);
    expect(aiReads()).toHaveLength(1);
    expect(aiReads()[0]).toMatchObject({ path: NW, query: {} });
    expect(text).toContain('Northwind CRM: AI visibility');
    expect(text).toMatch(/\*Check of (\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday)\*/);
    expect(text).toContain('5 models: chatgpt, claude, gemini, perplexity, google-ai-overview');
    expect(text).toMatch(/\*Mention rate:\* [\d.]+% of answers counted/);
    expect(text).toContain('*By model*');
    expect(text).toMatch(/raw answer entries/);
    // The count is the page object's total (15), never the page's length (17 rows with pinned ones).
    expect(text).toContain('15 brands on the market map');
    expect(text).toMatch(/\*?Pipedrift\*? \(pipedrift\.com\) _?\(tracked\)_?/);
    expect(text).toMatch(/_\(you\)_| \(you\)/);
    expect(text).toContain('Share to channel');
    expect(text).toContain('More brands');
  });

  it('"More brands" pages the market map with offset/limit, de-duplicating own and tracked rows', async () => {
    const answer = await h.command('ai', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.aiMoreBrands, null, { channel: CHANNELS.intel, message: messageOf(answer), ephemeral: true });
    expect(ack.status).toBe(200);
    const more = replyText(await h.answerTo(ack));
    expect(aiReads()).toEqual([expect.objectContaining({ path: NW, query: { offset: '10', limit: '10' } })]);
    expect(more).toContain('brands 11–15 of 15');
    // Own and tracked rows were on the first page: never repeated.
    expect(more).not.toContain('_(you)_');
    expect(more).not.toContain('_(tracked)_');
    expect(more).not.toContain('More brands');
  });

  it('a forged or rebound "More brands" press does nothing', async () => {
    const answer = await h.command('ai', { channel: CHANNELS.intel });
    const blocks = JSON.parse(JSON.stringify(answer.args.blocks)) as { type: string; elements?: { action_id: string; value: string }[] }[];
    for (const b of blocks) for (const e of b.elements ?? []) if (e.action_id === ACTION_IDS.aiMoreBrands) e.value = e.value.replace(/^./, 'x');
    h.sandbox.control.clearRequests();
    const forged = await h.driver.blockAction(ACTION_IDS.aiMoreBrands, null, { channel: CHANNELS.intel, message: { ts: '1700000000.000101', blocks: blocks as never }, ephemeral: true });
    expect(replyText(await h.answerTo(forged))).toContain(FORGED_VALUE);
    await h.command('bind lumen', { channel: CHANNELS.intel });
    const stale = await h.driver.blockAction(ACTION_IDS.aiMoreBrands, null, { channel: CHANNELS.intel, message: messageOf(answer), ephemeral: true });
    expect(replyText(await h.answerTo(stale))).toContain(STALE_BINDING);
    expect(aiReads()).toEqual([]);
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });

  it('an abandoned latest check: everything shown describes an earlier check, with its date', async () => {
    const text = replyText(await h.command('ai --project lumen', { channel: CHANNELS.general }));
    expect(text).toMatch(/abandoned as incomplete \(latest check incomplete\)\. Everything shown here describes an earlier check, from (\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday)\./);
  });

  it('no scored check is a state, said as a sentence, without Share', async () => {
    const text = replyText(await h.command('ai --project sprout', { channel: CHANNELS.general }));
    expect(text).toContain('has no scored AI visibility check yet');
    expect(text).not.toContain('Share to channel');
    expect(text).not.toMatch(/went wrong|couldn't/);
  });

  it('a refused parameter combination answered anyway is one sentence', async () => {
    h.sandbox.control.addFault({ path: NW, kind: 'status', status: 400, code: 'paging_requires_summary', times: 1 });
    const text = replyText(await h.command('ai', { channel: CHANNELS.intel }));
    expect(text).toBe(
      'Refused\nThe monitoring service refused a combination of parameters (paging_requires_summary) that Radar never sends, so there is nothing to show; this has been logged.',
    );
  });

  it('never sends a refused combination: every AI read Radar makes passes the spec 4.3 rules', async () => {
    h.sandbox.control.clearRequests();
    for (const text of ['ai', 'ai --model claude', 'ai trend', 'ai trend --model claude', 'ai history', 'ai answers pipedrift.com --model gemini --prompt 2']) {
      await h.command(text, { channel: CHANNELS.intel });
    }
    const reads = aiReads();
    expect(reads.length).toBeGreaterThanOrEqual(6);
    for (const r of reads) {
      const q = r.query;
      const paging = 'offset' in q || ('limit' in q && !r.path.endsWith('/history') && !r.path.endsWith('/trend'));
      if (paging) expect(q.view).not.toBe('full');
      if (paging) expect(q.includeSummary).not.toBe('false');
      if (q.includeSummary === 'false') expect(q.includeAnswers).toBe('true');
      if ('provider' in q || 'brand' in q || 'promptIndex' in q) expect(r.path.endsWith('/trend') || q.includeAnswers === 'true').toBe(true);
      expect(r.status).toBe(200);
    }
  });

  it('--model shows one model’s answers, says the summary is the whole check’s, in one read', async () => {
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('ai --model claude', { channel: CHANNELS.intel }));
    expect(aiReads()).toEqual([expect.objectContaining({ path: NW, query: { includeAnswers: 'true', provider: 'claude', includeSummary: 'true' } })]);
    expect(text).toContain('AI visibility in claude');
    expect(text).toMatch(/\*You in claude's answers\* \(from the check's summary\)/);
    expect(text).toContain('the model filter narrows only the answers below, never a summary figure');
    expect(text).toContain('*Prompt 1:* “best CRM for small sales teams”');
    expect(text).toContain('*claude* named, in rank order:');
    expect(text).not.toMatch(/\*(chatgpt|gemini)\* named/);
  });

  it('trend: one read, the rank exception read as the spec says, with and without a model filter', async () => {
    h.sandbox.control.clearRequests();
    const all = replyText(await h.command('ai trend', { channel: CHANNELS.intel }));
    expect(aiReads()).toEqual([expect.objectContaining({ path: `${NW}/trend`, query: {} })]);
    expect(all).toContain('*You, check by check*');
    expect(all).toMatch(/presence rank \d/);
    // DealStream is tracked and never named: a null rank reads "not named in any answer".
    expect(all).toMatch(/\*DealStream\*: named in 0% of answers counted · score 0 \(no counted answer named it\) · no rank \(not named in any answer\)/);
    const one = replyText(await h.command('ai trend --model gemini', { channel: CHANNELS.intel }));
    expect(aiReads().at(-1)).toMatchObject({ path: `${NW}/trend`, query: { provider: 'gemini' } });
    expect(one).toContain('no rank (ranks exist only across every model)');
    expect(one).not.toContain('not named in any answer');
    expect(one).not.toMatch(/presence rank \d/);
  });

  it('history: scored checks newest first, score and mention rate per check, pagination.total as the count', async () => {
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('ai history', { channel: CHANNELS.intel }));
    expect(aiReads()).toEqual([expect.objectContaining({ path: `${NW}/history`, query: { page: '1', limit: '10' } })]);
    expect(text).toContain('*3 scored checks*, newest first (showing 1–3)');
    expect(text.match(/named in [\d.]+% of answers counted · score/g)).toHaveLength(3);
    const dates = [...text.matchAll(/• \*(\d{4}-\d\d-\d\d)\*/g)].map((m) => m[1] ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('check <id>: one past check in full, in one read of its detail; an unknown id is one sentence', async () => {
    const listed = replyText(await h.command('ai history', { channel: CHANNELS.intel }));
    const id = /`(chk_[0-9a-f]{12})`/.exec(listed)?.[1];
    expect(id).toBeDefined();
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command(`ai check ${id}`, { channel: CHANNELS.intel }));
    expect(aiReads()).toEqual([expect.objectContaining({ path: `${NW}/history/${id}` })]);
    expect(text).toMatch(/named in [\d.]+% of the answers counted|named in [\d.]+%/);
    const unknown = replyText(await h.command('ai check chk_000000000000', { channel: CHANNELS.intel }));
    expect(unknown).toContain('has no AI visibility check `chk_000000000000`');
  });

  it('history: when the size cap truncates, Radar asks again with a lower limit, never the next page', async () => {
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('ai history --project quarry', { channel: CHANNELS.general }));
    const reads = aiReads().map((r) => r.query);
    expect(reads[0]).toEqual({ page: '1', limit: '10' });
    // Lower limits over the same checks (1–10): pages 1 and 2 of 5, or pages of 1 within them.
    for (const q of reads.slice(1)) {
      expect(Number(q.limit)).toBeLessThan(10);
      expect((Number(q.page) - 1) * Number(q.limit)).toBeLessThan(10);
    }
    expect(reads.length).toBeGreaterThan(1);
    expect(text).toContain('*14 scored checks*, newest first (showing 1–10)');
    expect(text.match(/• \*(\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|[^>]+>|today|yesterday)\*/g)).toHaveLength(10);
    expect(text).toContain('asked again for');
    expect(text).toContain('/radar ai history --page 2');
  });

  it('answers: the caveat first, each prompt and model with reasoning, unanswered counted apart, no-answer-shown in no count', async () => {
    h.sandbox.control.clearRequests();
    const ack = await h.driver.command('ai answers tillpoint.com --project quarry', { channel: CHANNELS.general });
    const first = replyText(await h.answerTo(ack));
    expect(aiReads()).toEqual([expect.objectContaining({ query: { includeAnswers: 'true', brand: 'tillpoint.com' } })]);
    expect(first.indexOf('not an assessment by the monitoring service')).toBeLessThan(first.indexOf('*Prompt 1:*'));
    // Quarry's latest check: 2 models x 3 prompts = 6 queries; 1 unanswered, 1 no AI overview: 4 answers counted.
    expect(first).toMatch(/\*tillpoint\.com\* was named in \d of 4 answers counted/);
    expect(first).toContain('1 query came back without a usable answer (chatgpt on prompt 3)');
    expect(first).toContain('left out of every count: google-ai-overview on prompt 2');
    expect(first).toMatch(/1\. \w+.*— “.+”/);
    expect(first).toContain('no figure of the check\'s summary changes with it');
  });

  it('answers with --model and --prompt send promptIndex zero-based and post within Block Kit limits', async () => {
    h.sandbox.control.clearRequests();
    const ack = await h.driver.command('ai answers HubForge.io --model claude --prompt 2', { channel: CHANNELS.intel });
    const text = replyText(await h.answerTo(ack));
    expect(aiReads()[0]?.query).toEqual({ includeAnswers: 'true', brand: 'HubForge.io', provider: 'claude', promptIndex: '1', includeSummary: 'true' });
    expect(text).toContain('(model claude, prompt 2 only)');
    expect(text).toContain('*Prompt 2:*');
    expect(text).not.toContain('*Prompt 1:*');
  });

  it('unfiltered answers for a five-model check come as several messages, each within limits', async () => {
    const ack = await h.driver.command('ai answers pipedrift.com', { channel: CHANNELS.intel });
    await h.answerTo(ack);
    const answers = h.answersTo(ack);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    const all = answers.map(replyText).join('\n');
    for (const k of [1, 2, 3, 4]) expect(all).toContain(`*Prompt ${k}:*`);
    for (const a of answers) expect((a.args.blocks as unknown[]).length).toBeLessThanOrEqual(50);
  });

  it('"14 of 15 brands" comes with a way to the rest: the button and the command, which pages with offset/limit', async () => {
    const first = replyText(await h.command('ai', { channel: CHANNELS.intel }));
    expect(first).toContain('14 of 15 brands on the market map shown');
    expect(first).toContain('More brands');
    expect(first).toContain('The rest of the market map: `/radar ai --page 2`');
    h.sandbox.control.clearRequests();
    const second = replyText(await h.command('ai --page 2', { channel: CHANNELS.intel }));
    expect(aiReads()).toEqual([expect.objectContaining({ path: NW, query: { offset: '10', limit: '10' } })]);
    expect(second).toContain('from brand 11 of 15');
    // No standing is claimed from a later page.
    expect(second).not.toContain('*Standing:*');
    const past = replyText(await h.command('ai --page 3', { channel: CHANNELS.intel }));
    expect(past).toContain('the map has 15 brands, none past 20');
  });

  it('--prompt 9 on a four-prompt project says there is no prompt 9, and how many there are', async () => {
    const answer = replyText(await h.command('ai answers pipedrift.com --prompt 9', { channel: CHANNELS.intel }));
    expect(answer).toContain('There is no prompt 9: this project has 4 prompts (`--prompt 1` to `--prompt 4`).');
    expect(answer).not.toMatch(/named in 0 of|No answers came back/);
  });

  it('usage: an unknown form and a missing domain are one sentence', async () => {
    expect(replyText(await h.command('ai sideways', { channel: CHANNELS.intel }))).toContain('takes `trend`, `history`, `check &lt;check id&gt;` or `answers &lt;brand domain&gt;`');
    expect(replyText(await h.command('ai answers', { channel: CHANNELS.intel }))).toContain('Name a brand by its domain');
    expect(replyText(await h.command('ai --model claude --page 2', { channel: CHANNELS.intel }))).toContain('--page works with');
  });
});
