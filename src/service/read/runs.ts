/**
 * The one reading of run histories and a run's own fields (issue 27), for every area that has runs
 * (pricing, content, positioning, tech-trust; AI visibility and AI sources checks): which run a history
 * row is (`runId`, else `checkId`, else `id`), when it completed (`completedAt`, else `checkedAt`,
 * `finishedAt`, `createdAt`, `startedAt`, `date`), its status, and its summary's figures as field facts.
 * What a run says about its area is read by that area's reader (readPricingRun, readTechTrust,
 * readPositioning, readContentRun); this module reads only what every run has. A run's `summary` is
 * read by its area's summary reader (readPricingRunSummary, readTechRunSummary, readContentRunSummary,
 * readPositioningRunSummary), so `/radar history`, `/radar run` and the watch state its figures in
 * the area's words; only the fields no area reader names are left to the generic field reading (as
 * extras after the named figures). `/radar history`, `/radar run` and the watch poller read only
 * these facts. None of these keys is named by the spec beyond "runs" (docs/assumptions.md, "Per area").
 */
import { readContentRun, readContentRunSummary, type ContentFacts, type ContentRunSummary } from '../schemas/content.js';
import type { DimensionRead } from '../schemas/dimensions.js';
import { readPositioning, readPositioningRunSummary, type PositioningFacts, type PositioningRunSummary } from '../schemas/positioning.js';
import { readPricingRun, readPricingRunSummary, type PricingFacts } from '../schemas/pricing.js';
import { readTechRunSummary, readTechTrust, type TechRunSummary, type TechTrustFacts } from '../schemas/tech-trust.js';
import { lookup } from '../tolerant.js';
import { readFields, type FieldFact } from './fields.js';

export interface RunRef {
  runId: string;
  /** When the run completed (ISO 8601), else when it was checked, created or started; null when the row does not say. */
  at: string | null;
  status: string | null;
}

const ID_KEYS = ['runId', 'checkId', 'id'];
const AT_KEYS = ['completedAt', 'checkedAt', 'finishedAt', 'createdAt', 'startedAt', 'date'];

function textAt(row: unknown, keys: readonly string[]): { value: string; key: string } | null {
  for (const key of keys) {
    const hit = lookup(row, key, { down: false });
    if (hit.found && typeof hit.value === 'string' && hit.value.trim() !== '') return { value: hit.value, key: hit.key };
  }
  return null;
}

/** Which run a history row (or a run detail) is; null when it names no run id. */
export function runRefOf(row: unknown): RunRef | null {
  const id = textAt(row, ID_KEYS);
  if (id === null) return null;
  return { runId: id.value, at: textAt(row, AT_KEYS)?.value ?? null, status: textAt(row, ['status'])?.value ?? null };
}

/** The runs a history page lists, in its order (rows without a run id left out). */
export function runRefsOf(items: readonly unknown[]): RunRef[] {
  return items.flatMap((item) => {
    const ref = runRefOf(item);
    return ref ? [ref] : [];
  });
}

/** A run summary as its area's reader reads it. */
export type AreaRunSummary =
  | { dimension: 'pricing'; facts: PricingFacts }
  | { dimension: 'tech-trust'; facts: TechRunSummary }
  | { dimension: 'content'; facts: ContentRunSummary }
  | { dimension: 'positioning'; facts: PositioningRunSummary };

/**
 * A history row's summary: read by its area's reader (`area`, with the fields it does not name as
 * `extras`), or, for a summary no area reader reads, its figures (`fields`); or null (the run finished
 * without one), or not reported, or text.
 */
export type RunSummary =
  | { kind: 'area'; area: AreaRunSummary; extras: FieldFact[] }
  | { kind: 'fields'; fields: FieldFact[] }
  | { kind: 'not-summarized' }
  | { kind: 'not-reported' }
  | { kind: 'text'; text: string };

export interface HistoryRowFacts {
  /** Null when the row names no run id. */
  ref: RunRef | null;
  /** When, for a row without a run id too. */
  at: string | null;
  status: string | null;
  summary: RunSummary;
}

/** One history row of `dimension` as facts; null when it is not an object (a row Radar couldn't read). */
export function readHistoryRow(row: unknown, dimension?: DimensionRead): HistoryRowFacts | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  return { ref: runRefOf(row), at: textAt(row, AT_KEYS)?.value ?? null, status: textAt(row, ['status'])?.value ?? null, summary: summaryOf(row, dimension) };
}

