/**
 * Shape variants of a service payload, as a differently built service would answer (issue 27, point 6): the
 * same facts, with other choices wherever the spec is silent. A fast-check arbitrary for per-area property tests:
 *
 *   fc.assert(fc.property(shapeVariants(payload, { keep: PRICING_NAMED }), (variant) => {
 *     const text = viewText(readPricing(variant.payload));   // every consumer's output
 *     expect(text).toContain('$24');                         // the facts, in every variant
 *   }), { numRuns: 40 });
 *
 * What varies (each on or off per run, choices per object from the run's seed):
 * - keys the spec does not name renamed in another case or style (snake_case, PascalCase, kebab-case,
 *   SCREAMING_SNAKE, or mixed per key);
 * - a row's identity (competitor/brand id, name, domain, own flag) nested under `competitor`, `brand`, … or, when
 *   it is nested, flattened onto the row;
 * - unnamed fields moved one level: into a child object (`details`, `attributes`, …) or a child object's fields
 *   lifted onto its parent;
 * - unknown fields added, holding hostile strings (mrkdwn, mentions, entities, links, very long text).
 *
 * `keep` lists the key paths the spec names: dot-separated steps over object keys (arrays are transparent),
 * `*` for any one key, `**` for any number of keys (`item.summary.**` keeps everything under `summary`). A kept
 * key and the steps leading to it (up to a `**`) stay as written and where they are; identity keys that are kept
 * are not nested.
 */
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const CASE_STYLES = ['camel', 'snake', 'pascal', 'kebab', 'screaming', 'mixed'] as const;
export type CaseStyle = (typeof CASE_STYLES)[number];

/** Strings that break naive rendering: mrkdwn, mentions, entities, a link, a code fence, a long run. */
export const HOSTILE_STRINGS = [
  '*bold* <!here> <@U1> &amp;',
  '<!channel> _italic_ ~strike~ `code`',
  '<https://evil.example|click me> & <#C123>',
  '```\nfenced\n``` > quote',
  'a&lt;b&gt;c <script>alert(1)</script>',
  `${'long '.repeat(700)}end`,
];

const HOLDERS = ['competitor', 'brand', 'company', 'site'];
const MOVE_INTO = ['details', 'attributes', 'data', 'info'];
const UNKNOWN_NAMES = ['analystNote', 'internal_comment', 'Remark', 'extra-text', 'observation'];
const IDENTITY = { id: ['competitorId', 'brandId'], name: ['name'], domain: ['domain'], own: ['isOwn'] };

export interface ShapeVariantOptions {
  /** Key paths the spec names (see the module comment). */
  keep: readonly string[];
  /** Strings the unknown fields hold (default `HOSTILE_STRINGS`). */
  hostile?: readonly string[];
}

export interface VariantChoices {
  caseStyle: CaseStyle;
  identity: 'as-is' | 'nested' | 'flat';
  holder: string;
  move: 'none' | 'down' | 'up';
  unknown: boolean;
  hostile: string;
  seed: number;
}

export interface ShapeVariant {
  payload: unknown;
  /** What was done, for a failing run's message. */
  choices: VariantChoices;
  /** The hostile strings added (check they come out escaped). */
  added: string[];
}

/** The words of a key (`isOwn`, `is_own`, `Is-Own` → ['is', 'own']). */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function restyleKey(key: string, style: Exclude<CaseStyle, 'mixed'>): string {
  const w = words(key);
  if (w.length === 0) return key;
  switch (style) {
    case 'camel':
      return w[0] + w.slice(1).map(cap).join('');
    case 'snake':
      return w.join('_');
    case 'pascal':
      return w.map(cap).join('');
    case 'kebab':
      return w.join('-');
    case 'screaming':
      return w.join('_').toUpperCase();
  }
}

/** A glob over key steps: `*` one step, `**` any number. */
function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern;
  if (head === '**') return matches(rest, path) || (path.length > 0 && matches(pattern, path.slice(1)));
  if (path.length === 0) return false;
  return (head === '*' || head === path[0]) && matches(rest, path.slice(1));
}

/** A small deterministic generator, so each run's per-object choices come from its seed (and shrink with it). */
function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

class Variation {
  private readonly keep: string[][];
  readonly added: string[] = [];
  /** Objects made to hold a moved field. */
  private readonly moved = new WeakSet<JsonObject>();
  private readonly random: () => number;

  constructor(
    keep: readonly string[],
    private readonly choices: VariantChoices,
  ) {
    this.keep = keep.map((p) => p.split('.').filter(Boolean));
    this.random = prng(choices.seed);
  }

