/**
 * Issue 29: the chart measure. In a fresh process (so earlier measures' memory is not counted):
 * the trust-signals summary built text-only (the view as before charts: its blocks) and the same
 * answer with its chart rendered as PNG (echarts SVG + resvg, the fallback Slack gets when it refuses
 * the chart block), timed alike in one run; then 100 charts in a row with the process's RSS before
 * and after. The first chart (which loads the renderer) is reported apart from the rest. Beside it,
 * in the same run, the AI trend and the tech answer, each text-only and with its chart as PNG; and
 * the AI trend drawn as before the subset font (the full font, resvg's own PNG encoder), interleaved
 * chart by chart with today's drawing so both see the same load.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { ChartFacts } from '../src/slack/charts/index.js';
import type { Measure } from './support.js';
import { MIB, percentile, round } from './support.js';

const RENDERS = 200;
const IN_A_ROW = 100;
const P99_TARGET_MS = 50;
const RSS_TARGET_MIB = 30;

/** One answer's timings: built text-only, and built with its chart rendered as PNG. */
interface AnswerTimings {
  textP50: number;
  textP99: number;
  chartP50: number;
  chartP99: number;
  pngBytes: number;
}

interface WorkerResult extends AnswerTimings {
  firstChartMs: number;
  rssColdMib: number;
  rssBeforeMib: number;
  rssAfterMib: number;
  /** The AI trend (12 checks, six brands) and the tech answer (eight sites), timed alike in the same run. */
  others: ({ name: string } & AnswerTimings)[];
  /** The AI trend's chart alone, today's drawing against the drawing before the subset font, interleaved. */
  versus: { nowP50: number; nowP99: number; beforeP50: number; beforeP99: number; nowCpuP50: number; beforeCpuP50: number; nowBytes: number; beforeBytes: number };
}

type Answer = (i: number) => { charts: readonly { facts: ChartFacts }[] };

/** 12 checks of six brands, the own one first, each rate moving a little (the AI trend as the sandbox shapes it). */
function trendPayload(seed: number) {
  const points = Array.from({ length: 12 }, (_, c) => ({
    checkId: `chk_${seed}_${c}`,
    checkedAt: new Date(Date.UTC(2026, 10, 1 + c, 9)).toISOString(),
    answersCounted: 200,
    brands: Array.from({ length: 6 }, (_, b) => ({ domain: `brand${b}.example`, name: `Brand ${b}`, isOwn: b === 0, tracked: true, mentionRate: 0.2 + 0.05 * b + 0.01 * ((c + seed) % 5), score: 50 + b, answersNaming: 40 + b, rank: b + 1, rankChange: 0 })),
  }));
  return { item: { provider: null, points } };
}

/** Eight sites' tech-and-trust rows, the own one first. */
function techPayload(seed: number) {
  return {
    competitors: Array.from({ length: 8 }, (_, i) => ({
      domain: `site${i}-example.com`,
      isOwn: i === 0,
      securityHeaders: { grade: 'B', score: 60 + ((i * 7 + seed) % 35) },
      trustSignals: { count: 5 + ((i + seed) % 20), evaluated: 26 },
      techStack: ['React', 'Cloudflare'],
      robotsTxt: { exists: true },
      aiAccess: { measurement: { status: 'measured' }, assistantAccess: 'allowed', modelTrainingAccess: 'blocked', crawlers: [{ crawler: 'gptbot', allowed: false }] },
      dns: { provider: 'Cloudflare' },
    })),
  };
}

