/**
 * What a watch tells: the changes between a run and the one before it. Each dimension's rules
 * (this folder, one file each) compare both runs' facts as the service client reads them
 * (`watchRunFacts`, src/service/read/runs.ts: the area's reader, the run summary, the generic leaves) and
 * say what changed in a sentence that keeps the null contract (spec 2.2): a value becoming measured
 * is "now measured", never "added"; a value no longer measured is "no longer measured", never a drop.
 */
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import { defaultTier, type ChangeKind, type Tier } from './tiers.js';

export type { ChangeKind, Tier } from './tiers.js';

/**
 * An AI presence move (issue 30, item 2): the share of answers naming the own brand, overall (`engine`
 * null) or on one engine, in percent, at the check told (`after`), the check before it (`before`) and
 * the check before that (`earlier`, null when the history does not have it). The watch's noise band
 * decides whether, and how, it is told (filters.ts).
 */
export interface PresenceMove {
  engine: string | null;
  earlier: number | null;
  before: number;
  after: number;
}

export interface Change {
  /** What kind of change it is (tiers.ts): what a watch's tier rules and other features ("a now-tier change") go by. */
  kind: ChangeKind;
  /** The kind's default tier; a watch may raise or lower it (tierFor). */
  tier: Tier;
  /** Who it is about: a competitor's domain (lower case), or null (the own side, the market). */
  competitor: string | null;
  /** Content only: the content category it is about. */
  category: string | null;
  /** Higher is told first. */
  weight: number;
  /** One mrkdwn line; service strings escaped. */
  line: string;
  /** Plain text: a ticket's title. */
  title: string;
  /** Plain text evidence for a ticket: the value before and after (null when there is no such pair). */
  before: string | null;
  after: string | null;
  /** AI moves: their size in points or percentage points, held against the watch's threshold. */
  points?: number;
  /** True for a change found by the generic comparison (told after the named ones). */
  generic?: boolean;
  /** AI presence moves: the three checks the noise band is held against. */
  presence?: PresenceMove;
}

/** A run and the run before it, as facts (`watchRunFacts`). */
export interface RunPair {
  previous: WatchRunFacts;
  current: WatchRunFacts;
  /** AI visibility: the check before `previous` (its history row, as facts), for the noise band's second check; absent when unknown. */
  earlier?: WatchRunFacts;
}

/** A value as sent (undefined: the key is absent, a third state). */
export type Raw = unknown;

/** A value, humanised as plain text, for evidence and lines. */
export function plain(value: Raw): string {
  if (value === undefined) return 'not reported';
  if (value === null) return 'not measured';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(plain).join(', ');
  return JSON.stringify(value);
}

/** The mrkdwn of a plain value: escaped. */
export const shown = (value: Raw): string => escapeMrkdwn(plain(value));

/** A label for a field name: `marketAvgPrice` -> `market avg price`. */
export const labelOf = (key: string): string => humanise(key);

/** Equal as JSON (key order ignored for objects). */
export function same(a: Raw, b: Raw): boolean {
  return canonical(a) === canonical(b);
}

const isObject = (value: Raw): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function canonical(value: Raw): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** Who a line is about, as mrkdwn: `*domain*`, or `*You*` for the own row. */
export function who(name: string, own: boolean): string {
  return own ? '*You*' : `*${escapeMrkdwn(name)}*`;
}

/** The plain form of `who`. */
export function whoPlain(name: string, own: boolean): string {
  return own ? 'You' : name;
}

export interface ScalarChange {
  kind: 'now_measured' | 'no_longer_measured' | 'changed' | 'now_reported' | 'no_longer_reported';
  before: Raw;
  after: Raw;
}

/**
 * How a scalar moved, keeping the three states apart: null (not measured) to a value is
 * `now_measured`; a value to null `no_longer_measured`; absent to present `now_reported` (and back);
 * two different values `changed`. Null when it did not move.
 */
export function scalarChange(before: Raw, after: Raw): ScalarChange | null {
  if (same(before, after)) return null;
  if (before === undefined) return { kind: 'now_reported', before, after };
  if (after === undefined) return { kind: 'no_longer_reported', before, after };
  if (before === null) return { kind: 'now_measured', before, after };
  if (after === null) return { kind: 'no_longer_measured', before, after };
  return { kind: 'changed', before, after };
}

