/**
 * The reading rules of issue 14 (spec 2.2, 2.5), each on the views themselves: the sandbox's own
 * answers, changed only where a rule needs a case the seed does not hold. Each test fails if its
 * rule is broken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersMessages } from '../../../../src/features/ai-visibility/views/answers-view.js';
import { aiHistoryView as historyView } from '../../../support/raw-views.js';
import { modelView } from '../../../../src/features/ai-visibility/views/model-view.js';
import { overviewView } from '../../../../src/features/ai-visibility/views/overview-view.js';
import { trendView } from '../../../support/raw-views.js';
import { RATES_NOTE, SCORE_NOTE } from '../../../../src/features/ai-visibility/format.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { aiVisibilityReadSchema, readAiAnswers, readAiVisibility, type AiVisibilityRead } from '../../../../src/service/index.js';
import { messageText } from '../../../support/view-checks.js';

type Json = Record<string, unknown>;
let sandbox: Sandbox;
const raw: Record<string, Json> = {};

async function get(path: string): Promise<Json> {
  const res = await fetch(`${sandbox.url}${path}`, { headers: { 'svc-api-key': sandbox.keys.readWrite } });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const item = (body: Json): AiVisibilityRead => aiVisibilityReadSchema.parse(clone(body.item));
const summaryOf = (body: Json) => (body.item as { summary: { customer: Json; marketMap: { brands: Json[] } } }).summary;
const overview = (body: Json) => messageText(overviewView('Northwind CRM', readAiVisibility(item(body)), { moreValue: null }));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const nw = '/v1/projects/prj_northwind/ai-visibility';
  raw.latest = await get(nw);
  raw.model = await get(`${nw}?includeAnswers=true&provider=claude&includeSummary=true`);
  raw.answers = await get(`${nw}?includeAnswers=true&brand=pipedrift.com`);
  raw.trend = await get(`${nw}/trend`);
  raw.trendModel = await get(`${nw}/trend?provider=claude`);
  raw.lumen = await get('/v1/projects/prj_lumen/ai-visibility');
  raw.lumenAnswers = await get('/v1/projects/prj_lumen/ai-visibility?includeAnswers=true&brand=docsmith.io&includeSummary=true');
  raw.history = await get(`${nw}/history?page=1&limit=10`);
  raw.quarry = await get('/v1/projects/prj_quarry/ai-visibility');
  const quarryCheck = ((await get('/v1/projects/prj_quarry/ai-visibility/history?page=1&limit=1')).items as Json[])[0]!.checkId;
  raw.quarryDetail = await get(`/v1/projects/prj_quarry/ai-visibility/history/${String(quarryCheck)}?includeAnswers=true&includeSummary=true`);
});
afterAll(() => sandbox?.close());

describe('standing comes from presence, never from the score', () => {
  it('the brand with the best score is not called the leader; the one named most often is', () => {
    const body = clone(raw.latest!);
    const brands = summaryOf(body).marketMap.brands;
    for (const b of brands) b.score = 10;
    const scorer = brands.find((b) => b.rankByPresence === 4)!;
    scorer.score = 100;
    const leader = brands.find((b) => b.rankByPresence === 2)!;
    leader.mentionRate = 0.6;
    leader.answersNaming = 12;
    const text = overview(body);
    const scorerName = String(scorer.name);
    expect(text).toContain(`*Standing:* ${String(leader.name)} is the most named brand, named in 60% of the answers counted.`);
    for (const line of text.split('\n').filter((l) => l.includes(scorerName))) expect(line).not.toMatch(/leads|ahead of|#1\b|top brand|most named/i);
  });

  it('without presence figures no leader is named at all, whatever the scores or ranks', () => {
    const body = clone(raw.latest!);
    for (const b of summaryOf(body).marketMap.brands) {
      b.mentionRate = null;
      b.answersNaming = null;
    }
    summaryOf(body).customer.rankByPresence = null;
    summaryOf(body).marketMap.brands[0]!.score = 100;
    const text = overview(body).replace(SCORE_NOTE, '');
    expect(text).not.toMatch(/leads|ahead of|Standing|most named/);
  });

  it('four brands named in 50% of answers tie, and the answer says so: no "leads", no "you are the most named brand"', () => {
    const text = overview(raw.latest!);
    expect(text).toContain('*Standing:* 4 brands tie for the top presence, each named in 50% of the answers counted: you (Northwind CRM), OpenDeal, Quotaly and TallyForce. None of them leads.');
    expect(text).not.toMatch(/ leads by|you are the most named|is the most named/i);
    expect(text).toContain('#1 by presence (tied with 3 other brands shown)');
  });
});

describe('score 0 is read beside the mention rate', () => {
  it('non-zero rate: "named, but only below the top 5 or too seldom inside it"', () => {
    const text = overview(raw.latest!);
    // The market map is a table: Brand, Presence, Named in, Score.
    expect(text).toMatch(/Quotaly \(quotaly\.io\) +#\d+ by presence( \(tied with [^)]*\))? +[1-9][\d.]*% of answers counted +0 \(named, but only below the top 5 or too seldom inside it\)/);
  });

  it('the customer too; and a rate of 0 reads "no counted answer named it"', () => {
    const body = clone(raw.latest!);
    summaryOf(body).customer.score = 0;
    summaryOf(body).customer.mentionRate = 0.25;
    expect(overview(body)).toContain('*Score:* 0 (named, but only below the top 5 or too seldom inside it)');
    summaryOf(body).customer.mentionRate = 0;
    expect(overview(body)).toContain('*Score:* 0 (no counted answer named it)');
  });
});

describe('rank exception', () => {
  it('rankByPresence null beside answersNaming 0 reads "not named in any answer", never a rank, 0 or last', () => {
    const line = overview(raw.latest!).split('\n').find((l) => l.includes('dealstream.io'))!;
    expect(line).toContain('not named in any answer');
    expect(line).not.toMatch(/#\d|#0|last|\b0th\b/);
  });

  it('trend: a null rank reads "not named in any answer"; under a model filter "ranks exist only across every model"', () => {
    const all = messageText(trendView('Northwind CRM', raw.trend!, null));
    expect(all.split('\n').find((l) => l.includes('DealStream'))).toContain('no rank (not named in any answer)');
    const one = messageText(trendView('Northwind CRM', raw.trendModel!, 'claude'));
    expect(one).toContain('no rank (ranks exist only across every model)');
    expect(one).not.toContain('not named in any answer');
  });
});

describe('rates are shares of the answers counted', () => {
  it('every view that shows a rate says so, and never relates it to queries sent', () => {
    const texts = [
      overview(raw.latest!),
      messageText(modelView('Northwind CRM', 'claude', readAiVisibility(item(raw.model!)), readAiAnswers(item(raw.model!)))),
      ...answersMessages('Northwind CRM', { brand: 'pipedrift.com', model: null, prompt: null }, readAiAnswers(item(raw.answers!)), readAiVisibility(item(raw.answers!))).map((m) => messageText(m)).slice(0, 1),
      messageText(trendView('Northwind CRM', raw.trend!, null)),
      messageText(historyView('Northwind CRM', { items: (raw.history!.items as unknown[]), total: 3, page: 1, pageSize: 10, loweredTo: null, stillDropped: 0, hasMore: false })),
    ];
    for (const text of texts) {
      expect(text).toMatch(/%/);
      expect(text).toContain(RATES_NOTE);
      for (const line of text.split('\n').filter((l) => /\d%/.test(l) && !l.includes(RATES_NOTE))) expect(line).toMatch(/answers counted|\(\d+%\)/);
      expect(text).not.toMatch(/% of (the )?queries/);
    }
  });
});

describe('an abandoned latest check', () => {
  it('every view of the latest read says everything describes an earlier check, with its date', () => {
    const facts = readAiVisibility(item(raw.lumen!));
    // The check's day as a date token: rendered in this machine's zone.
    const sentence = 'Everything shown here describes an earlier check, from ';
    expect(messageText(overviewView('Lumen Docs', facts))).toContain(sentence);
    const answers = answersMessages('Lumen Docs', { brand: 'docsmith.io', model: null, prompt: null }, readAiAnswers(item(raw.lumenAnswers!)), readAiVisibility(item(raw.lumenAnswers!)));
    expect(messageText(answers[0]!)).toContain(sentence);
    expect(messageText(modelView('Lumen Docs', 'claude', facts, readAiAnswers(item(raw.lumenAnswers!))))).toContain(sentence);
  });

  it('absent marker: no such sentence', () => {
    expect(overview(raw.latest!)).not.toContain('abandoned');
  });
});

describe('no filter changes the summary', () => {
  it('the model view quotes the summary’s own per-model row, and says the filter narrows only the answers', () => {
    const body = clone(raw.model!);
    const perProvider = summaryOf(body).customer.perProvider as Json[];
    perProvider.find((p) => p.provider === 'claude')!.mentionRate = 0.123;
    const text = messageText(modelView('Northwind CRM', 'claude', readAiVisibility(item(body)), readAiAnswers(item(body))));
    expect(text).toContain('*Mention rate:* 12.3% of answers counted');
    expect(text).toContain('the model filter narrows only the answers below, never a summary figure');
  });

  it('the answers view counts only the answers shown and says no summary figure changes', () => {
    const [first] = answersMessages('Northwind CRM', { brand: 'pipedrift.com', model: 'claude', prompt: 2 }, readAiAnswers(item(raw.answers!)), readAiVisibility(item(raw.answers!)));
    const text = messageText(first!);
    expect(text).toContain('(model claude, prompt 2 only)');
    expect(text).toContain("no figure of the check's summary changes with it");
    expect(text).not.toMatch(/summary (rose|fell|changed|is now)/i);
  });
});

describe('a check keeps its own model set', () => {
  it('the latest read names its models; a check detail adds providerStatus and queries sent where recorded', () => {
    expect(messageText(overviewView('Quarry Pay', readAiVisibility(item(raw.quarry!))))).toContain('2 models: chatgpt, google-ai-overview');
    const detail = messageText(overviewView('Quarry Pay', readAiVisibility(item(raw.quarryDetail!))));
    expect(detail).toContain('2 models: chatgpt (ok), google-ai-overview (ok) · 6 queries sent');
  });
});

describe('tolerance: a missing or unexpected part says so, the rest is shown', () => {
  it('no market map: one line for it; the customer and check still shown', () => {
    const body = clone(raw.latest!);
    delete (summaryOf(body) as Partial<ReturnType<typeof summaryOf>>).marketMap;
    const text = overview(body);
    expect(text).toContain("Market map: Radar couldn't read this part of the service's answer.");
    expect(text).toMatch(/\*Mention rate:\* [\d.]+% of answers counted/);
  });

  it('recased keys and a row moved one level down still read; a mistyped rate says "couldn\'t read" for that row only', () => {
    const body = clone(raw.latest!);
    const s = summaryOf(body);
    (s.customer as Json).MentionRate = s.customer.mentionRate;
    delete s.customer.mentionRate;
    s.marketMap.brands[1]!.mentionRate = 'lots';
    const text = overview(body);
    expect(text).toMatch(/\*Mention rate:\* [\d.]+% of answers counted/);
    expect(text.split('\n').filter((l) => l.includes("couldn't read"))).toHaveLength(1);
  });

  it('a trend of a shape Radar does not know says so in one line', () => {
    expect(messageText(trendView('Northwind CRM', { item: { whatever: 3 } }, null))).toContain("Trend: Radar couldn't read this part");
    const flat = messageText(trendView('Northwind CRM', { items: [{ date: '2026-11-01', mentionRate: 0.4, score: 20, rank: null, rankChange: null }] }, null));
    // A null rank is "not named in any answer" only beside answersNaming 0 (spec 2.2.5); otherwise it is not measured.
    expect(flat).toContain('*Nov 1, 2026*: named in 40% of answers counted · score 20/100 · rank _not measured_');
    const unnamed = messageText(trendView('Northwind CRM', { items: [{ date: '2026-11-01', mentionRate: 0, answersNaming: 0, score: 0, rank: null, rankChange: null }] }, null));
    expect(unnamed).toContain('no rank (not named in any answer)');
  });

  it('escapes service strings', () => {
    const body = clone(raw.latest!);
    summaryOf(body).marketMap.brands[0]!.name = '<!channel> & Co';
    const view = overviewView('<!here>', readAiVisibility(item(body)));
    const json = JSON.stringify(view.blocks);
    expect(json).toContain('&lt;!channel&gt; &amp; Co');
    expect(json).not.toContain('<!channel>');
    expect(view.text).toBe('&lt;!here&gt;: AI visibility');
  });
});
