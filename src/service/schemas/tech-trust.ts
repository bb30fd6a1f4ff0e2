/**
 * The tech-and-trust dashboard read tolerantly (spec 2.2, 2.5). The dashboard's layout is not shown,
 * so nothing here is required: each part of a competitor row is looked up where it is (any case, on
 * the row or one level down) and read into the states of the null contract. `/radar tech`, the
 * competitor card and watches read the dashboard through `readTechTrust`.
 *
 * - Security grade and score: null is "not measured" (shielded response headers make them null while
 *   the HTML-derived counts stay real); the shielding marker's reason is kept.
 * - Trust signals: a count of the fixed 26; 0 is a real "none found".
 * - robots.txt: `exists: false` without an availability marker is a finding (the site publishes
 *   none); null, or a marker saying unavailable, is "not measured".
 * - AI access: absent when the check carried none; the three `measurement.status` values; an omitted
 *   `assistantAccess` / `modelTrainingAccess` is "unknown", never a verdict.
 * - `crawlerCatalog`: each crawler's facts once; compact rows name crawlers by id.
 */
import * as z from 'zod';
import { arrayAt, collect, isRecord, keyStem, lookup, read, recordAt, type JsonRecord, type Part, OMITTED, UNREADABLE, valuePart } from '../tolerant.js';
import { availabilityReason, markerSaysUnavailable } from './common.js';
import { extrasOf, type Extra } from '../extras.js';
import { competitorRowsOf, IDENTITY_KEYS, identityOf, type RowIdentity } from './competitor-row.js';
import { figureReader } from '../read/figures.js';

/** The fixed set of trust signals looked for on a homepage (spec 2.5). */
export const TRUST_SIGNALS_EVALUATED = 26;

export const AI_ACCESS_MEASUREMENTS = ['measured', 'measured_no_policy_found', 'could_not_measure'] as const;
export type AiAccessMeasurement = (typeof AI_ACCESS_MEASUREMENTS)[number];

/** A reason from an availability marker; null when the marker gave none. */
export interface TechUnavailable {
  reason: string | null;
}

export type RobotsState =
  /** robots.txt read: its other facts (key, primitive value), as sent. */
  | { kind: 'published'; facts: [string, unknown][] }
  /** `exists: false` without an availability marker: the site publishes no robots.txt (a finding). */
  | { kind: 'none' }
  /** null, or a marker saying it could not be read. */
  | { kind: 'not_measured'; why: TechUnavailable }
  | { kind: 'omitted' }
  | { kind: 'unreadable' };

export interface CrawlerVerdict {
  /** The crawler's id as the row names it (compact) or as its facts carry it (full); null when none. */
  id: string | null;
  /** `allowed` (boolean), or a verdict string; omitted when the row states none. */
  verdict: Part<boolean | string | null>;
  /** Facts the row carries inline (full view), besides the id and the verdict. */
  facts: [string, unknown][];
}

export type AiAccessState =
  /** The check carried no AI-access information (`aiAccess` absent). */
  | { kind: 'absent' }
  | { kind: 'unreadable' }
  | {
      kind: 'read';
      /** `measurement.status`; a value outside the three stated ones is kept as sent. */
      status: Part<string>;
      /** Omitted (robots.txt could not be read) is "unknown", never "blocked" or "allowed". */
      assistantAccess: Part<string | boolean | null>;
      modelTrainingAccess: Part<string | boolean | null>;
      /** Per-crawler verdicts; null when the row lists none. */
      crawlers: CrawlerVerdict[] | null;
    };

export interface TechTrustRow {
  /** Who the row is about, found on the row or nested (`identityOf`); the four fields below repeat it. */
  identity: RowIdentity;
  competitorId: string | null;
  domain: string | null;
  name: string | null;
  isOwn: boolean;
  securityGrade: Part<string | null>;
  securityScore: Part<number | null>;
  /** The marker saying the site shields its response headers; null when there is none. */
  headersShielded: TechUnavailable | null;
  trustSignalsFound: Part<number | null>;
  /** Out of how many; the spec's fixed 26 unless the row says otherwise. */
  trustSignalsOf: number;
  techStack: Part<string[] | null>;
  robots: RobotsState;
  aiAccess: AiAccessState;
  dns: Part<[string, unknown][] | null>;
  /** Fields of the row Radar does not read by name, as plain facts (prose first, bounded). */
  extras: Extra[];
  /** How many more such fields there were. */
  moreExtras: number;
}

export interface CrawlerFacts {
  id: string;
  facts: [string, unknown][];
}