async function worker(): Promise<WorkerResult> {
  const { trustSummaryView } = await import('../src/features/scans/views/trust-view.js');
  const { trendView } = await import('../src/features/ai-visibility/views/trend-view.js');
  const { techView } = await import('../src/features/tech/views/tech-view.js');
  const { trustSignalsResult } = await import('../src/sandbox/routes/scans/trust-result.js');
  const { trustResultFacts } = await import('../src/service/read/scans.js');
  const { latestCheckAvailability, readAiTrend, readTechTrust } = await import('../src/service/index.js');
  const { renderChartPng } = await import('../src/slack/charts/index.js');
  const { chartPng, chartSvg } = await import('../src/slack/charts/png.js');
  const { Resvg } = await import('@resvg/resvg-js');
  const fullFont = fileURLToPath(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url));
  /** The drawing before the subset font and Radar's own PNG encoding: the full font read on every render, resvg's encoder. */
  const drawnBefore = (facts: ChartFacts) => {
    const resvg = new Resvg(chartSvg(facts, 800, 420), { background: '#ffffff', font: { fontFiles: [fullFont], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' } });
    return resvg.render().asPng();
  };
  const subject = { kind: 'trust', domain: 'northwindcrm.com', startedBy: 'U1', scanId: 'scan_1' } as const;
  const results = Array.from({ length: 8 }, (_, i) => trustResultFacts(trustSignalsResult(`site${i}-example.com`, '2026-11-20T12:00:00Z', 4_200)));
  // The trend answer's facts, as the client's aiTrendFacts reads them (the view takes facts since issue 27).
  const trends = Array.from({ length: 8 }, (_, i) => trendPayload(i) as never).map((body) => ({ points: readAiTrend(body), latestCheck: latestCheckAvailability(body) }));
  const techs = Array.from({ length: 8 }, (_, i) => readTechTrust(techPayload(i)));
  const mib = () => process.memoryUsage.rss() / MIB;

  const trust: Answer = (i) => trustSummaryView(subject, results[i % results.length]!);
  const trend: Answer = (i) => trendView('Northwind CRM', trends[i % trends.length]!, null);
  const tech: Answer = (i) => {
    const facts = techs[i % techs.length]!;
    return techView('Northwind CRM', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full: false });
  };
  const textTimes = (answer: Answer) => {
    const text: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      answer(i);
      text.push(performance.now() - started);
    }
    return text;
  };
  const withChart = (answer: Answer) => async (i: number) => {
    const chart = answer(i).charts[0];
    if (!chart) throw new Error('the answer has no chart');
    return (await renderChartPng(chart.facts)).png.length;
  };
  const chartTimes = async (answer: Answer) => {
    const times: number[] = [];
    for (let i = 1; i <= RENDERS; i++) {
      const started = performance.now();
      await withChart(answer)(i);
      times.push(performance.now() - started);
    }
    return times;
  };
  const timings = async (answer: Answer): Promise<AnswerTimings> => {
    const text = textTimes(answer);
    const charts = await chartTimes(answer);
    return { textP50: percentile(text, 50) ?? 0, textP99: percentile(text, 99) ?? 0, chartP50: percentile(charts, 50) ?? 0, chartP99: percentile(charts, 99) ?? 0, pngBytes: await withChart(answer)(0) };
  };

  const text = textTimes(trust);
  const rssCold = mib();
  const started = performance.now();
  const pngBytes = await withChart(trust)(0);
  const firstChartMs = performance.now() - started;
  const charts = await chartTimes(trust);
  const rssBefore = mib();
  for (let i = 0; i < IN_A_ROW; i++) await withChart(trust)(i);
  const rssAfter = mib();
  const others = [
    { name: 'AI trend (12 checks, 6 brands, line)', ...(await timings(trend)) },
    { name: 'tech and trust (8 sites, bar)', ...(await timings(tech)) },
  ];
  // The chart alone (no answer building, no yield), before and now taking turns.
  const now: number[] = [];
  const before: number[] = [];
  // CPU time too: on a shared machine the wall clock also counts the time other processes had the cores.
  const nowCpu: number[] = [];
  const beforeCpu: number[] = [];
  let nowBytes = 0;
  let beforeBytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const facts = trend(i).charts[0]?.facts;
    if (!facts) throw new Error('the AI trend has no chart');
    for (const turn of i % 2 === 0 ? ['now', 'before'] : ['before', 'now']) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      if (turn === 'now') nowBytes = chartPng(facts).png.length;
      else beforeBytes = drawnBefore(facts).length;
      (turn === 'now' ? now : before).push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      (turn === 'now' ? nowCpu : beforeCpu).push((used.user + used.system) / 1000);
    }
  }
  const versus = { nowP50: percentile(now, 50) ?? 0, nowP99: percentile(now, 99) ?? 0, beforeP50: percentile(before, 50) ?? 0, beforeP99: percentile(before, 99) ?? 0, nowCpuP50: percentile(nowCpu, 50) ?? 0, beforeCpuP50: percentile(beforeCpu, 50) ?? 0, nowBytes, beforeBytes };
  return {
    textP50: percentile(text, 50) ?? 0,
    textP99: percentile(text, 99) ?? 0,
    firstChartMs,
    chartP50: percentile(charts, 50) ?? 0,
    chartP99: percentile(charts, 99) ?? 0,
    pngBytes,
    rssColdMib: rssCold,
    rssBeforeMib: rssBefore,
    rssAfterMib: rssAfter,
    others,
    versus,
  };
}

if (process.argv[2] === '--charts-worker') {
  process.stdout.write(`${JSON.stringify(await worker())}\n`);
  process.exit(0);
}