/** Fields an area reader left unnamed, as field facts (plain values only: a summary's figures). */
const extraFields = (extras: [string, unknown][]): FieldFact[] => readFields(Object.fromEntries(extras), { maxDepth: 0 });

/** A summary object read by its area's reader; null when that reader finds nothing it reads. */
export function areaSummaryOf(summary: unknown, dimension: DimensionRead): { area: AreaRunSummary; extras: FieldFact[] } | null {
  switch (dimension) {
    case 'pricing': {
      const read = readPricingRunSummary(summary);
      return read && { area: { dimension, facts: read.facts }, extras: extraFields(read.extras) };
    }
    case 'tech-trust': {
      const read = readTechRunSummary(summary);
      return read && { area: { dimension, facts: read }, extras: extraFields(read.extras) };
    }
    case 'content': {
      const read = readContentRunSummary(summary);
      return read && { area: { dimension, facts: read }, extras: extraFields(read.extras) };
    }
    case 'positioning': {
      const read = readPositioningRunSummary(summary);
      // The analysis's fields are the area's words (as `/radar positioning` states them): no extras.
      return read && { area: { dimension, facts: read }, extras: [] };
    }
  }
}

/** A run's (or a history row's) `summary` read by its area's reader; null when it has none the reader can read. */
export function runSummaryOf(run: unknown, dimension: DimensionRead): AreaRunSummary | null {
  const hit = lookup(run, 'summary', { down: false });
  return hit.found ? (areaSummaryOf(hit.value, dimension)?.area ?? null) : null;
}

function summaryOf(row: unknown, dimension?: DimensionRead): RunSummary {
  const hit = lookup(row, 'summary', { down: false });
  if (!hit.found) return { kind: 'not-reported' };
  if (hit.value === null) return { kind: 'not-summarized' };
  if (typeof hit.value === 'object' && !Array.isArray(hit.value)) {
    const area = dimension === undefined ? null : areaSummaryOf(hit.value, dimension);
    if (area !== null) return { kind: 'area', ...area };
    return { kind: 'fields', fields: readFields(hit.value, { maxDepth: 0 }) };
  }
  return { kind: 'text', text: String(hit.value) };
}

export interface RunDetailFacts {
  runId: string | null;
  status: string | null;
  startedAt: string | null;
  completedAt: string | null;
  /** The run's summary, as a history row's (what an area view beside it may not state). */
  summary: RunSummary;
  /** The run's other fields, for a run no area view reads (the fallback readout), ids left out; the summary too unless its area's reader read it. */
  fields: FieldFact[];
}

/** A run detail's own fields (id, status, times), its summary read by its area's reader and, for the fallback readout, everything else as field facts. */
export function readRunDetail(detail: unknown, dimension?: DimensionRead): RunDetailFacts {
  const id = textAt(detail, ID_KEYS);
  const status = textAt(detail, ['status']);
  const started = textAt(detail, ['startedAt']);
  const completed = textAt(detail, ['completedAt', 'finishedAt']);
  const used = [id, status, started, completed].flatMap((h) => (h ? [h.key] : []));
  const summary = summaryOf(detail, dimension);
  // A summary its area's reader read is said in the area's words, not again among the fields.
  const summaryKey = lookup(detail, 'summary', { down: false });
  if (summary.kind === 'area' && summaryKey.found) used.push(summaryKey.key);
  return {
    runId: id?.value ?? null,
    status: status?.value ?? null,
    startedAt: started?.value ?? null,
    completedAt: completed?.value ?? null,
    summary,
    fields: readFields(detail, { skip: used }),
  };
}

/**
 * What a run detail says about its area, read by that area's reader as its dashboard is (pricing: null
 * when the run holds nothing the pricing reader reads), so `/radar run` says a past run as the area's
 * command says today's.
 */
export type AreaRunFacts =
  | { dimension: 'pricing'; facts: PricingFacts | null }
  | { dimension: 'tech-trust'; facts: TechTrustFacts }
  | { dimension: 'content'; facts: ContentFacts }
  | { dimension: 'positioning'; facts: PositioningFacts };

/** A run detail read by its area's reader (see `AreaRunFacts`). */
export function runAreaOf(detail: unknown, dimension: DimensionRead): AreaRunFacts {
  switch (dimension) {
    case 'pricing':
      return { dimension, facts: readPricingRun(detail) };
    case 'tech-trust':
      return { dimension, facts: readTechTrust(detail) };
    case 'content':
      return { dimension, facts: readContentRun(detail) };
    case 'positioning':
      return { dimension, facts: readPositioning(detail as Record<string, unknown>) };
  }
}
