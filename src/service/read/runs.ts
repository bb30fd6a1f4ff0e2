/**
 * The one reading of run histories and a run's own fields (issue 27), for every area that has runs
 * (pricing, content, positioning, tech-trust; AI visibility and AI sources checks): which run a history
 * row is (`runId`, else `checkId`, else `id`), when it completed (`completedAt`, else `checkedAt`,
 * `finishedAt`, `createdAt`, `startedAt`, `date`), its status, and its summary's figures as field facts.
 * What a run says about its area is read by that area's reader (readPricingRun, readTechTrust,
 * readPositioning, readContentRun); this module reads only what every run has. `/radar history`,
 * `/radar run` and the watch poller read only these facts. None of these keys is named by the spec
 * beyond "runs" (docs/assumptions.md, "Per area").
 */
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

/** A history row's summary: its figures, or null (the run finished without one), or not reported, or text. */
export type RunSummary = { kind: 'fields'; fields: FieldFact[] } | { kind: 'not-summarized' } | { kind: 'not-reported' } | { kind: 'text'; text: string };

export interface HistoryRowFacts {
  /** Null when the row names no run id. */
  ref: RunRef | null;
  /** When, for a row without a run id too. */
  at: string | null;
  status: string | null;
  summary: RunSummary;
}

/** One history row as facts; null when it is not an object (a row Radar couldn't read). */
export function readHistoryRow(row: unknown): HistoryRowFacts | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  return { ref: runRefOf(row), at: textAt(row, AT_KEYS)?.value ?? null, status: textAt(row, ['status'])?.value ?? null, summary: summaryOf(row) };
}

function summaryOf(row: unknown): RunSummary {
  const hit = lookup(row, 'summary', { down: false });
  if (!hit.found) return { kind: 'not-reported' };
  if (hit.value === null) return { kind: 'not-summarized' };
  if (typeof hit.value === 'object' && !Array.isArray(hit.value)) return { kind: 'fields', fields: readFields(hit.value, { maxDepth: 0 }) };
  return { kind: 'text', text: String(hit.value) };
}

export interface RunDetailFacts {
  runId: string | null;
  status: string | null;
  startedAt: string | null;
  completedAt: string | null;
  /** The run's summary, as a history row's (what an area view beside it may not state). */
  summary: RunSummary;
  /** The run's other fields, for a run no area reader reads (the fallback readout), ids left out. */
  fields: FieldFact[];
}

/** A run detail's own fields (id, status, times) and, for the fallback readout, everything else as field facts. */
export function readRunDetail(detail: unknown): RunDetailFacts {
  const id = textAt(detail, ID_KEYS);
  const status = textAt(detail, ['status']);
  const started = textAt(detail, ['startedAt']);
  const completed = textAt(detail, ['completedAt', 'finishedAt']);
  const used = [id, status, started, completed].flatMap((h) => (h ? [h.key] : []));
  return {
    runId: id?.value ?? null,
    status: status?.value ?? null,
    startedAt: started?.value ?? null,
    completedAt: completed?.value ?? null,
    summary: summaryOf(detail),
    fields: readFields(detail, { skip: used }),
  };
}
