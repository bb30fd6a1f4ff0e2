/**
 * The bench's output: a plain-text table per measure (metric, Radar, baseline), each target with a
 * plain verdict, and `bench/results.json` with the machine the numbers came from.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { MeasureResult, Metric, TargetCheck } from './support.js';
import { MIB, round } from './support.js';

export interface Machine {
  node: string;
  platform: string;
  cores: number;
  cpuModel: string;
  memoryMiB: number;
  /** 1-minute load average when the run started and when it ended (other work on the machine skews timings). */
  loadAverage: { start: number; end: number };
}

export interface BenchReport {
  date: string;
  machine: Machine;
  durationMs: number;
  measures: MeasureResult[];
}

/** The 1-minute load average now. */
export function currentLoad(): number {
  return round(loadavg()[0] ?? 0, 2) ?? 0;
}

export function describeMachine(loadAtStart: number): Machine {
  const cpuList = cpus();
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cores: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    memoryMiB: Math.round(totalmem() / MIB),
    loadAverage: { start: loadAtStart, end: currentLoad() },
  };
}

const formatValue = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`.trim());

function metricRow(m: Metric): string[] {
  return [m.name, formatValue(m.value, m.unit), m.baseline ? `${formatValue(m.baseline.value, m.unit)} (${m.baseline.label})` : ''];
}

function verdict(t: TargetCheck): string {
  if (t.met === null) return 'NOT MEASURED';
  return t.met ? 'met' : 'MISSED';
}

function table(rows: string[][]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd()).join('\n');
}

/** The report as printed: one block per measure, then a summary of the targets. */
export function formatReport(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `Radar benchmarks, ${report.date}: Node ${machine.node}, ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryMiB} MiB, ${machine.platform}`,
    `Load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end` +
      (Math.max(machine.loadAverage.start, machine.loadAverage.end) > machine.cores ? ': the machine was busy with other work, so timings are pessimistic.' : '.'),
    '',
  ];
  for (const m of report.measures) {
    lines.push(`${m.title}  [${round(m.durationMs / 1000)} s]`);
    if (m.skipped) lines.push(`  NOT MEASURED: ${m.skipped}`);
    if (m.metrics.length > 0) lines.push(table([['metric', 'Radar', 'baseline'], ...m.metrics.map(metricRow)]));
    for (const t of m.targets) lines.push(`  [${verdict(t)}] ${t.target}: ${t.detail}`);
    for (const note of m.notes) lines.push(`  note: ${note}`);
    lines.push(`  how: ${m.method}`, '');
  }
  const all = report.measures.flatMap((m) => m.targets);
  const missed = all.filter((t) => t.met === false);
  const unmeasured = all.filter((t) => t.met === null).length + report.measures.filter((m) => m.skipped && m.targets.length === 0).length;
  lines.push(
    `Targets: ${all.filter((t) => t.met).length} met, ${missed.length} missed, ${unmeasured} not measured. Whole run ${round(report.durationMs / 1000)} s.`,
  );
  for (const t of missed) lines.push(`  MISSED: ${t.target} (${t.detail})`);
  return lines.join('\n');
}
