/**
 * Perturbations of a service answer for the tolerant-read property tests: a key the spec does not
 * name and place is removed, renamed in case, or moved one level up or down; or an unknown key is
 * added anywhere. Each perturbation is one fast-check value, applied to a deep copy.
 */
import fc from 'fast-check';

export type Path = (string | number)[];
type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type OpKind = 'remove' | 'case' | 'up' | 'down' | 'inject' | 'mistype';

export interface Perturbation {
  kind: OpKind;
  /** The key's path in the original answer (for `inject`, the object that received the key). */
  path: Path;
  /** What was done, for failure messages. */
  describe: string;
  body: unknown;
}

/** Every path of an object key under `root` (arrays entered by index). */
export function keyPaths(root: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [];
  if (Array.isArray(root)) root.forEach((v, i) => paths.push(...keyPaths(v, [...prefix, i])));
  else if (isRecord(root)) {
    for (const [k, v] of Object.entries(root)) {
      paths.push([...prefix, k]);
      paths.push(...keyPaths(v, [...prefix, k]));
    }
  }
  return paths;
}

/** Every path of an object (the root included) under `root`. */
function objectPaths(root: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = isRecord(root) ? [prefix] : [];
  if (Array.isArray(root)) root.forEach((v, i) => paths.push(...objectPaths(v, [...prefix, i])));
  else if (isRecord(root)) for (const [k, v] of Object.entries(root)) paths.push(...objectPaths(v, [...prefix, k]));
  return paths;
}

function at(root: unknown, path: Path): unknown {
  let cur = root;
  for (const step of path) cur = (cur as Record<string | number, unknown>)[step];
  return cur;
}

const hasKeyCi = (obj: Json, key: string) => Object.keys(obj).some((k) => k.toLowerCase() === key.toLowerCase());

const CASINGS: ((k: string) => string)[] = [
  (k) => k.toUpperCase(),
  (k) => k.toLowerCase(),
  (k) => k.charAt(0).toUpperCase() + k.slice(1),
  (k) => [...k].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
];

/** Rebuilds `obj` with `key` renamed in place (key order kept). */
function renameKey(obj: Json, key: string, to: string): void {
  const entries = Object.entries(obj);
  for (const k of Object.keys(obj)) delete obj[k];
  for (const [k, v] of entries) obj[k === key ? to : k] = v;
}

const INJECTED = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 8 }), fc.constant({ x_nested: 1 }), fc.constant([1, 'a']));

/**
 * An arbitrary perturbation of `answer`. `perturbable(path)` says which keys the spec leaves
 * unplaced; `upFloor` is the shortest path an up-move may land at (1 keeps keys off the top level,
 * for answers whose top level is the client's `{ item }` envelope).
 */
export function perturbation(answer: unknown, perturbable: (path: Path) => boolean, upFloor = 0): fc.Arbitrary<Perturbation> {
  const keys = keyPaths(answer).filter(perturbable);
  const objects = objectPaths(answer);
  const keyOps = keys.length === 0 ? [] : [fc.constantFrom<OpKind>('remove', 'case', 'up', 'down')];
  return fc
    .record({
      kind: fc.oneof(...keyOps, fc.constant<OpKind>('inject')),
      which: fc.nat(),
      variant: fc.nat(),
      injected: INJECTED,
      injectedName: fc.stringMatching(/^[a-z]{1,6}$/),
    })
    .map(({ kind, which, variant, injected, injectedName }) => apply(answer, kind, keys, objects, which, variant, injected, injectedName, upFloor));
}

function apply(
  answer: unknown,
  kind: OpKind,
  keys: Path[],
  objects: Path[],
  which: number,
  variant: number,
  injected: unknown,
  injectedName: string,
  upFloor: number,
): Perturbation {
  const body = structuredClone(answer);
  const none = (path: Path, why: string): Perturbation => ({ kind, path, describe: `no-op (${why})`, body });
  if (kind === 'inject') {
    const path = objects[which % objects.length] ?? [];
    const target = at(body, path) as Json;
    const name = `x_${injectedName}`;
    target[name] = injected;
    return { kind, path, describe: `inject ${name}=${JSON.stringify(injected)} at ${path.join('.')}`, body };
  }
  const path = keys[which % keys.length] ?? [];
  const key = String(path.at(-1));
  const parentPath = path.slice(0, -1);
  const parent = at(body, parentPath) as Json;
  const value = parent[key];
  switch (kind) {
    case 'remove':
      delete parent[key];
      return { kind, path, describe: `remove ${path.join('.')}`, body };
    case 'case': {
      const to = CASINGS[variant % CASINGS.length]?.(key) ?? key;
      if (to === key || hasKeyCi(Object.fromEntries(Object.entries(parent).filter(([k]) => k !== key)), to)) return none(path, 'same case');
      renameKey(parent, key, to);
      return { kind, path, describe: `rename ${path.join('.')} to ${to}`, body };
    }
    case 'up': {
      if (parentPath.length === 0 || parentPath.length - 1 < upFloor) return none(path, 'no object above');
      const grandParent = at(body, parentPath.slice(0, -1));
      if (!isRecord(grandParent) || hasKeyCi(grandParent, key)) return none(path, 'no free object above');
      delete parent[key];
      grandParent[key] = value;
      return { kind, path, describe: `move ${path.join('.')} up to ${parentPath.slice(0, -1).join('.') || 'the top'}`, body };
    }
    case 'down': {
      const siblings = Object.keys(parent).filter((k) => k !== key && isRecord(parent[k]) && !hasKeyCi(parent[k] as Json, key));
      const into = variant % (siblings.length + 1);
      const sibling = siblings[into];
      delete parent[key];
      if (sibling !== undefined) {
        (parent[sibling] as Json)[key] = value;
        return { kind, path, describe: `move ${path.join('.')} down into ${sibling}`, body };
      }
      const wrapper = hasKeyCi(parent, 'x_group') ? 'x_group2' : 'x_group';
      parent[wrapper] = { [key]: value };
      return { kind, path, describe: `move ${path.join('.')} down into a new ${wrapper}`, body };
    }
    case 'mistype':
      return none(path, 'mistype is a named-field perturbation');
  }
}

/** A value of another JSON type than `value`, one no schema of the spec would take in its place. */
export function mistyped(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (value === null) return true;
  return 'x_wrong';
}

/**
 * One spec-NAMED field of `answer` (one of `paths`) removed or given a value of another type, one at
 * a time: the read must still render, with only that part saying it could not be read.
 */
export function namedPerturbation(answer: unknown, paths: readonly Path[]): fc.Arbitrary<Perturbation> {
  if (paths.length === 0) throw new Error('no named field to perturb');
  return fc.record({ kind: fc.constantFrom<OpKind>('remove', 'mistype'), which: fc.nat({ max: paths.length - 1 }) }).map(({ kind, which }) => {
    const path = paths[which] as Path;
    const body = structuredClone(answer);
    const parent = at(body, path.slice(0, -1)) as Record<string | number, unknown>;
    const key = path.at(-1) as string | number;
    if (kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return { kind, path, describe: `remove ${path.join('.')}`, body };
    }
    parent[key] = mistyped(parent[key]);
    return { kind, path, describe: `mistype ${path.join('.')} as ${JSON.stringify(parent[key])}`, body };
  });
}

/** True when `path` is `prefix` or lies under it. */
export function under(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => p === path[i]);
}

/** Matches a path against a dotted pattern where `*` is any one step. */
export function matches(path: Path, pattern: string): boolean {
  const steps = pattern.split('.');
  return steps.length === path.length && steps.every((s, i) => s === '*' || s === String(path[i]));
}
