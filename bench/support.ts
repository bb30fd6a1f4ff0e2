/**
 * What every measure shares: the result shape the report prints, percentiles, a bounded load
 * runner, peak-RSS sampling (in-process, and of a spawned process through /proc), and a waiter.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Ack } from '../test/support/slack-driver.js';

/** One number a measure reports, with the baseline it is read against when there is one. */
export interface Metric {
  name: string;
  value: number | null;
  unit: string;
  baseline?: { label: string; value: number | null };
}

/** A target from issue 7; `met: null` when the measure could not be taken. */
export interface TargetCheck {
  target: string;
  met: boolean | null;
  /** The numbers behind the verdict, and by how much a miss missed. */
  detail: string;
}

export interface MeasureResult {
  id: string;
  title: string;
  /** How the numbers were taken, in a sentence or two. */
  method: string;
  metrics: Metric[];
  targets: TargetCheck[];
  notes: string[];
  /** Set when the measure could not run (e.g. the feature it measures is not there yet). */
  skipped?: string;
  durationMs: number;
}

/** A measure as `run.ts` knows it. */
export interface Measure {
  id: string;
  title: string;
  run(): Promise<Omit<MeasureResult, 'id' | 'title' | 'durationMs'>>;
}

/** The nearest-rank percentile (p in 0..100) of `values`; null for an empty list. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

/** Ack times of a load (p50, p99, max) and how many acks were not HTTP 200. */
export interface AckStats {
  p50: number | null;
  p99: number | null;
  max: number | null;
  notOk: number;
}

export function ackStats(acks: readonly Ack[]): AckStats {
  const ms = acks.map((a) => a.ms);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: max(ms), notOk: acks.filter((a) => a.status !== 200).length };
}

export function max(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => Math.max(a, b));
}

export function round(value: number | null, digits = 1): number | null {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const MIB = 1024 * 1024;

/** Milliseconds of CPU (user + system) between two `process.cpuUsage()` readings. */
export const cpuMs = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;

/** a / b, or null when either is unknown or b is not above zero. */
export const ratioOf = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? a / b : null);

/**
 * Sends `total` requests from `senders` concurrent loops, each sending its next one when the last
 * was answered; resolves with every request's result in completion order.
 */
export async function runLoad<T>(total: number, senders: number, send: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const loop = async () => {
    while (next < total) {
      const index = next++;
      results.push(await send(index));
    }
  };
  await Promise.all(Array.from({ length: Math.min(senders, total) }, loop));
  return results;
}

/** Times one async call in milliseconds (performance clock). */
export async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await task();
  return { value, ms: performance.now() - started };
}

export interface RssSampler {
  /** Stops sampling; the peak and the first sample, in bytes. */
  stop(): { peakBytes: number; startBytes: number };
}

/** Samples an RSS reading (this process's by default, or e.g. a spawned one's) every `intervalMs` until stopped. */
export function sampleRss(intervalMs = 20, read: () => number = () => process.memoryUsage.rss()): RssSampler {
  const startBytes = read();
  let peakBytes = startBytes;
  const timer = setInterval(() => {
    peakBytes = Math.max(peakBytes, read());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      peakBytes = Math.max(peakBytes, read());
      return { peakBytes, startBytes };
    },
  };
}

/** A spawned process's current RSS (`VmRSS`) and peak RSS (`VmHWM`), in bytes, from /proc. */
export function processMemory(pid: number): { rssBytes: number; peakBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rssBytes: kib('VmRSS'), peakBytes: kib('VmHWM') };
}

/** Resolves once `check` returns true, polling every `everyMs`; rejects after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, { timeoutMs = 10_000, everyMs = 10 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** "12.3 ms over target 10 ms (1.23x)": how far a value is from a bound. */
export function versus(value: number | null, bound: number, unit: string): string {
  if (value === null) return 'not measured';
  return `${round(value)} ${unit} against ${bound} ${unit} (${round(value / bound, 2)}x)`;
}

/** POSTs JSON to the sandbox's control surface and resolves its JSON answer; any other status throws. */
export async function postJson(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