export const charts: Measure = {
  id: 'charts',
  title: '29. A chart rendered as PNG beside the text-only answer; 100 charts in a row',
  run() {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--charts-worker'], { encoding: 'utf8', timeout: 300_000 });
    if (child.status !== 0) throw new Error(`the chart worker failed: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
    const r = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as WorkerResult;
    const growth = r.rssAfterMib - r.rssBeforeMib;
    return Promise.resolve({
      method:
        `A fresh Node process (tsx): the /radar scan trust summary built ${RENDERS} times text-only, then the same answer with its category-scores chart rendered as PNG ` +
        `(and, timed alike after it in the same run, /radar ai trend over 12 checks of six brands and /radar tech over eight sites, each text-only and with its first chart as PNG) ` +
        `(echarts server-side SVG, @resvg/resvg-js, the shipped font: its Latin subset when the chart's text allows) ${RENDERS} times after a first render that loads the renderer; then ${IN_A_ROW} charts in a row, RSS read before and after (no forced GC); ` +
        `then the AI trend's chart alone ${RENDERS} times as drawn now and as drawn before the subset font (full font, resvg's PNG encoder), taking turns.`,
      metrics: [
        { name: 'text-only answer, p50', value: round(r.textP50, 2), unit: 'ms' },
        { name: 'text-only answer, p99', value: round(r.textP99, 2), unit: 'ms' },
        { name: 'first chart (loads the renderer)', value: round(r.firstChartMs, 0), unit: 'ms' },
        { name: 'answer with its chart as PNG, p50', value: round(r.chartP50, 1), unit: 'ms' },
        { name: 'answer with its chart as PNG, p99', value: round(r.chartP99, 1), unit: 'ms', baseline: { label: 'target', value: P99_TARGET_MS } },
        { name: 'PNG size', value: r.pngBytes, unit: 'bytes' },
        ...r.others.flatMap((o) => [
          { name: `${o.name}: text-only answer, p99`, value: round(o.textP99, 2), unit: 'ms' },
          { name: `${o.name}: answer with its chart as PNG, p50`, value: round(o.chartP50, 1), unit: 'ms' },
          { name: `${o.name}: answer with its chart as PNG, p99`, value: round(o.chartP99, 1), unit: 'ms', baseline: { label: 'target', value: P99_TARGET_MS } },
          { name: `${o.name}: PNG size`, value: o.pngBytes, unit: 'bytes' },
        ]),
        { name: 'AI trend chart alone, as drawn now (subset font, zlib PNG), p50', value: round(r.versus.nowP50, 1), unit: 'ms' },
        { name: 'AI trend chart alone, as drawn now, p99', value: round(r.versus.nowP99, 1), unit: 'ms', baseline: { label: 'before, same run', value: round(r.versus.beforeP99, 1) } },
        { name: 'AI trend chart alone, as drawn before (full font, resvg PNG), p50', value: round(r.versus.beforeP50, 1), unit: 'ms' },
        { name: 'AI trend chart alone, CPU time now, p50', value: round(r.versus.nowCpuP50, 1), unit: 'ms', baseline: { label: 'before, same run', value: round(r.versus.beforeCpuP50, 1) } },
        { name: 'AI trend chart PNG size now / before', value: r.versus.nowBytes, unit: 'bytes', baseline: { label: 'before', value: r.versus.beforeBytes } },
        { name: 'RSS before any chart', value: round(r.rssColdMib, 1), unit: 'MiB' },
        { name: `RSS before ${IN_A_ROW} charts in a row`, value: round(r.rssBeforeMib, 1), unit: 'MiB' },
        { name: `RSS after ${IN_A_ROW} charts in a row`, value: round(r.rssAfterMib, 1), unit: 'MiB', baseline: { label: `target: start + ${RSS_TARGET_MIB}`, value: round(r.rssBeforeMib + RSS_TARGET_MIB, 1) } },
      ],
      targets: [
        { target: `a chart renders in under ${P99_TARGET_MS} ms at p99`, met: r.chartP99 < P99_TARGET_MS, detail: `p99 ${round(r.chartP99, 1)} ms (text-only answer p99 ${round(r.textP99, 2)} ms in the same run)` },
        ...r.others.map((o) => ({
          target: `${o.name}: a chart renders in under ${P99_TARGET_MS} ms at p99`,
          met: o.chartP99 < P99_TARGET_MS,
          detail: `p99 ${round(o.chartP99, 1)} ms (text-only answer p99 ${round(o.textP99, 2)} ms in the same run)`,
        })),
        {
          target: `${IN_A_ROW} charts in a row leave RSS within ${RSS_TARGET_MIB} MiB of where it started`,
          met: Math.abs(growth) <= RSS_TARGET_MIB,
          detail: `${round(r.rssBeforeMib, 1)} → ${round(r.rssAfterMib, 1)} MiB (${growth >= 0 ? '+' : ''}${round(growth, 1)} MiB)`,
        },
      ],
      notes: [
        `Loading the renderer (echarts, resvg and the font on the first chart) took the process from ${round(r.rssColdMib, 1)} MiB to ${round(r.rssBeforeMib, 1)} MiB (after ${RENDERS + 1} charts); Radar loads it only when a chart is first drawn as PNG.`,
      ],
    });
  },
};
