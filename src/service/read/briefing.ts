/**
 * The one reading of a briefing edition (spec 2.6, issue 27): the hub (headline verdict, diagnosis
 * rows, the other hub blocks' text), `contains`, `coverage` and `tickets`, as plain facts. `/radar
 * briefing`, the deep dives, the digest and the Home tab read only these facts; none of them reads
 * the hub's blocks itself.
 *
 * The spec names the hub's `headline` block with its `verdict`, a diagnosis row's `deepDive` pointer
 * and its note; everything else is found by looking (docs/assumptions.md, "Per area"): rows on any
 * hub block (or one level below it) under `rows`; each row's `label` (else `title`, else `name`),
 * `dimension` (else `key`, else its `deepDive`), `status`, `note`, all in any case. A field Radar does
 * not know is never dropped: it is listed as an extra (`extrasOf`), text first, so a row whose
 * finding sits under `finding` or `what_we_found` still says what was found.
 */
import { extrasOf, type Extra } from '../extras.js';
import { cellOf, readFields, type FieldFact, type FieldValue } from './fields.js';
import { isRecord, isUnreadable, keySet, keyIn, keyStem, lookup, readable, readableOr, type JsonRecord, type Unreadable } from '../tolerant.js';
import type { BriefingItem, BriefingMeta, BriefingRead, BriefingRunStatus, BriefingTickets } from '../schemas/briefing.js';

/** Fields a reader does not know, bounded: the facts and how many more were left out. */
export interface Extras {
  extras: Extra[];
  more: number;
}

export const NO_EXTRAS: Extras = Object.freeze({ extras: [], more: 0 }) as Extras;

export interface DiagnosisRow {
  /** The row's label (else title, else name); null when it has none (views name it by its dimension). */
  label: string | null;
  /** The row's dimension key when it names one (`dimension`, else `key`, else its `deepDive` pointer). */
  dimension: string | null;
  /** The row's note (spec 2.6: a row without a deep dive says why in it). */
  note: string | null;
  status: string | null;
  /** A dimension name; the section is `deep-<deepDive>`. Null when the row earned no deep dive. */
  deepDive: string | null;
  /** Every other field of the row (a finding, a summary, a score), text first. */
  extras: Extras;
}

/** A hub block other than the headline and the rows: its text, and its other fields. */
export interface HubNote {
  /** The block's `type` (Radar's label for it is the view's business). */
  type: string | null;
  title: string | null;
  /** `text`, `summary`, `note`, `body`, `description`: the block's own words, in that order. */
  texts: string[];
  extras: Extras;
}

