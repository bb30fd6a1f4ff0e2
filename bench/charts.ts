/**
 * Issue 29: the chart measure. In a fresh process (so earlier measures' memory is not counted):
 * the trust-signals summary built text-only (the view as before charts: its blocks) and the same
 * answer with its chart rendered as PNG (echarts SVG + resvg, the fallback Slack gets when it refuses
 * the chart block), timed alike in one run; then 100 charts in a row with the process's RSS before
 * and after. The first chart (which loads the renderer) is reported apart from the rest.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Measure } from './support.js';
import { MIB, percentile, round } from './support.js';

const RENDERS = 200;
const IN_A_ROW = 100;
const P99_TARGET_MS = 50;
const RSS_TARGET_MIB = 30;

interface WorkerResult {
  textP50: number;
  textP99: number;
  firstChartMs: number;
  chartP50: number;
  chartP99: number;
  pngBytes: number;
  rssColdMib: number;
  rssBeforeMib: number;
  rssAfterMib: number;
}

async function worker(): Promise<WorkerResult> {
  const { trustSummaryView } = await import('../src/features/scans/views/trust-view.js');
  const { trustSignalsResult } = await import('../src/sandbox/routes/scans/trust-result.js');
  const { trustResultFacts } = await import('../src/service/read/scans.js');
  const { renderChartPng } = await import('../src/slack/charts/index.js');
  const subject = { kind: 'trust', domain: 'northwindcrm.com', startedBy: 'U1', scanId: 'scan_1' } as const;
  const results = Array.from({ length: 8 }, (_, i) => trustResultFacts(trustSignalsResult(`site${i}-example.com`, '2026-11-20T12:00:00Z', 4_200)));
  const mib = () => process.memoryUsage.rss() / MIB;

  const text: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    trustSummaryView(subject, results[i % results.length]!);
    text.push(performance.now() - started);
  }
  const rssCold = mib();
  const answerWithChart = async (i: number) => {
    const view = trustSummaryView(subject, results[i % results.length]!);
    const chart = view.charts[0];
    if (!chart) throw new Error('the trust summary has no chart');
    return (await renderChartPng(chart.facts)).png.length;
  };
  let started = performance.now();
  const pngBytes = await answerWithChart(0);
  const firstChartMs = performance.now() - started;
  const charts: number[] = [];
  for (let i = 1; i <= RENDERS; i++) {
    started = performance.now();
    await answerWithChart(i);
    charts.push(performance.now() - started);
  }
  const rssBefore = mib();
  for (let i = 0; i < IN_A_ROW; i++) await answerWithChart(i);
  const rssAfter = mib();
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
        `(echarts server-side SVG, @resvg/resvg-js, the shipped font) ${RENDERS} times after a first render that loads the renderer; then ${IN_A_ROW} charts in a row, RSS read before and after (no forced GC).`,
      metrics: [
        { name: 'text-only answer, p50', value: round(r.textP50, 2), unit: 'ms' },
        { name: 'text-only answer, p99', value: round(r.textP99, 2), unit: 'ms' },
        { name: 'first chart (loads the renderer)', value: round(r.firstChartMs, 0), unit: 'ms' },
        { name: 'answer with its chart as PNG, p50', value: round(r.chartP50, 1), unit: 'ms' },
        { name: 'answer with its chart as PNG, p99', value: round(r.chartP99, 1), unit: 'ms', baseline: { label: 'target', value: P99_TARGET_MS } },
        { name: 'PNG size', value: r.pngBytes, unit: 'bytes' },
        { name: 'RSS before any chart', value: round(r.rssColdMib, 1), unit: 'MiB' },
        { name: `RSS before ${IN_A_ROW} charts in a row`, value: round(r.rssBeforeMib, 1), unit: 'MiB' },
        { name: `RSS after ${IN_A_ROW} charts in a row`, value: round(r.rssAfterMib, 1), unit: 'MiB', baseline: { label: `target: start + ${RSS_TARGET_MIB}`, value: round(r.rssBeforeMib + RSS_TARGET_MIB, 1) } },
      ],
      targets: [
        { target: `a chart renders in under ${P99_TARGET_MS} ms at p99`, met: r.chartP99 < P99_TARGET_MS, detail: `p99 ${round(r.chartP99, 1)} ms (text-only answer p99 ${round(r.textP99, 2)} ms in the same run)` },
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
