/**
 * The positioning dashboard (spec 2.5, "Positioning"): homepage messaging, value propositions, CTAs,
 * target audience and the competitive messaging analysis, per competitor.
 *
 * The spec names none of these fields and places none, so nothing is required: the `item` is a
 * loose object and `readPositioning` looks every part up tolerantly (docs/assumptions.md,
 * "Positioning"). For messaging strings an empty string is a finding (the page was read and has no
 * such element) and null means never read; an omitted key is a third state (spec 2.2.3). The
 * sandbox's picks: rows under `competitors` with `headline`, `subheadline`, `primaryCta`,
 * `secondaryCta`, `targetAudience`, `valuePropositions`, and `messagingAnalysis` beside them.
 */
import * as z from 'zod';
import { arrayAt, collect, isRecord, keyIn, keySet, lookup, OMITTED, read, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';
import { looseRecordSchema } from './common.js';
import { competitorRowsOf, elementText, IDENTITY_KEYS, identityOf, type RowIdentity } from './competitor-row.js';
import { figureReader } from '../read/figures.js';

export const positioningReadSchema = looseRecordSchema;
export type PositioningRead = z.infer<typeof positioningReadSchema>;

/** A messaging string: "" the page has none, null never read; omitted and unreadable are their own states. */
export type MessagingPart = Part<string | null>;
/** A messaging list: [] the page has none, null never read. */
export type MessagingList = Part<string[] | null>;

export interface CallToAction {
  /** The key it was found at (`primaryCta`, `ctas`…), for its label. */
  key: string;
  value: Part<string | string[] | null>;
}

export interface PositioningRow {
  identity: RowIdentity;
  headline: MessagingPart;
  subheadline: MessagingPart;
  valuePropositions: MessagingList;
  /** Every key naming a call to action (`…cta…`, any case) on the row or one level down; none found is `omitted`. */
  ctas: Part<CallToAction[]>;
  targetAudience: MessagingPart;
  /** Other keys of the row with a string, number, boolean, null or list value, in the order received. */
  extras: [string, unknown][];
}

export interface PositioningFacts {
  /** One row per competitor in the order received (null for an entry that is not an object); `unreadable` when no list was found. */
  rows: Part<(PositioningRow | null)[]>;
  /** The competitive messaging analysis: an object or a text; `omitted` when the answer carries none. */
  analysis: Part<JsonRecord | string | null>;
}

const messagingString = z.string().nullable();
const CTA_KEY = /cta|calltoaction/i;
const ROW_LIST_KEYS = ['competitors', 'rows', 'items'];
const ANALYSIS_KEYS = ['messagingAnalysis', 'competitiveMessagingAnalysis', 'competitiveAnalysis', 'analysis'];
const KNOWN = keySet([...IDENTITY_KEYS, 'headline', 'subheadline', 'valuePropositions', 'valueProps', 'propositions', 'targetAudience']);

/** A list of messaging elements: each element as text (objects by their title or text); null stays null. */
function listPart(row: JsonRecord, key: string): MessagingList {
  const hit = lookup(row, key);
  if (!hit.found) return OMITTED;
  if (hit.value === null) return valuePart(null);
  if (Array.isArray(hit.value)) return valuePart(hit.value.map(elementText));
  if (typeof hit.value === 'string') return valuePart(hit.value === '' ? [] : [hit.value]);
  return UNREADABLE;
}

/** The first of `keys` found as a messaging list; omitted when none is there. */
function firstList(row: JsonRecord, keys: readonly string[]): MessagingList {
  for (const key of keys) {
    const part = listPart(row, key);
    if (part.kind !== 'omitted') return part;
  }
  return OMITTED;
}

function ctasOf(row: JsonRecord): Part<CallToAction[]> {
  const found = collect(row, (k) => CTA_KEY.test(k), 1);
  if (found.length === 0) return OMITTED;
  return valuePart(
    found.map(([key, value]): CallToAction => {
      if (value === null || typeof value === 'string') return { key, value: valuePart(value) };
      if (Array.isArray(value)) return { key, value: valuePart(value.map(elementText)) };
      return { key, value: isRecord(value) ? valuePart(elementText(value)) : UNREADABLE };
    }),
  );
}

/**
 * The row's fields Radar does not read by name, in the order received, none silently dropped: a child
 * object holding messaging (`homepage: { headline }`) is entered and its other keys listed; one that
 * names a competitor is the row's identity.
 */
function extrasOf(row: JsonRecord): [string, unknown][] {
  const known = (k: string) => keyIn(k, KNOWN) || CTA_KEY.test(k);
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(row)) {
    if (known(k)) continue;
    if (isRecord(v)) {
      if (Object.keys(v).some(known)) {
        for (const [ck, cv] of Object.entries(v)) if (!known(ck) && !isRecord(cv)) out.push([ck, cv]);
        continue;
      }
      const id = identityOf(v);
      if (id.domain !== null || id.name !== null) continue;
    }
    out.push([k, v]);
  }
  return out;
}