export interface HubFacts {
  verdict: string | null;
  /** Fields of the headline block beside `verdict` (a summary under the verdict), text first. */
  headlineExtras: Extras;
  rows: DiagnosisRow[];
  /** The hub holds a block other than the headline but no rows could be found in it. */
  diagnosisUnreadable: boolean;
  /** The edition's `item`, its `hub`, or one of the hub's blocks arrived in a shape Radar cannot read. */
  hubUnreadable: boolean;
  /** Text the hub carries outside the headline and the rows: other blocks, the row block's own fields, the hub's own fields. */
  notes: HubNote[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A field found tolerantly (any case, on the object or one level down), as a non-empty string. */
function field(obj: unknown, ...keys: string[]): string | null {
  for (const key of keys) {
    const hit = lookup(obj, key);
    const value = hit.found ? str(hit.value) : null;
    if (value !== null) return value;
  }
  return null;
}

type ReadItem = BriefingItem | Unreadable | null | undefined;

/** The hub's blocks Radar could read (an unreadable item, hub or block is left out; `hubUnreadable` says so). */
function hubBlocks(item: ReadItem) {
  const hub = isUnreadable(item) ? undefined : item?.hub;
  return hub === undefined || isUnreadable(hub) ? [] : readable(hub.blocks);
}

export function hubUnreadable(item: ReadItem): boolean {
  if (isUnreadable(item)) return true;
  const hub = item?.hub;
  return isUnreadable(hub) || (hub !== undefined && hub.blocks.some(isUnreadable));
}

const ROW_KNOWN = ['label', 'title', 'name', 'dimension', 'key', 'status', 'note', 'deepDive'];
const TEXT_KEYS = ['text', 'summary', 'note', 'body', 'description'];
const TEXT_SET = keySet(TEXT_KEYS);
const HEADLINE = 'headline';

/**
 * A row's named field, found by looking: the name itself in any case or style (on the row or one
 * level down), else an own key that contains it (`row_label`, `rowStatus`, `dimensionKey`). Returns
 * the value and the key it came from, so the key is not shown again among the extras.
 */
function rowField(row: JsonRecord, names: readonly string[], contained = true): { value: string; key: string | null } | null {
  for (const name of names) {
    const hit = lookup(row, name);
    const value = hit.found ? str(hit.value) : null;
    if (value !== null && hit.found) return { value, key: hit.where === 'here' ? hit.key : null };
  }
  if (!contained) return null;
  for (const name of names) {
    const stem = keyStem(name);
    for (const [k, v] of Object.entries(row)) {
      const value = str(v);
      if (value !== null && keyStem(k).includes(stem)) return { value, key: k };
    }
  }
  return null;
}

/** One diagnosis row as facts. */
export function diagnosisRowOf(raw: JsonRecord): DiagnosisRow {
  const used: string[] = [];
  const take = (names: string[], contained = true) => {
    const hit = rowField(raw, names, contained);
    if (hit?.key) used.push(hit.key);
    return hit?.value ?? null;
  };
  // The pointer forms a command: only a key named `deepDive` (any case or style) is one, never `deepDiveNote`.
  const deepDive = take(['deepDive'], false);
  const label = take(['label', 'title', 'name']);
  const dimension = take(['dimension']) ?? take(['key'], false) ?? deepDive;
  const status = take(['status']);
  const note = field(raw, 'note');
  return { label, dimension, note, status, deepDive, extras: extrasOf(raw, [...ROW_KNOWN, ...used], 6) };
}

/** The keys of `block` that hold its rows: `rows` itself, or the child object that holds them one level down. */
function rowHolders(block: JsonRecord): string[] {
  const keys: string[] = [];
  for (const [k, v] of Object.entries(block)) {
    if (keyIn(k, ROWS) || (isRecord(v) && Object.keys(v).some((c) => keyIn(c, ROWS)))) keys.push(k);
  }
  return keys;
}
const ROWS = keySet(['rows']);

/** True for a list of objects that read as diagnosis rows (each names a label, dimension, status or deep dive). */
function looksLikeRows(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => isRecord(v) && ['label', 'dimension', 'status', 'deepDive'].some((k) => lookup(v, k, { down: false }).found));
}

/**
 * A block's diagnosis rows: under `rows` (any case or style, on the block or one level down), else the
 * one list of row-like objects the block holds under another key (`entries`, `items`, …), else null.
 */
function rowListOf(block: JsonRecord): { list: unknown[]; key: string } | null {
  const named = lookup(block, 'rows');
  if (named.found && Array.isArray(named.value)) return { list: named.value, key: named.key };
  const lists = Object.entries(block).filter(([, v]) => looksLikeRows(v));
  return lists.length === 1 ? { list: lists[0]![1] as unknown[], key: lists[0]![0] } : null;
}

/** A block's own words (`title` and the text keys, any case) and its other fields. */
function noteOf(block: JsonRecord, skip: readonly string[]): HubNote | null {
  const texts: string[] = [];
  for (const [k, v] of Object.entries(block)) if (keyIn(k, TEXT_SET) && str(v) !== null) texts.push(v as string);
  const title = field(block, 'title', 'heading');
  const extras = extrasOf(block, [...skip, 'type', 'title', 'heading', ...TEXT_KEYS], 6);
  if (texts.length === 0 && title === null && extras.extras.length === 0) return null;
  return { type: str(block.type), title, texts, extras };
}

/** The hub of an edition as facts. */
export function hubFactsOf(item: ReadItem): HubFacts {
  const blocks = hubBlocks(item);
  const rows: DiagnosisRow[] = [];
  const notes: HubNote[] = [];
  let verdict: string | null = null;
  let headlineExtras: Extras = NO_EXTRAS;
  let found = false;
  let others = false;
  for (const block of blocks) {
    if (block.type === HEADLINE && verdict === null) {
      verdict = field(block, 'verdict');
      headlineExtras = extrasOf(block, ['type', 'verdict'], 6);
      continue;
    }
    const held = rowListOf(block);
    if (held !== null) {
      found = true;
      for (const raw of held.list) if (isRecord(raw)) rows.push(diagnosisRowOf(raw));
      const own = noteOf(block, [...rowHolders(block), held.key]);
      if (own) notes.push(own);
      continue;
    }
    const note = noteOf(block, []);
    if (note) notes.push(note);
    if (block.type !== HEADLINE && !TEXT_KEYS.some((k) => lookup(block, k, { down: false }).found)) others = true;
  }
  const hub = isUnreadable(item) ? undefined : readableOr(item?.hub, undefined);
  if (hub) {
    const own = extrasOf(hub, ['kind', 'blocks'], 6);
    if (own.extras.length > 0) notes.unshift({ type: null, title: null, texts: [], extras: own });
  }
  const unreadable = hubUnreadable(item);
  return { verdict, headlineExtras, rows, diagnosisUnreadable: (!found && others) || (rows.length === 0 && unreadable), hubUnreadable: unreadable, notes };
}

/** The headline verdict alone (history rows, message texts). */
export function verdictOf(item: ReadItem): string | null {
  return hubFactsOf(item).verdict;
}

/** The main text of a row: its note, else the first text field Radar does not know (a finding). */
export function rowText(row: DiagnosisRow): string | null {
  return row.note ?? row.extras.extras.find((e) => e.prose)?.text ?? null;
}

/** Deep-dive sections an edition holds (`contains` entries starting `deep-`). */
export function deepDivesOf(read: Pick<BriefingRead, 'contains'>): string[] {
  return (readableOr(read.contains, null) ?? []).filter((s) => s.startsWith('deep-'));
}

/** The ticket ids an edition opened (`tickets.opened`); empty when not reported or unreadable. */
export function openedIds(read: Pick<BriefingRead, 'tickets'>): string[] {
  const tickets = readableOr(read.tickets, null);
  return tickets ? readableOr(tickets.opened, []) : [];
}

/** The meta of a run that exists (status done, running or failed); null when the project never had one. */
export type RunMeta = Extract<BriefingMeta, { status: BriefingRunStatus }>;

export function runMetaOf(read: Pick<BriefingRead, 'meta'>): RunMeta | null {
  return read.meta.status === null ? null : (read.meta as RunMeta);
}

/** A comment the edition wrote on a ticket already on the board (`tickets.commented`). */
export interface CommentedEntry {
  ticketId: string;
  commentId: string;
  kind: string;
  body: string;
}

/**
 * `tickets.commented` as facts: the entries (unreadable ones counted), or unreadable, or null when
 * the edition does not report it (`tickets` null or the key omitted).
 */
export type Commented = { kind: 'entries'; entries: CommentedEntry[]; unreadable: number } | { kind: 'unreadable' } | { kind: 'not-reported' };

export function commentedOf(tickets: BriefingTickets | Unreadable | null): Commented {
  if (tickets === null || isUnreadable(tickets)) return { kind: 'not-reported' };
  const list = tickets.commented;
  if (list === undefined) return { kind: 'not-reported' };
  if (isUnreadable(list)) return list.raw === undefined ? { kind: 'not-reported' } : { kind: 'unreadable' };
  return { kind: 'entries', entries: readable(list), unreadable: list.length - readable(list).length };
}

/**
 * A deep-dive section (`deep-<dimension>`), whose structure the spec does not show (2.6), as facts: its
 * title and text (`text`, `summary`, `note`, `body`, `description`, any case), then every other part in
 * the order sent: a list of values, a table (`columns` or `headers` with `rows`), a chart (typed or keyed
 * `chart`, or carrying `series`: title, note, and each series' points when sent), a block (title, text,
 * `items`, its other fields), a plain field. Text under a key Radar does not know is a field, never dropped.
 */
export type SectionPart =
  | { kind: 'title'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'field'; fact: FieldFact }
  | { kind: 'table'; title: string | null; columns: FieldValue[] | null; rows: FieldValue[][]; more: number; fields: FieldFact[] }
  | { kind: 'chart'; title: string | null; note: string | null; series: ChartSeries[] | null; more: number; fields: FieldFact[] }
  | { kind: 'block'; title: string | null; text: string | null; items: SectionItem[] | null; more: number; fields: FieldFact[] }
  /** A plain value standing alone in a list of parts. */
  | { kind: 'value'; value: FieldValue };

export interface ChartSeries {
  name: string | null;
  /**
   * Its points (`points` or `values`) in order: the numbers, and null where the service sent null (not
   * measured, spec 2.2: a gap, never zero); any other point is left out. Empty when none Radar can describe.
   */
  points: (number | null)[];
}

export type SectionItem = { kind: 'value'; value: FieldValue } | { kind: 'parts'; parts: SectionPart[] };

export interface SectionFacts {
  /** The parts in order; a `null` between them marks where one block ends and the next begins. */
  parts: (SectionPart | null)[];
}

const SECTION_TEXT_KEYS = ['text', 'summary', 'note', 'body', 'description'];
const SECTION_TITLE_KEYS = ['title', 'heading', 'name'];
const SECTION_SKIP = keySet(['kind', 'type', 'dimension', ...SECTION_TEXT_KEYS, ...SECTION_TITLE_KEYS]);
const MAX_SECTION_ROWS = 25;

const ownText = (obj: unknown, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const hit = lookup(obj, key, { down: false });
    if (hit.found && typeof hit.value === 'string' && hit.value.trim() !== '') return hit.value;
  }
  return null;
};
const isPlain = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const kindOf = (obj: JsonRecord) => (ownText(obj, ['type', 'kind']) ?? '').toLowerCase();

