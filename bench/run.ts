/**
 * `npm run bench`: runs the measures (issue 7's five, the edge issue's, and issue 33's memory under one person's flood) one after another, prints the table and writes
 * `bench/results.json`. `npm run bench -- ack-latency idle` runs only the named measures and prints
 * them without touching results.json.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ackLatency } from './ack-latency.js';
import { competitorCard } from './competitor-card.js';
import { digestCycle } from './digest-cycle.js';
import { edge } from './edge.js';
import { fairUse } from './fair-use.js';
import { flood } from './flood.js';
import { idle } from './idle.js';
import { memory } from './memory.js';
import type { BenchReport } from './report.js';
import { currentLoad, describeMachine, formatReport } from './report.js';
import { scans } from './scans.js';
import { charts } from './charts.js';
import { shortcutModal } from './shortcut-modal.js';
import { watchesCycle } from './watches.js';
import { reportsCycle } from './reports.js';
import { manyWorkspaces } from './many-workspaces.js';
import type { Measure, MeasureResult } from './support.js';

const MEASURES: Measure[] = [ackLatency, shortcutModal, digestCycle, scans, idle, edge, fairUse, watchesCycle, competitorCard, flood, charts, memory, reportsCycle, manyWorkspaces];
const RESULTS_FILE = new URL('./results.json', import.meta.url);

async function runMeasure(measure: Measure): Promise<MeasureResult> {
  process.stderr.write(`running ${measure.id}…\n`);
  const started = performance.now();
  try {
    const result = await measure.run();
    return { id: measure.id, title: measure.title, ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      id: measure.id,
      title: measure.title,
      method: '',
      metrics: [],
      targets: [],
      notes: [],
      skipped: `the measure failed: ${message}`,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !MEASURES.some((m) => m.id === id));
if (unknown.length > 0) {
  console.error(`Unknown measure ${unknown.join(', ')}; the measures are ${MEASURES.map((m) => m.id).join(', ')}.`);
  process.exit(2);
}
const selected = wanted.length === 0 ? MEASURES : MEASURES.filter((m) => wanted.includes(m.id));

// Radar runs compiled, as `npm start` runs it: build dist/ when src/ is newer.
const build = spawnSync(process.execPath, [new URL('../scripts/build-if-stale.mjs', import.meta.url).pathname], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The build failed; the bench measures the compiled Radar.');
  process.exit(1);
}

const loadAtStart = currentLoad();
const started = performance.now();
const measures: MeasureResult[] = [];
for (const measure of selected) measures.push(await runMeasure(measure));
const report: BenchReport = { date: new Date().toISOString(), machine: describeMachine(loadAtStart), durationMs: Math.round(performance.now() - started), measures };

console.log(formatReport(report));
if (selected.length === MEASURES.length) {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${RESULTS_FILE.pathname}`);
} else {
  console.log('\nA subset ran: bench/results.json was left as it was.');
}
// Sockets of the stopped apps may linger in keep-alive; the run is over.
process.exit(0);
