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
import { readAiHistoryRow, readAiVisibility, type AiHistoryRowFacts, type AiVisibilityFacts } from '../schemas/ai-visibility.js';
import { readSources, type SourcesFacts } from '../schemas/ai-sources.js';
import { elementText, identityOf, labelOf as identityLabel } from '../schemas/competitor-row.js';
import { extraText, humaniseKey } from '../extras.js';
import { isRecord, lookup } from '../tolerant.js';
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

/** The areas a watch reads runs of: the run-history dimensions and the two AI check histories. */
export type WatchArea = DimensionRead | 'ai-visibility' | 'ai-sources';

/**
 * One value of a run placed for the watch's generic comparison (issue 16, issue 27): where it sits
 * (`key`, internal, for matching the same place in two runs; never shown), whom it concerns (a row's
 * competitor found where the row names it, lower case; null for the answer as a whole), its words
 * (the humanised field names of the non-row objects leading to it), the value as sent (a list of plain
 * values as sorted text), and the field names on its path (`keys`, so a watch leaves alone the fields
 * its named rules read).
 */
export interface RunLeaf {
  key: string;
  who: string | null;
  own: boolean;
  label: string;
  value: unknown;
  keys: string[];
}

/** Keys never compared: ids, timestamps, paging, guides, views. */
const LEAF_IGNORED = /^(id|.*Id|.*_id|.*Ids|.*At|.*_at|.*Date|date|time|timestamp|.*Page|.*_page|pagination|readingGuide|reading_guide|view|status|truncated|durationMs|.*DurationMs|.*_duration_ms)$/i;
/** Objects whose name says nothing to a reader: their fields are labelled by themselves. */
const LEAF_TRANSPARENT = /^(summary|item|data|result|results|details?|metrics|stats)$/i;

interface LeafPlace {
  key: string;
  who: string | null;
  own: boolean;
  words: string[];
  keys: string[];
}

const leafWords = (key: string): string => humaniseKey(key).toLowerCase();

/** A list element's match key and whom it names (`identityOf`, found where the row names it). */
function elementPlace(item: unknown, index: number, at: LeafPlace): { key: string; who: string | null; own: boolean } {
  if (!isRecord(item)) return { key: `${at.key}[${index}]`, who: at.who, own: at.own };
  const identity = identityOf(item);
  const name = identity.domain ?? identity.name;
  if (name !== null) return { key: `${at.key}[${(identityLabel(identity) ?? name).toLowerCase()}]`, who: name.toLowerCase(), own: identity.isOwn };
  const text = elementText(item);
  return { key: `${at.key}[${text.startsWith('{') ? index : text}]`, who: at.who, own: at.own };
}

function flattenLeaves(value: unknown, at: LeafPlace, listWords: string[], out: Map<string, RunLeaf>): void {
  if (Array.isArray(value)) {
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) {
      out.set(at.key, { key: at.key, who: at.who, own: at.own, label: at.words.join(' '), value: value.map((v) => extraText(v)).sort(), keys: at.keys });
      return;
    }
    value.forEach((item, i) => {
      const place = elementPlace(item, i, at);
      // A row that names a competitor starts its own words; an unnamed entry keeps the list's.
      const named = place.who !== at.who || place.own !== at.own;
      flattenLeaves(item, { key: place.key, who: place.who, own: place.own, words: named ? [] : listWords, keys: at.keys }, listWords, out);
    });
    return;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (LEAF_IGNORED.test(k)) continue;
      const words = LEAF_TRANSPARENT.test(k) ? at.words : [...at.words, leafWords(k)];
      flattenLeaves(v, { key: `${at.key}.${k}`, who: at.who, own: at.own, words, keys: [...at.keys, k] }, words, out);
    }
    return;
  }
  out.set(at.key, { key: at.key, who: at.who, own: at.own, label: at.words.join(' '), value, keys: at.keys });
}

/** Every value of a run placed for the generic comparison (ids, timestamps, paging, guides and views left out), in the run's order. */
export function readRunLeaves(run: unknown): RunLeaf[] {
  const out = new Map<string, RunLeaf>();
  flattenLeaves(run, { key: '', who: null, own: false, words: [], keys: [] }, [], out);
  return [...out.values()];
}

/**
 * A run (or, for AI visibility, a check's history row) as a watch compares it (issue 27): what its
 * area's reader says of it (the one `/radar <area>` and the card use), its summary as the area's
 * summary reader reads it (tech, content: the figures `/radar history` says), and every value placed
 * for the generic comparison. Only the watched area's part is read.
 */
export interface WatchRunFacts {
  dimension: WatchArea;
  pricing?: PricingFacts | null;
  tech?: TechTrustFacts;
  techSummary?: TechRunSummary | null;
  content?: ContentFacts;
  contentSummary?: ContentRunSummary | null;
  positioning?: PositioningFacts;
  /** AI visibility: the check detail's facts, and the same object read as a history row (null when it is not one). */
  ai?: { facts: AiVisibilityFacts; history: AiHistoryRowFacts | null };
  sources?: SourcesFacts;
  leaves: RunLeaf[];
}

/** A run of `dimension` as a watch compares it (see `WatchRunFacts`); `leaves: false` for a row only the AI rule reads (no generic comparison). */
export function readWatchRun(dimension: WatchArea, run: unknown, options: { leaves?: boolean } = {}): WatchRunFacts {
  const leaves = options.leaves === false ? [] : readRunLeaves(run);
  const record = isRecord(run) ? run : {};
  switch (dimension) {
    case 'pricing':
      return { dimension, pricing: readPricingRun(run), leaves };
    case 'tech-trust': {
      const summary = runSummaryOf(run, dimension);
      return { dimension, tech: readTechTrust(run), techSummary: summary?.dimension === 'tech-trust' ? summary.facts : null, leaves };
    }
    case 'content': {
      const summary = runSummaryOf(run, dimension);
      return { dimension, content: readContentRun(run), contentSummary: summary?.dimension === 'content' ? summary.facts : null, leaves };
    }
    case 'positioning':
      return { dimension, positioning: readPositioning((run ?? {}) as Record<string, unknown>), leaves };
    case 'ai-visibility':
      return { dimension, ai: { facts: readAiVisibility(record), history: readAiHistoryRow(record) }, leaves };
    case 'ai-sources':
      return { dimension, sources: readSources(record), leaves };
  }
}

/** A row of a watched area's history: which run it is and when (`runRefOf`), and for AI visibility the row itself as the AI rule reads it (the noise band's earlier check; no leaves). */
export type WatchHistoryRow = RunRef & { facts?: WatchRunFacts };

/** The runs a watched area's history page lists, in its order (rows without a run id left out). */
export function readWatchHistory(dimension: WatchArea, items: readonly unknown[]): WatchHistoryRow[] {
  return items.flatMap((item) => {
    const ref = runRefOf(item);
    if (ref === null) return [];
    return [dimension === 'ai-visibility' ? { ...ref, facts: readWatchRun(dimension, item, { leaves: false }) } : ref];
  });
}
