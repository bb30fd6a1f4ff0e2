/**
 * The one reading of the project detail (spec 2.3: the list fields are named; the detail's
 * per-dimension monitoring freshness and AI monitoring prompts are not) and of the answers whose
 * envelope is not shown (alerts, schedules; 2.11, 4.4). The freshness is looked for under a key
 * mentioning "fresh", else "dimension" (an object or a list, up to two levels down), each dimension's
 * time under its usual names; the prompts as the list under a key mentioning "prompt", each prompt's
 * text under `text`, `prompt`, `query` or `name`. `/radar project`, `/radar alerts` and `/radar
 * schedules` read only these facts; every field not read by name is passed on as sent.
 */
import { collect, isRecord, lookup, type JsonRecord, type Part, OMITTED, valuePart } from '../tolerant.js';

/** The list fields the spec names (2.3), in the order the view shows them. */
export const PROJECT_LISTED = ['id', 'organizationId', 'name', 'domain', 'status', 'competitorCount', 'lastMonitoredAt', 'createdAt'] as const;
const TIME_KEYS = ['lastMonitoredAt', 'monitoredAt', 'completedAt', 'checkedAt', 'updatedAt', 'lastRunAt', 'at'];
const NAME_KEYS = ['dimension', 'name', 'key', 'id'];
const PROMPT_TEXT_KEYS = ['text', 'prompt', 'query', 'name'];

/** A dimension's freshness: its time (a value as sent: an ISO time, null, anything else), or an entry with no time key (its fields as sent). */
export type FreshnessValue = { kind: 'time'; value: unknown } | { kind: 'entry'; value: JsonRecord };

export interface FreshnessEntry {
  /** The dimension's key as sent (`pricing`, `tech-trust`), null when the entry names none. */
  dimension: string | null;
  value: FreshnessValue;
}

/** A prompt: its text, or (no text found) the entry as sent. */
export type PromptFact = { kind: 'text'; text: string } | { kind: 'entry'; value: unknown };

export interface ProjectDetailFacts {
  /** Each list field the spec names: its value as sent, or omitted. */
  named: Record<(typeof PROJECT_LISTED)[number], Part<unknown>>;
  /** Null when no freshness part was found. */
  freshness: FreshnessEntry[] | null;
  /** Null when no prompt list was found; `total` counts every prompt sent. */
  prompts: { shown: PromptFact[]; total: number } | null;
  /** Every other field, as sent. */
  others: JsonRecord;
}

/** The project's own record: the payload's `item` is unwrapped by the client; a nested `project` is looked into too. */
function projectRecord(detail: JsonRecord): JsonRecord {
  const nested = lookup(detail, 'project', { down: false });
  return nested.found && isRecord(nested.value) && !lookup(detail, 'name', { down: false }).found ? nested.value : detail;
}

function freshnessValue(value: unknown): FreshnessValue {
  if (!isRecord(value)) return { kind: 'time', value };
  for (const key of TIME_KEYS) {
    const found = lookup(value, key, { down: false });
    if (found.found) return freshnessValue(found.value);
  }
  return { kind: 'entry', value };
}

function freshnessOf(value: unknown): FreshnessEntry[] {
  if (isRecord(value)) return Object.entries(value).map(([dimension, v]) => ({ dimension, value: freshnessValue(v) }));
  if (Array.isArray(value)) {
    return value.map((entry) => {
      if (!isRecord(entry)) return { dimension: null, value: { kind: 'time', value: entry } };
      const nameKey = NAME_KEYS.find((k) => typeof entry[k] === 'string');
      return { dimension: nameKey ? String(entry[nameKey]) : null, value: freshnessValue(entry) };
    });
  }
  return [{ dimension: null, value: { kind: 'time', value } }];
}

function promptOf(prompt: unknown): PromptFact {
  if (typeof prompt === 'string') return { kind: 'text', text: prompt };
  if (isRecord(prompt)) {
    const text = PROMPT_TEXT_KEYS.map((k) => lookup(prompt, k, { down: false })).find((f) => f.found && typeof f.value === 'string');
    if (text?.found) return { kind: 'text', text: String(text.value) };
  }
  return { kind: 'entry', value: prompt };
}

/** The project detail as facts (see the module comment); at most `maxPrompts` prompts are read, all are counted. */
export function readProjectDetail(detail: JsonRecord, maxPrompts = 25): ProjectDetailFacts {
  const item = projectRecord(detail);
  const named = Object.fromEntries(
    PROJECT_LISTED.map((key) => {
      const hit = lookup(item, key, { down: false });
      return [key, hit.found ? valuePart(hit.value) : OMITTED];
    }),
  ) as ProjectDetailFacts['named'];
  const freshness =
    collect(item, (k, v) => /fresh/i.test(k) && (isRecord(v) || Array.isArray(v)), 2)[0] ?? collect(item, (k, v) => /dimension/i.test(k) && (isRecord(v) || Array.isArray(v)), 2)[0];
  const prompts = collect(item, (k, v) => /prompt/i.test(k) && Array.isArray(v), 2)[0];
  const list = prompts ? (prompts[1] as unknown[]) : null;
  const found = new Set([freshness?.[0], prompts?.[0]].filter(Boolean));
  const others = Object.fromEntries(Object.entries(item).filter(([k]) => !PROJECT_LISTED.some((l) => l.toLowerCase() === k.toLowerCase()) && !found.has(k)));
  return {
    named,
    freshness: freshness ? freshnessOf(freshness[1]) : null,
    prompts: list ? { shown: list.slice(0, maxPrompts).map(promptOf), total: list.length } : null,
    others,
  };
}

/** The entries of an answer whose envelope is not shown, and the fields beside them. */
export interface EntriesFacts {
  entries: unknown[];
  rest: JsonRecord;
}

/** The entries of an answer whose envelope is not shown: `items`, else `item` (a list or one), `data`, `results`, else the answer; `rest` is what sits beside them. */
export function entriesOf(body: JsonRecord): EntriesFacts {
  for (const key of ['items', 'item', 'data', 'results']) {
    const found = lookup(body, key, { down: false });
    if (!found.found) continue;
    const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== found.key));
    if (Array.isArray(found.value)) return { entries: found.value, rest };
    if (isRecord(found.value)) return { entries: [found.value], rest };
  }
  return { entries: Object.keys(body).length > 0 ? [body] : [], rest: {} };
}
