/**
 * Compares Radar's contract (`contract.ts`) with the service's own description (an OpenAPI document,
 * spec 9): each endpoint Radar calls exists, with the query parameters Radar sends, and each field
 * Radar depends on is where Radar looks. Findings are plain sentences; `npm run doctor` prints them
 * and `/radar status` shows their count (`contractStatus`, computed once in the background and kept
 * for an hour).
 */
import type { ServiceClient } from './client.js';
import { SERVICE_CONTRACT } from './contract.js';
import type { ContractEndpoint, FieldNeed } from './contract.js';

export type FindingLevel = 'fine' | 'warn' | 'fail';

export interface ContractFinding {
  endpoint: string;
  level: FindingLevel;
  sentence: string;
}

export interface ContractReport {
  /** `info.version` of the description, or null when it has none. */
  version: string | null;
  /** Every finding, fine ones included, in contract order. */
  findings: ContractFinding[];
  /** The findings that are not fine. */
  differences: ContractFinding[];
  endpoints: number;
  fields: number;
}

type Json = Record<string, unknown>;

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const isObj = (value: unknown): value is Json => Boolean(value && typeof value === 'object' && !Array.isArray(value));

/** Follows a local `$ref` (`#/components/...`) within the document, a few hops at most. */
function deref(doc: Json, value: unknown): Json {
  let current = obj(value);
  for (let hop = 0; hop < 10 && typeof current.$ref === 'string'; hop++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return {};
    let target: unknown = doc;
    for (const raw of ref.slice(2).split('/')) target = obj(target)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = obj(target);
  }
  return current;
}

/** The schema and its `allOf`/`anyOf`/`oneOf` branches, flattened, each dereferenced. */
function branches(doc: Json, schema: unknown, depth = 0): Json[] {
  const s = deref(doc, schema);
  if (depth > 8) return [s];
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return [s, ...nested.flatMap((b) => branches(doc, b, depth + 1))];
}

interface Segment {
  key: string;
  array: boolean;
}

const segmentsOf = (path: string): Segment[] =>
  path.split('.').map((raw) => ({ key: raw.replace(/\[\]$/, ''), array: raw.endsWith('[]') }));

type Lookup = { kind: 'found' } | { kind: 'open' } | { kind: 'absent' };

/** An object schema that lists no properties, or allows others: a key it does not list may still arrive. */
function isOpen(schema: Json): boolean {
  return !isObj(schema.properties) || (schema.additionalProperties !== false && schema.unevaluatedProperties !== false);
}

function lookup(doc: Json, schema: unknown, segments: Segment[]): Lookup {
  const [head, ...rest] = segments;
  if (!head) return { kind: 'found' };
  const candidates = branches(doc, schema);
  const children = candidates.flatMap((c) => (isObj(c.properties) && head.key in c.properties ? [c.properties[head.key]] : []));
  if (children.length === 0) return candidates.some(isOpen) ? { kind: 'open' } : { kind: 'absent' };
  let best: Lookup = { kind: 'absent' };
  for (const child of children) {
    let next: unknown = child;
    if (head.array) {
      const items = branches(doc, child).find((b) => b.items !== undefined)?.items;
      if (items === undefined) continue;
      next = items;
    }
    const result = lookup(doc, next, rest);
    if (result.kind === 'found') return result;
    if (result.kind === 'open') best = result;
  }
  return best;
}

/** Where else in the answer a key of that name is described (shortest path first). */
function findElsewhere(doc: Json, schema: unknown, key: string): string | null {
  const found: string[] = [];
  const seen = new Set<Json>();
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > 12) return;
    for (const b of branches(doc, node)) {
      if (seen.has(b)) continue;
      seen.add(b);
      if (isObj(b.properties)) {
        for (const [name, child] of Object.entries(b.properties)) {
          const here = path ? `${path}.${name}` : name;
          if (name === key) found.push(here);
          walk(child, here, depth + 1);
        }
      }
      if (b.items !== undefined) walk(b.items, `${path}[]`, depth + 1);
    }
  };
  walk(schema, '', 0);
  return found.sort((a, b) => a.length - b.length)[0] ?? null;
}

const template = (path: string): string => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');

function findOperation(doc: Json, endpoint: ContractEndpoint): { item: Json; op: Json } | null {
  const wanted = template(endpoint.path);
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    if (template(path) !== wanted) continue;
    const op = obj(obj(item)[endpoint.method.toLowerCase()]);
    if (Object.keys(op).length > 0) return { item: obj(item), op };
  }
  return null;
}

function queryNames(doc: Json, item: Json, op: Json): Set<string> {
  const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])];
  return new Set(params.map((p) => deref(doc, p)).filter((p) => p.in === 'query' && typeof p.name === 'string').map((p) => p.name as string));
}

/** The JSON schema of the success answer, or undefined when the operation describes none. */
function answerSchema(doc: Json, op: Json): unknown {
  const responses = obj(op.responses);
  const key = ['200', '201', '2XX', '2xx', 'default'].find((k) => k in responses);
  if (!key) return undefined;
  const content = obj(deref(doc, responses[key]).content);
  const media = content['application/json'] ?? Object.values(content)[0];
  return media === undefined ? undefined : obj(media).schema;
}