/** The sentence of a scalar's move: "now measured: X", "no longer measured (was X)", "X → Y". */
export function movedText(label: string, move: ScalarChange, format: (v: Raw) => string = plain): string {
  switch (move.kind) {
    case 'now_measured':
      return `now measured: ${label} ${format(move.after)}`;
    case 'now_reported':
      return `now reported: ${label} ${format(move.after)}`;
    case 'no_longer_measured':
      return `${label} no longer measured (was ${format(move.before)})`;
    case 'no_longer_reported':
      return `${label} no longer reported (was ${format(move.before)})`;
    case 'changed':
      return `${label} ${format(move.before)} → ${format(move.after)}`;
  }
}

/** A change about `competitor` whose line is `subject: text` (text plain, escaped here). */
export function changeOf(input: { kind: ChangeKind; competitor: string | null; own?: boolean; weight: number; text: string; before: Raw; after: Raw; category?: string | null; points?: number }): Change {
  const name = input.competitor ?? '';
  const subject = input.competitor === null ? '' : `${who(name, input.own === true)}: `;
  const plainSubject = input.competitor === null ? '' : `${whoPlain(name, input.own === true)}: `;
  return {
    kind: input.kind,
    tier: defaultTier(input.kind),
    competitor: input.own ? null : input.competitor,
    category: input.category ?? null,
    weight: input.weight,
    line: `${subject}${escapeMrkdwn(input.text)}`,
    title: `${plainSubject}${input.text}`,
    before: input.before === undefined && input.after === undefined ? null : plain(input.before),
    after: input.before === undefined && input.after === undefined ? null : plain(input.after),
    ...(input.points !== undefined ? { points: input.points } : {}),
  };
}

/** Items of two lists that were added and removed (compared as plain text). */
export function listDiff(before: readonly unknown[], after: readonly unknown[]): { added: string[]; removed: string[] } {
  const b = new Set(before.map(plain));
  const a = new Set(after.map(plain));
  return { added: [...a].filter((x) => !b.has(x)), removed: [...b].filter((x) => !a.has(x)) };
}

/** One figure of a run summary as its area's reader read it, for `figureChanges`. */
export interface SummaryFigure {
  /** The words `/radar history` says it in ("security score gap"). */
  label: string;
  before: { kind: 'value'; value: number | null } | { kind: 'omitted' } | { kind: 'unreadable' };
  after: { kind: 'value'; value: number | null } | { kind: 'omitted' } | { kind: 'unreadable' };
  /** A gap figure: signed, and null is "no comparison" (spec 2.5), never "not measured". */
  gap: boolean;
  /** The figure as text (a gap signed by the caller's words). */
  format: (n: number) => string;
}

/**
 * A run summary's figures that moved, in the words `/radar history` says them: "security score gap
 * −6.1 → −4.7", a null gap "no comparison this run (was −6.1)" / "… (no comparison the run before)".
 * Nothing is said from a figure either side couldn't read.
 */
export function figureChanges(figures: readonly SummaryFigure[], noComparison: string): Change[] {
  const out: Change[] = [];
  for (const { label, before, after, gap, format: number } of figures) {
    if (before.kind === 'unreadable' || after.kind === 'unreadable') continue;
    const move = scalarChange(before.kind === 'value' ? before.value : undefined, after.kind === 'value' ? after.value : undefined);
    if (!move) continue;
    const format = (v: Raw) => (typeof v === 'number' ? number(v) : v === null && gap ? noComparison : plain(v));
    const text =
      gap && move.kind === 'no_longer_measured'
        ? `${label}: ${noComparison} this run (was ${format(move.before)})`
        : gap && move.kind === 'now_measured'
          ? `${label} ${format(move.after)} (${noComparison} the run before)`
          : movedText(label, move, format);
    out.push(changeOf({ kind: 'other', competitor: null, weight: 30, text, before: format(move.before), after: format(move.after) }));
  }
  return out;
}