/** The fields of a part beside the ones its kind names (`used`: keys as sent), for the view to show after it. */
function otherFields(obj: JsonRecord, used: readonly string[]): FieldFact[] {
  return readFields(obj, { skip: [...used, ...Object.keys(obj).filter((k) => keyIn(k, PART_KIND_KEYS))], maxDepth: 2 });
}
const PART_KIND_KEYS = keySet(['type', 'kind']);

function keyOf(obj: JsonRecord, names: readonly string[]): string[] {
  return names.flatMap((n) => {
    const hit = lookup(obj, n, { down: false });
    return hit.found ? [hit.key] : [];
  });
}

function chartOf(obj: JsonRecord): SectionPart {
  const title = ownText(obj, SECTION_TITLE_KEYS);
  const note = ownText(obj, ['note', 'caption', 'description']);
  const titleKey = keyOf(obj, SECTION_TITLE_KEYS).slice(0, title ? 1 : 0);
  const noteKey = keyOf(obj, ['note', 'caption', 'description']).slice(0, note ? 1 : 0);
  const hit = lookup(obj, 'series', { down: false });
  const fields = otherFields(obj, [...titleKey, ...noteKey, ...(hit.found ? [hit.key] : [])]);
  if (!hit.found || !Array.isArray(hit.value) || hit.value.length === 0) return { kind: 'chart', title, note, series: null, more: 0, fields };
  const series = hit.value.slice(0, 10).flatMap((s): ChartSeries[] => {
    if (!isRecord(s)) return [];
    const found = [lookup(s, 'points', { down: false }), lookup(s, 'values', { down: false })].find((h) => h.found);
    const points = found?.found && Array.isArray(found.value) ? found.value.filter((p): p is number | null => p === null || (typeof p === 'number' && Number.isFinite(p))) : [];
    return [{ name: ownText(s, ['label', 'name', 'title']), points }];
  });
  return { kind: 'chart', title, note, series, more: Math.max(0, hit.value.length - 10), fields };
}