export interface TechTrustFacts {
  rows: Part<(TechTrustRow | null)[]>;
  /** Each crawler's facts, once (compact view); empty when the answer carries no catalog. */
  catalog: CrawlerFacts[];
  /** Compact paging objects found (`...Page` with `total`), by key. */
  pages: { key: string; total: number; shown: number | null }[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The primitive entries of an object, leaving out `skip` (lower-case keys). */
function primitiveFacts(obj: JsonRecord, skip: readonly string[]): [string, unknown][] {
  const stems = skip.map(keyStem);
  return Object.entries(obj).filter(([k, v]) => !stems.includes(keyStem(k)) && isPrimitive(v));
}

const stringAt = (obj: unknown, ...keys: string[]): string | null => {
  for (const key of keys) {
    const hit = lookup(obj, key, { down: false });
    if (hit.found && str(hit.value)) return hit.value as string;
  }
  return null;
};

/** A marker (string, boolean or object) saying a part is unavailable, with its reason. */
function unavailable(marker: unknown, up?: unknown): TechUnavailable | null {
  if (!markerSaysUnavailable(marker)) return null;
  return { reason: availabilityReason(marker, up) ?? null };
}

/** An availability marker for `subject` on `obj`: a key like `<subject>Available` or `headerInspection`. */
function markerOn(obj: unknown, match: (key: string) => boolean): unknown {
  const hit = collect(obj, (k) => match(keyStem(k)), 1)[0];
  return hit?.[1];
}

function securityOf(row: JsonRecord) {
  const block = recordAt(row, 'securityHeaders') ?? recordAt(row, 'security', { down: false });
  const where = block ?? row;
  const grade = read(where, 'grade', nullableString, { up: row, down: false });
  const score = read(where, 'score', nullableNumber, { up: row, down: false });
  const marker =
    lookup(where, 'headersAvailable', { up: row, down: false }).found
      ? lookup(where, 'headersAvailable', { up: row, down: false })
      : lookup(row, 'headerInspection');
  const shielded = marker.found ? unavailable(marker.value, where) : null;
  if (block === null) {
    // No security block: the grade and score flat on the row (`grade`, else `securityGrade`, any style).
    const flat = (key: string, named: string) => (lookup(row, key, { down: false }).found ? key : lookup(row, named, { down: false }).found ? named : null);
    const gradeKey = flat('grade', 'securityGrade');
    const scoreKey = flat('score', 'securityScore');
    // No security block and no grade or score anywhere on the row: not reported (omitted), never "couldn't read";
    // a block that is there but not an object is unreadable.
    if (gradeKey === null && scoreKey === null) {
      const present = lookup(row, 'securityHeaders').found || lookup(row, 'security', { down: false }).found;
      const state = (present ? UNREADABLE : OMITTED) as Part<never>;
      return { securityGrade: state as Part<string | null>, securityScore: state as Part<number | null>, headersShielded: shielded };
    }
    return {
      securityGrade: gradeKey === null ? (OMITTED as Part<string | null>) : read(row, gradeKey, nullableString, { down: false }),
      securityScore: scoreKey === null ? (OMITTED as Part<number | null>) : read(row, scoreKey, nullableNumber, { down: false }),
      headersShielded: shielded,
    };
  }
  return { securityGrade: grade, securityScore: score, headersShielded: shielded };
}

function trustOf(row: JsonRecord): { found: Part<number | null>; of: number } {
  const hit = lookup(row, 'trustSignals');
  // A row without the block does not report it (omitted); a block Radar cannot read is unreadable.
  if (!hit.found) return { found: OMITTED, of: TRUST_SIGNALS_EVALUATED };
  if (hit.value === null || typeof hit.value === 'number') return { found: valuePart(hit.value), of: TRUST_SIGNALS_EVALUATED };
  if (!isRecord(hit.value)) return { found: UNREADABLE, of: TRUST_SIGNALS_EVALUATED };
  const obj = hit.value;
  const of = [lookup(obj, 'evaluated'), lookup(obj, 'signalsEvaluated'), lookup(obj, 'outOf')].find((h) => h.found && typeof h.value === 'number');
  for (const key of ['count', 'found', 'signalsFound']) {
    const part = read(obj, key, nullableNumber);
    if (part.kind !== 'omitted') return { found: part, of: of?.found ? (of.value as number) : TRUST_SIGNALS_EVALUATED };
  }
  return { found: UNREADABLE, of: TRUST_SIGNALS_EVALUATED };
}

function stackOf(row: JsonRecord): Part<string[] | null> {
  for (const key of ['techStack', 'technologyStack', 'technologies']) {
    const hit = lookup(row, key);
    if (!hit.found) continue;
    if (hit.value === null) return valuePart(null);
    const list = Array.isArray(hit.value) ? hit.value : isRecord(hit.value) ? arrayAt(hit.value, 'items') ?? arrayAt(hit.value, 'technologies') : null;
    if (list === null) return UNREADABLE;
    return valuePart(list.flatMap((t) => (typeof t === 'string' ? [t] : isRecord(t) && stringAt(t, 'name', 'technology', 'label') ? [stringAt(t, 'name', 'technology', 'label') as string] : [])));
  }
  return OMITTED;
}

function robotsOf(row: JsonRecord): RobotsState {
  const hit = lookup(row, 'robotsTxt');
  const rowMarker = markerOn(row, (k) => k.startsWith('robots') && k.endsWith('available'));
  if (!hit.found) {
    const why = rowMarker === undefined ? null : unavailable(rowMarker, row);
    return why ? { kind: 'not_measured', why } : { kind: 'omitted' };
  }
  if (hit.value === null) return { kind: 'not_measured', why: (rowMarker === undefined ? null : unavailable(rowMarker, row)) ?? { reason: null } };
  if (!isRecord(hit.value)) return { kind: 'unreadable' };
  const obj = hit.value;
  const innerMarker = markerOn(obj, (k) => k.endsWith('available'));
  const marker = innerMarker ?? rowMarker;
  const why = marker === undefined ? null : unavailable(marker, obj);
  const exists = lookup(obj, 'exists', { down: false });
  if (exists.found && exists.value === false) return why ? { kind: 'not_measured', why } : { kind: 'none' };
  if (why) return { kind: 'not_measured', why };
  if (exists.found && exists.value === null) return { kind: 'not_measured', why: { reason: null } };
  // `exists` is what says robots.txt was found; without it Radar asserts nothing.
  if (!exists.found || exists.value !== true) return { kind: 'unreadable' };
  return { kind: 'published', facts: primitiveFacts(obj, ['exists']).filter(([k]) => !keyStem(k).endsWith('available')) };
}

const verdictSchema = z.union([z.string(), z.boolean()]).nullable();

function crawlerOf(raw: unknown): CrawlerVerdict | null {
  if (typeof raw === 'string') return { id: raw, verdict: OMITTED, facts: [] };
  if (!isRecord(raw)) return null;
  const id = stringAt(raw, 'crawler', 'id', 'crawlerId', 'userAgent', 'name');
  let verdict: Part<boolean | string | null> = OMITTED;
  for (const key of ['allowed', 'access', 'verdict', 'status']) {
    const part = read(raw, key, verdictSchema, { down: false });
    if (part.kind !== 'omitted') {
      verdict = part;
      break;
    }
  }
  return { id, verdict, facts: primitiveFacts(raw, ['crawler', 'id', 'crawlerid', 'allowed', 'access', 'verdict', 'status']) };
}

function aiAccessOf(row: JsonRecord): AiAccessState {
  const hit = lookup(row, 'aiAccess');
  if (!hit.found || hit.value === undefined) return { kind: 'absent' };
  if (!isRecord(hit.value)) return { kind: 'unreadable' };
  const access = hit.value;
  const measurement = recordAt(access, 'measurement', { down: false });
  const status = measurement ? read(measurement, 'status', z.string(), { absent: 'unreadable' }) : read(access, 'status', z.string(), { absent: 'unreadable', down: false });
  // Looked up on aiAccess itself only: one level down would find a crawler's or the measurement's key.
  const assistantAccess = read(access, 'assistantAccess', verdictSchema, { down: false });
  const modelTrainingAccess = read(access, 'modelTrainingAccess', verdictSchema, { down: false });
  const list = arrayAt(access, 'crawlers', { down: false });
  const crawlers = list === null ? null : list.map(crawlerOf).filter((c): c is CrawlerVerdict => c !== null);
  return { kind: 'read', status, assistantAccess, modelTrainingAccess, crawlers };
}

function dnsOf(row: JsonRecord): Part<[string, unknown][] | null> {
  for (const key of ['dns', 'dnsInfrastructure', 'infrastructure']) {
    const hit = lookup(row, key);
    if (!hit.found) continue;
    if (hit.value === null) return valuePart(null);
    if (!isRecord(hit.value)) return UNREADABLE;
    return valuePart(primitiveFacts(hit.value, []).concat(Object.entries(hit.value).filter(([, v]) => Array.isArray(v) && v.every((x) => typeof x === 'string'))));
  }
  return OMITTED;
}

/** Keys a tech-trust row is read by, never repeated as extras; the watch rule's generic comparison leaves them to this reader. */
export const TECH_TRUST_ROW_KEYS = [
  ...IDENTITY_KEYS,
  'securityHeaders',
  'security',
  'grade',
  'score',
  'securityGrade',
  'securityScore',
  'headersAvailable',
  'headerInspection',
  'trustSignals',
  'techStack',
  'technologyStack',
  'technologies',
  'robotsTxt',
  'robotsTxtAvailable',
  'aiAccess',
  'dns',
  'dnsInfrastructure',
  'infrastructure',
];

/** The row's fields Radar does not read by name; a child object holding named parts (a `checks` block) is entered. */
function rowExtras(row: JsonRecord): { extras: Extra[]; more: number } {
  const known = new Set(TECH_TRUST_ROW_KEYS.map(keyStem));
  const stem = keyStem;
  const flat: JsonRecord = {};
  for (const [k, v] of Object.entries(row)) {
    // A child holding named parts (`checks: { trustSignals, … }`) is read by name; its other keys are extras.
    if (isRecord(v) && !known.has(stem(k)) && Object.keys(v).some((c) => known.has(stem(c)))) {
      for (const [ck, cv] of Object.entries(v)) if (!known.has(stem(ck)) && !(ck in flat)) flat[ck] = cv;
    } else if (!/^robots.*available$/i.test(k)) flat[k] = v;
  }
  return extrasOf(flat, TECH_TRUST_ROW_KEYS);
}

export function readTechTrustRow(raw: unknown): TechTrustRow | null {
  if (!isRecord(raw)) return null;
  const identity = identityOf(raw);
  const trust = trustOf(raw);
  const { extras, more } = rowExtras(raw);
  return {
    identity,
    competitorId: identity.competitorId,
    domain: identity.domain,
    name: identity.name,
    isOwn: identity.isOwn,
    ...securityOf(raw),
    trustSignalsFound: trust.found,
    trustSignalsOf: trust.of,
    techStack: stackOf(raw),
    robots: robotsOf(raw),
    aiAccess: aiAccessOf(raw),
    dns: dnsOf(raw),
    extras,
    moreExtras: more,
  };
}

/** The dashboard (`item` of GET .../tech-trust, or a run's detail) read tolerantly. */
export function readTechTrust(item: unknown): TechTrustFacts {
  const list = competitorRowsOf(item, undefined, ['crawlerCatalog', 'crawlers']);
  const rows: Part<(TechTrustRow | null)[]> = list === null ? UNREADABLE : valuePart(list.map(readTechTrustRow));
  const catalogList = arrayAt(item, 'crawlerCatalog') ?? [];
  const catalog = catalogList.flatMap((c): CrawlerFacts[] => {
    if (!isRecord(c)) return [];
    const id = stringAt(c, 'id', 'crawler', 'userAgent', 'name');
    return id === null ? [] : [{ id, facts: primitiveFacts(c, ['id']) }];
  });
  // `…Page` objects (any case or style: `competitorsPage`, `competitors_page`) with their `total` (any case).
  const num = (obj: unknown, key: string): number | null => {
    const hit = lookup(obj, key, { down: false });
    return hit.found && typeof hit.value === 'number' ? hit.value : null;
  };
  const pages = collect(item, (k, v) => /page$/i.test(k) && num(v, 'total') !== null, 1).map(([key, v]) => ({ key, total: num(v, 'total') as number, shown: num(v, 'limit') }));
  return { rows, catalog, pages };
}

/**
 * A tech-and-trust run's summary (a history row's or a run detail's `summary`): the gap figures the
 * spec states a rule for (2.5: null when there was no comparison, either side unmeasured or no
 * competitor; a null gap is not a tie) and how many competitors were measured. Their names are not
 * shown (2.11): the sandbox's `securityScoreGap`, `trustSignalGap`, `competitorsMeasured` first, then
 * other spellings a service might use. `extras`: every other field, in the order sent.
 */
export interface TechRunSummary {
  securityScoreGap: Part<number | null>;
  trustSignalGap: Part<number | null>;
  competitorsMeasured: Part<number | null>;
  extras: [string, unknown][];
}

const nullableFigure = z.number().nullable();
const SECURITY_GAP_KEYS = ['securityScoreGap', 'securityGap', 'securityHeadersGap', 'securityGradeGap'];
const TRUST_GAP_KEYS = ['trustSignalGap', 'trustSignalsGap', 'trustGap'];
const MEASURED_KEYS = ['competitorsMeasured', 'measuredCompetitors', 'competitorsCompared', 'competitorCount'];
/** Every key `readTechRunSummary` reads a figure from (a generic comparison leaves them alone). */
export const TECH_RUN_SUMMARY_KEYS: readonly string[] = [...SECURITY_GAP_KEYS, ...TRUST_GAP_KEYS, ...MEASURED_KEYS];

/** A tech-and-trust run summary as facts; null when the summary is not an object. */
export function readTechRunSummary(summary: unknown): TechRunSummary | null {
  if (!isRecord(summary)) return null;
  const f = figureReader(summary);
  return {
    securityScoreGap: f.at(SECURITY_GAP_KEYS, nullableFigure),
    trustSignalGap: f.at(TRUST_GAP_KEYS, nullableFigure),
    competitorsMeasured: f.at(MEASURED_KEYS, nullableFigure),
    extras: f.rest(),
  };
}