  /**
   * The key at this path is named by the spec: a pattern matches its path, or its path is a step on the way to a
   * pattern's key (a prefix of the pattern before any `**`: `item.summary.customer` keeps `item` and `summary`;
   * `**.rankByPresence` keeps that key wherever it is, not its parents).
   */
  private kept(path: readonly string[]): boolean {
    return this.keep.some((pattern) => {
      if (matches(pattern, path)) return true;
      const fixed = pattern.indexOf('**') === -1 ? pattern.length : pattern.indexOf('**');
      return path.length < fixed && matches(pattern.slice(0, path.length), path);
    });
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  private keyFor(key: string, path: readonly string[]): string {
    if (this.kept([...path, key])) return key;
    const style = this.choices.caseStyle === 'mixed' ? this.pick(['camel', 'snake', 'pascal', 'kebab', 'screaming'] as const) : this.choices.caseStyle;
    return restyleKey(key, style);
  }

  /** The identity keys of a row that carries one flat (an id, or a name or domain beside another identity key). */
  private identityKeys(obj: JsonObject, path: readonly string[]): string[] {
    const all = [...IDENTITY.id, ...IDENTITY.name, ...IDENTITY.domain, ...IDENTITY.own];
    const present = all.filter((k) => Object.hasOwn(obj, k));
    const hasId = IDENTITY.id.some((k) => Object.hasOwn(obj, k));
    if (!hasId && present.length < 2) return [];
    if (!hasId && !Object.hasOwn(obj, 'domain') && !Object.hasOwn(obj, 'name')) return [];
    // Identity keys the spec names at this path stay where they are (the competitor list's `isOwn`).
    if (present.some((k) => this.kept([...path, k]))) return [];
    return present;
  }

  private nest(obj: JsonObject, path: readonly string[]): JsonObject {
    const keys = this.identityKeys(obj, path);
    // Not a holder's own content (nested once), nor a row that already has one.
    if (keys.length === 0 || HOLDERS.includes(path.at(-1) ?? '') || HOLDERS.some((h) => Object.hasOwn(obj, h))) return obj;
    const holder: JsonObject = {};
    const rest: JsonObject = {};
    for (const [k, v] of Object.entries(obj)) {
      if (!keys.includes(k)) rest[k] = v;
      else holder[IDENTITY.id.includes(k) ? 'id' : k] = v;
    }
    return { [this.choices.holder]: holder, ...rest };
  }

  private flatten(obj: JsonObject, path: readonly string[]): JsonObject {
    const key = HOLDERS.find((h) => isObject(obj[h]) && !this.kept([...path, h]));
    if (!key) return obj;
    const inner = obj[key] as JsonObject;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(obj)) if (k !== key) out[k] = v;
    for (const [k, v] of Object.entries(inner)) {
      const flat = k === 'id' ? 'competitorId' : k;
      if (!Object.hasOwn(out, flat)) out[flat] = v;
    }
    return out;
  }

  /** One unnamed scalar field moved into a child object, or a child object's fields lifted (no clashes). */
  private moveOne(obj: JsonObject, path: readonly string[]): JsonObject {
    if (this.moved.has(obj)) return obj; // a field moves one level, not two
    if (this.choices.move === 'down') {
      const candidates = Object.keys(obj).filter((k) => !this.kept([...path, k]) && !isObject(obj[k]) && !Array.isArray(obj[k]));
      if (candidates.length === 0 || this.random() < 0.5) return obj;
      const field = this.pick(candidates);
      const into = this.pick(MOVE_INTO);
      if (Object.hasOwn(obj, into)) return obj;
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(obj)) if (k !== field) out[k] = v;
      const wrapper: JsonObject = { [field]: obj[field] as Json };
      this.moved.add(wrapper);
      out[into] = wrapper;
      return out;
    }
    if (this.choices.move === 'up') {
      const candidates = Object.keys(obj).filter(
        (k) =>
          isObject(obj[k]) &&
          !this.kept([...path, k]) &&
          !HOLDERS.includes(k) &&
          Object.keys(obj[k] as JsonObject).every((c) => !Object.hasOwn(obj, c) && !this.kept([...path, k, c])),
      );
      if (candidates.length === 0 || this.random() < 0.5) return obj;
      const lifted = this.pick(candidates);
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(obj)) if (k !== lifted) out[k] = v;
      Object.assign(out, obj[lifted] as JsonObject);
      return out;
    }
    return obj;
  }

  apply(value: Json, path: readonly string[] = []): Json {
    if (Array.isArray(value)) return value.map((v) => this.apply(v, path));
    if (!isObject(value)) return value;
    let obj = value;
    if (this.choices.identity === 'nested') obj = this.nest(obj, path);
    if (this.choices.identity === 'flat') obj = this.flatten(obj, path);
    obj = this.moveOne(obj, path);
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(obj)) {
      // A key's own path decides whether it is kept; its children are walked under its original name.
      out[this.keyFor(k, path)] = this.apply(v, [...path, k]);
    }
    if (this.choices.unknown && path.length > 0 && this.random() < 0.5) {
      const name = this.pick(UNKNOWN_NAMES);
      if (!Object.hasOwn(out, name)) {
        out[name] = this.choices.hostile;
        this.added.push(this.choices.hostile);
      }
    }
    return out;
  }
}

/** The variant a set of choices makes of `payload` (deterministic: the same choices, the same variant). */
export function variantOf(payload: unknown, options: ShapeVariantOptions, choices: VariantChoices): ShapeVariant {
  const variation = new Variation(options.keep, choices);
  const copy = structuredClone(payload) as Json;
  return { payload: variation.apply(copy), choices, added: variation.added };
}

/** Variants of `payload` as other services would shape it; the spec-named paths in `keep` stay as written. */
export function shapeVariants(payload: unknown, options: ShapeVariantOptions): fc.Arbitrary<ShapeVariant> {
  const hostile = options.hostile ?? HOSTILE_STRINGS;
  return fc
    .record({
      caseStyle: fc.constantFrom(...CASE_STYLES),
      identity: fc.constantFrom('as-is' as const, 'nested' as const, 'flat' as const),
      holder: fc.constantFrom(...HOLDERS),
      move: fc.constantFrom('none' as const, 'down' as const, 'up' as const),
      unknown: fc.boolean(),
      hostile: fc.constantFrom(...hostile),
      seed: fc.integer({ min: 1, max: 0x7fff_ffff }),
    })
    .map((choices) => variantOf(payload, options, choices));
}