/** A table: `rows` (any case), or, beside `columns`/`headers`, the one list of rows under another key (`entries`, `data`). */
function tableOf(obj: JsonRecord, title: string | null): SectionPart | null {
  const colHit = [lookup(obj, 'columns', { down: false }), lookup(obj, 'headers', { down: false })].find((h) => h.found);
  const named = lookup(obj, 'rows', { down: false });
  const others = colHit?.found ? Object.entries(obj).filter(([k, v]) => k !== colHit.key && Array.isArray(v) && v.length > 0 && v.every((r) => Array.isArray(r) || isRecord(r))) : [];
  const rows = named.found && Array.isArray(named.value) ? { key: named.key, value: named.value } : others.length === 1 ? { key: others[0]![0], value: others[0]![1] as unknown[] } : null;
  if (rows === null) return null;
  const columns = colHit?.found && Array.isArray(colHit.value) ? colHit.value.map((c) => cellOf(c)) : null;
  const cells = (r: unknown): FieldValue[] => (Array.isArray(r) ? r.map((c) => cellOf(c)) : isRecord(r) ? Object.entries(r).map(([k, c]) => cellOf(c, k)) : [cellOf(r)]);
  const used = [rows.key, ...(colHit?.found ? [colHit.key] : []), ...keyOf(obj, SECTION_TITLE_KEYS).slice(0, title ? 1 : 0)];
  return { kind: 'table', title, columns, rows: rows.value.slice(0, MAX_SECTION_ROWS).map(cells), more: Math.max(0, rows.value.length - MAX_SECTION_ROWS), fields: otherFields(obj, used) };
}