function rowOf(raw: unknown): PositioningRow | null {
  if (!isRecord(raw)) return null;
  return {
    identity: identityOf(raw),
    headline: read(raw, 'headline', messagingString),
    subheadline: read(raw, 'subheadline', messagingString),
    valuePropositions: firstList(raw, ['valuePropositions', 'valueProps', 'propositions']),
    ctas: ctasOf(raw),
    targetAudience: read(raw, 'targetAudience', messagingString),
    extras: extrasOf(raw),
  };
}

/** The first list of rows found at one of the usual keys, on the item or one level down. */
export function rowListOf(item: unknown, keys: readonly string[] = ROW_LIST_KEYS): unknown[] | null {
  for (const key of keys) {
    const list = arrayAt(item, key);
    if (list) return list;
  }
  // Under a key nobody named: the first list of rows that name a competitor (the analysis's claim lists are strings).
  return competitorRowsOf(item, [], ANALYSIS_KEYS);
}

/** Reads a positioning `item` tolerantly (see the module comment). */
export function readPositioning(item: PositioningRead): PositioningFacts {
  const rows = rowListOf(item);
  let analysis: Part<JsonRecord | string | null> = OMITTED;
  for (const key of ANALYSIS_KEYS) {
    const hit = lookup(item, key);
    if (!hit.found) continue;
    const v = hit.value;
    analysis = v === null || typeof v === 'string' || isRecord(v) ? valuePart(v) : UNREADABLE;
    break;
  }
  return { rows: rows === null ? UNREADABLE : valuePart(rows.map(rowOf)), analysis };
}

/** True when every messaging part of the row is null: the row was never read. */
export function neverRead(row: PositioningRow): boolean {
  const parts: Part<unknown>[] = [row.headline, row.subheadline, row.valuePropositions, row.targetAudience];
  const values = parts.filter((p) => p.kind === 'value');
  const ctas = row.ctas.kind === 'value' ? row.ctas.value.map((c) => c.value).filter((p) => p.kind === 'value') : [];
  const all = [...values, ...ctas] as { kind: 'value'; value: unknown }[];
  return all.length > 0 && all.every((p) => p.value === null);
}

/**
 * A positioning run's summary (a history row's or a run detail's `summary`): the competitive
 * messaging analysis of that run (the fields `messagingAnalysis` carries today; the sandbox's summary
 * is that analysis, another service may nest it under an analysis key) and how many competitors
 * changed their messaging (the sandbox's `changedCompetitors`; not shown by the spec, 2.11).
 * `analysis`: the analysis's fields, in the order sent, said as `/radar positioning` says them.
 */
export interface PositioningRunSummary {
  changedCompetitors: Part<number | null>;
  analysis: [string, unknown][];
}

/** A positioning run summary as facts; null when the summary is not an object. */
export function readPositioningRunSummary(summary: unknown): PositioningRunSummary | null {
  if (!isRecord(summary)) return null;
  const f = figureReader(summary);
  const changedCompetitors = f.at(['changedCompetitors', 'competitorsChanged', 'changedCount'], z.number().nullable());
  const rest = f.rest();
  // The analysis nested under a key of its own: its fields stand for it (the other keys follow).
  const nested = rest.find(([k, v]) => ANALYSIS_KEYS.some((a) => a.toLowerCase() === k.toLowerCase().replace(/[_\-\s]/g, '')) && isRecord(v));
  const analysis: [string, unknown][] = nested ? [...Object.entries(nested[1] as JsonRecord), ...rest.filter((e) => e !== nested)] : rest;
  return { changedCompetitors, analysis };
}
