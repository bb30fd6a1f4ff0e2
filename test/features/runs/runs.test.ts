import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';

const NW = SEED.projects.northwind;
const techRuns = NW.runIds['tech-trust'] ?? [];

describe('/radar history and /radar run', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterAll(() => h?.stop());

  it('tech history: one read, count from pagination.total, a null gap reads "no comparison", never a tie', async () => {
    const text = replyText(await h.command('history tech --project northwind', { channel: CHANNELS.general }));
    const reads = h.sandbox.control.requests().filter((r) => r.path.includes('/tech-trust/history'));
    expect(reads.map((r) => [r.path, r.query])).toEqual([[`/v1/projects/${NW.id}/tech-trust/history`, { page: '1', limit: '10' }]]);
    expect(text).toContain(`*${techRuns.length} runs*`);
    expect(text).toContain('Security score gap _no comparison_');
    // Read by the tech-trust reader: signed gap figures, the same labels as the tech watch's lines.
    expect(text).toContain('Security score gap −4.7 · trust signal gap +1.2 · competitors measured 5');
    expect(text).not.toMatch(/gap (0(?![.\d])|tie|even)/i);
    // The run without a summary is listed as such, not as zeros.
    expect(text).toContain('_no summary: that run finished without one_');
  });

  it('pricing history: each row read by the pricing reader and said in the pricing words, as /radar run says the same run', async () => {
    const text = replyText(await h.command('history pricing --project northwind', { channel: CHANNELS.general }));
    // The newest run: money with its unit, the position in words, every gap flag named, never a key.
    expect(text).toContain('Your lowest price $29 per seat a month · plans 3 · free plan no · market average $39.25 per seat a month · 26.1% below the market average (4 comparable prices) · price gap: no gap · free plan gap: gap · annual discount gap: no gap');
    expect(text).toContain('market average $37.50 per seat a month · 22.7% below the market average (4 comparable prices)');
    expect(text).not.toMatch(/hasPriceGap|marketAvgPrice|per_seat_month|Comparable competitor ids|Market currency/);
    const runs = NW.runIds.pricing ?? [];
    const run = replyText(await h.command(`run pricing ${runs[0]} --project northwind`, { channel: CHANNELS.general }));
    for (const fact of ['$29 per seat a month', '$39.25 per seat a month', '26.1% below the market average (4 comparable prices)']) expect(run).toContain(fact);
  });

  it('positioning and content history: each row read by its area reader', async () => {
    const positioning = replyText(await h.command('history positioning --project northwind', { channel: CHANNELS.general }));
    expect(positioning).toContain('2 competitors changed their messaging · differentiation score: 64 · crowded claims: all-in-one, AI assistant · uncontested claims: set up in a day');
    const content = replyText(await h.command('history content --project northwind', { channel: CHANNELS.general }));
    expect(content).toContain('URLs added by competitors 146 · gaps found 5 · competitors compared 5');
  });

  it('counts come from pagination.total, not the page: --page 2 of a one-row page', async () => {
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('history pricing --page 2 --project northwind', { channel: CHANNELS.general }));
    expect(h.sandbox.control.requests().find((r) => r.path.endsWith('/pricing/history'))?.query).toEqual({ page: '2', limit: '10' });
    // Past the last page: the count (from `pagination.total`) and nothing to share.
    expect(text).toMatch(/Page 2 is past the end: \d+ runs? in all/);
    expect(text).not.toContain('Share to channel');
  });

  it('run detail renders the summary tolerantly', async () => {
    const text = replyText(await h.command(`run tech ${techRuns[0]} --project northwind`, { channel: CHANNELS.general }));
    expect(text).toContain(`\`${techRuns[0]}\``);
    // Read by the tech-trust reader: the words /radar history tech says the same run in.
    expect(text).toContain('*Run summary:* Security score gap −4.7 · trust signal gap +1.2 · competitors measured 5');
  });

  it('a past pricing run reads like /radar pricing: the same gap flags in the same words, read by the pricing reader', async () => {
    const run = replyText(await h.command(`run pricing ${NW.runIds.pricing?.[0]} --project northwind`, { channel: CHANNELS.general }));
    const today = replyText(await h.command('pricing --project northwind', { channel: CHANNELS.general }));
    const flags = (text: string) => text.split('\n').filter((l) => / gap:\*/.test(l)).map((l) => l.split(' — ')[0]);
    expect(flags(run).length).toBeGreaterThanOrEqual(3);
    expect(flags(run)).toEqual(flags(today));
    expect(run).toContain('*Market average*');
    expect(run).toContain('*Your pricing*');
    // No raw keys, ids of the payload, ISO timestamps or null.
    expect(run).not.toMatch(/hasPriceGap|marketAvgPrice|\d{4}-\d\d-\d\dT|\bnull\b|cmp_/);
    expect(run).toContain('Competitors: not reported');
  });

  it('a past tech run no area view can read (summary only) falls back to the fields in words: no keys, ISO times or ids', async () => {
    const text = replyText(await h.command(`run tech ${techRuns[1]} --project northwind`, { channel: CHANNELS.general }));
    expect(text).toContain('*Run summary:* Security score gap −6.1 · trust signal gap +0.4 · competitors measured 5');
    expect(text).toMatch(/\*Completed:\* <!date\^\d+\^/);
    expect(text).not.toMatch(/securityScoreGap|\d{4}-\d\d-\d\dT|\bnull\b/);
  });

  it('a past AI visibility or AI sources check: /radar run ai|sources <id> answers as /radar ai check and /radar sources check do', async () => {
    const ai = NW.checkIds[1];
    const sources = NW.sourcesCheckIds[1];
    const runAi = replyText(await h.command(`run ai ${ai} --project northwind`, { channel: CHANNELS.general }));
    const checkAi = replyText(await h.command(`ai check ${ai} --project northwind`, { channel: CHANNELS.general }));
    expect(runAi).toBe(checkAi);
    expect(runAi).toContain('by presence');
    const runSources = replyText(await h.command(`run sources ${sources} --project northwind`, { channel: CHANNELS.general }));
    const checkSources = replyText(await h.command(`sources check ${sources} --project northwind`, { channel: CHANNELS.general }));
    expect(runSources).toBe(checkSources);
    expect(runSources).toContain(`Check \`${sources}\``);
  });

  it('run_not_summarized: "that run finished without a summary", never an invented zero summary', async () => {
    const answer = await h.command(`run tech ${SEED.unsummarizedTechTrustRunId} --project northwind`, { channel: CHANNELS.general });
    const text = replyText(answer);
    expect(text).toContain('that run finished without a summary');
    expect(text).not.toMatch(/\b0\b/);
    expect(text).not.toContain('Share to channel');
  });

  it('run_not_found is one sentence', async () => {
    const text = replyText(await h.command('run pricing run_000000000000 --project northwind', { channel: CHANNELS.general }));
    expect(text).toContain('has no pricing run `run_000000000000`');
  });

  it('no_data_available is a state, not an error', async () => {
    const text = replyText(await h.command('history content --project sprout', { channel: CHANNELS.general }));
    expect(text).toMatch(/Sprout HR\* has no (completed )?content runs?/);
    expect(text).not.toContain(':warning:');
  });

  it('no_data_available from the service is a state sentence, not a failure', async () => {
    h.sandbox.control.addFault({ method: 'GET', path: `/v1/projects/${NW.id}/positioning/history`, kind: 'status', status: 404, code: 'no_data_available', times: 1 });
    const answer = await h.command('history positioning --project northwind', { channel: CHANNELS.intel });
    expect(replyText(answer)).toContain('*Northwind CRM* has no completed positioning run yet.');
    expect(replyText(answer)).not.toContain(':warning:');
    expect(replyText(answer)).not.toContain('Share to channel');
  });

  it('"did you mean" for a mistyped dimension, before any read', async () => {
    const text = replyText(await h.command('history pricnig --project northwind', { channel: CHANNELS.general }));
    expect(text).toContain('Did you mean `/radar history pricing`?');
    expect(replyText(await h.command('run --project northwind', { channel: CHANNELS.general }))).toContain('pricing, content, positioning, tech, ai or sources');
    const run = replyText(await h.command('run positoning run_1 --project northwind', { channel: CHANNELS.general }));
    expect(run).toContain('Did you mean `/radar run positioning run_1`?');
    // The checks `run` reads (ai, sources) are suggested too, with the id typed.
    expect(replyText(await h.command('run sorces chk_1 --project northwind', { channel: CHANNELS.general }))).toContain('Did you mean `/radar run sources chk_1`?');
    expect(replyText(await h.command('run ia chk_1 --project northwind', { channel: CHANNELS.general }))).toContain('Did you mean `/radar run ai chk_1`?');
    expect(replyText(await h.command('run techh run_2 --project northwind', { channel: CHANNELS.general }))).toContain('Did you mean `/radar run tech run_2`?');
    expect(h.sandbox.control.requests().filter((r) => r.path.includes('/history'))).toEqual([]);
  });
});