function fieldFinding(doc: Json, endpoint: ContractEndpoint, schema: unknown, need: FieldNeed): ContractFinding {
  const segments = segmentsOf(need.path);
  const result = schema === undefined ? ({ kind: 'open' } as Lookup) : lookup(doc, schema, segments);
  const name = endpoint.name;
  if (result.kind === 'found') return { endpoint: name, level: 'fine', sentence: `${name}: ${need.what} at ${need.path}, where Radar looks: fine` };
  const leaf = segments[segments.length - 1]?.key ?? need.path;
  const elsewhere = schema === undefined ? null : findElsewhere(doc, schema, leaf);
  if (elsewhere && elsewhere !== need.path) {
    const consequence = need.tolerant ? 'Radar looks only there and leaves it out' : 'Radar will not find it there';
    return { endpoint: name, level: need.tolerant ? 'warn' : 'fail', sentence: `${name}: ${need.what} is described at ${elsewhere}, Radar looks at ${need.path}: ${consequence}` };
  }
  if (result.kind === 'open') {
    return { endpoint: name, level: 'warn', sentence: `${name}: ${need.what} (${need.path}) is not described; Radar reads it when it arrives` };
  }
  return {
    endpoint: name,
    level: need.tolerant ? 'warn' : 'fail',
    sentence: `${name}: ${need.what} (${need.path}) is not in the description${need.tolerant ? '; Radar leaves it out' : ''}`,
  };
}

/** Compares the contract with a description; a document that is not OpenAPI yields one failing finding. */
export function compareWithDescription(document: unknown, contract: readonly ContractEndpoint[] = SERVICE_CONTRACT): ContractReport {
  const doc = obj(document);
  const version = typeof obj(doc.info).version === 'string' ? (obj(doc.info).version as string) : null;
  const fields = contract.reduce((n, e) => n + (e.fields?.length ?? 0), 0);
  if (typeof doc.openapi !== 'string' || !isObj(doc.paths)) {
    const finding: ContractFinding = { endpoint: 'description', level: 'fail', sentence: 'the service answered /v1/docs/openapi.json with something that is not an OpenAPI document' };
    return { version, findings: [finding], differences: [finding], endpoints: contract.length, fields };
  }
  const findings: ContractFinding[] = [];
  for (const endpoint of contract) {
    const found = findOperation(doc, endpoint);
    if (!found) {
      findings.push({ endpoint: endpoint.name, level: 'fail', sentence: `${endpoint.name} (${endpoint.method} ${endpoint.path}): not described` });
      continue;
    }
    const names = queryNames(doc, found.item, found.op);
    for (const param of endpoint.query ?? []) {
      if (!names.has(param)) {
        findings.push({ endpoint: endpoint.name, level: 'warn', sentence: `${endpoint.name}: the query parameter ${param}, which Radar sends, is not described` });
      }
    }
    const schema = answerSchema(doc, found.op);
    for (const need of endpoint.fields ?? []) findings.push(fieldFinding(doc, endpoint, schema, need));
    if ((endpoint.fields ?? []).length === 0) {
      findings.push({ endpoint: endpoint.name, level: 'fine', sentence: `${endpoint.name} (${endpoint.method} ${endpoint.path}): described; Radar passes its answer through` });
    }
  }
  return { version, findings, differences: findings.filter((x) => x.level !== 'fine'), endpoints: contract.length, fields };
}

/** The worst level of a report's findings. */
export function worstLevel(report: ContractReport): FindingLevel {
  if (report.findings.some((x) => x.level === 'fail')) return 'fail';
  return report.findings.some((x) => x.level === 'warn') ? 'warn' : 'fine';
}

/** What `/radar status` shows of the comparison. */
export type ContractStatus =
  | { state: 'checking' }
  | { state: 'compared'; report: ContractReport; at: number }
  | { state: 'unreadable'; reason: string; at: number };

const REFRESH_MS = 60 * 60 * 1000;

interface Watch {
  last: Exclude<ContractStatus, { state: 'checking' }> | null;
  running: Promise<void> | null;
}

const WATCHES = new WeakMap<ServiceClient, Watch>();

/**
 * The comparison for this client's service, never waited for: the first call starts it in the
 * background and answers `checking`; later calls answer the last result and start a refresh once it
 * is an hour old. One comparison runs at a time per client (so per process).
 */
export function contractStatus(service: ServiceClient, now: () => number = Date.now, refreshMs = REFRESH_MS): ContractStatus {
  let watch = WATCHES.get(service);
  if (!watch) {
    watch = { last: null, running: null };
    WATCHES.set(service, watch);
  }
  const w = watch;
  if (!w.running && (!w.last || now() - w.last.at >= refreshMs)) {
    w.running = service
      .describe()
      .then(
        (doc) => ({ state: 'compared' as const, report: compareWithDescription(doc), at: now() }),
        (error: unknown) => ({ state: 'unreadable' as const, reason: error instanceof Error ? error.message : String(error), at: now() }),
      )
      .then((result) => {
        w.last = result;
        w.running = null;
      });
  }
  return w.last ?? { state: 'checking' };
}

/** Resolves once the comparison under way (if any) has finished; for tests. */
export async function contractStatusSettled(service: ServiceClient): Promise<void> {
  await WATCHES.get(service)?.running;
}