/** One part of a section (a block, an entry of a list). */
function sectionPartOf(value: unknown, key: string): SectionPart | null {
  if (!isRecord(value)) return isPlain(value) ? { kind: 'value', value: cellOf(value) } : null;
  if (kindOf(value).includes('chart') || /chart/i.test(key) || lookup(value, 'series', { down: false }).found) return chartOf(value);
  const title = ownText(value, SECTION_TITLE_KEYS);
  const table = tableOf(value, title);
  if (table) return table;
  const itemsHit = lookup(value, 'items', { down: false });
  const list = itemsHit.found && Array.isArray(itemsHit.value) ? itemsHit.value : null;
  const items = list?.slice(0, MAX_SECTION_ROWS).map((item): SectionItem => {
    if (!isRecord(item)) return { kind: 'value', value: cellOf(item) };
    const part = sectionPartOf(item, 'item');
    return { kind: 'parts', parts: part ? [part] : [] };
  });
  const skip = [...Object.keys(value).filter((k) => keyIn(k, SECTION_SKIP)), ...(itemsHit.found ? [itemsHit.key] : [])];
  return { kind: 'block', title, text: ownText(value, SECTION_TEXT_KEYS), items: items ?? null, more: list ? Math.max(0, list.length - MAX_SECTION_ROWS) : 0, fields: readFields(value, { skip, maxDepth: 2 }) };
}

/**
 * The deep-dive section `name` of a briefing read with `sections: [name]` (its `item`), as facts, and
 * whether the answer carried it at all (under its name, any case or style, on the item itself).
 */
export function sectionIn(item: unknown, name: string): { section: SectionFacts; found: boolean } {
  const hit = lookup(isUnreadable(item) ? null : item, name, { down: false });
  return { section: sectionFactsOf(hit.found ? hit.value : undefined), found: hit.found };
}

/** A deep-dive section as facts (an absent or empty section reads as no parts). */
export function sectionFactsOf(section: unknown): SectionFacts {
  if (!isRecord(section)) return { parts: isPlain(section) && section !== null ? [{ kind: 'value', value: cellOf(section) }] : [] };
  const parts: (SectionPart | null)[] = [];
  const title = ownText(section, SECTION_TITLE_KEYS);
  if (title) parts.push({ kind: 'title', text: title });
  for (const key of SECTION_TEXT_KEYS) {
    const text = ownText(section, [key]);
    if (text) parts.push({ kind: 'text', text });
  }
  for (const [key, v] of Object.entries(section)) {
    if (keyIn(key, SECTION_SKIP)) continue;
    if (Array.isArray(v) && !v.every(isPlain)) {
      for (const entry of v) {
        const part = sectionPartOf(entry, key);
        if (part) parts.push(part, null);
      }
    } else if (isRecord(v)) {
      const part = sectionPartOf(v, key);
      if (part) parts.push(part, null);
    } else {
      parts.push(...readFields({ [key]: v }, { ids: true }).map((fact): SectionPart => ({ kind: 'field', fact })));
    }
  }
  while (parts.at(-1) === null) parts.pop();
  return { parts };
}

/**
 * An edition read as the features use it: the read as typed (its meta, coverage and ticket counts
 * are shown as sent) with every interpreted part beside it, read once here (issue 27: no view reads
 * the hub or `tickets.commented` itself).
 */
export type BriefingFacts = BriefingRead & {
  /** The hub as facts (`hubFactsOf`). */
  hubFacts: HubFacts;
  /** The meta of a run that exists; null when the project never had one (`runMetaOf`). */
  runMeta: RunMeta | null;
  /** Deep-dive sections the edition holds (`deepDivesOf`). */
  deepDives: string[];
  /** The ticket ids the edition opened, in its order (`openedIds`). */
  opened: string[];
  /** `tickets.commented` as facts (`commentedOf`). */
  commented: Commented;
  /**
   * The deep-dive sections the read carries on its item (a read asked with `sections`), as facts,
   * keyed by the key's `keyStem` (`deep-pricing` -> `deeppricing`); empty on a hub-only read.
   */
  sections: Record<string, SectionFacts>;
};

/** The `deep-…` sections on an edition's item, as facts, keyed by `keyStem` (the first key of a stem wins). */
function sectionsOf(item: ReadItem): Record<string, SectionFacts> {
  const sections: Record<string, SectionFacts> = {};
  if (isUnreadable(item) || !isRecord(item)) return sections;
  for (const [key, value] of Object.entries(item)) {
    const stem = keyStem(key);
    if (stem.startsWith('deep') && !(stem in sections)) sections[stem] = sectionFactsOf(value);
  }
  return sections;
}

/** An edition read as facts (see `BriefingFacts`). */
export function briefingFactsOf(read: BriefingRead): BriefingFacts {
  return {
    ...read,
    hubFacts: hubFactsOf(read.item),
    runMeta: runMetaOf(read),
    deepDives: deepDivesOf(read),
    opened: openedIds(read),
    commented: commentedOf(read.tickets),
    sections: sectionsOf(read.item),
  };
}
