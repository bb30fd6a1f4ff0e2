import type { Route } from '../types.js';

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  /** A literal segment, or null for a `:param` segment (its name is in `paramNames`). */
  segments: (string | null)[];
  paramNames: (string | null)[];
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function compile(route: Route): CompiledRoute {
  const raw = splitPath(route.pattern);
  return {
    route,
    segments: raw.map((s) => (s.startsWith(':') ? null : s)),
    paramNames: raw.map((s) => (s.startsWith(':') ? s.slice(1) : null)),
  };
}

/** Literal segments sort before parameters, position by position, so `/tickets/labels` wins over `/tickets/:id`. */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const aLiteral = a.segments[i] !== null;
    const bLiteral = b.segments[i] !== null;
    if (aLiteral !== bLiteral) return aLiteral ? -1 : 1;
  }
  return 0;
}

function shapeOf(compiled: CompiledRoute): string {
  return `${compiled.route.method} /${compiled.segments.map((s) => s ?? ':').join('/')}`;
}

/** Matches a method and path against Express-like route patterns (exact match, literal segments first). */
export class Router {
  private readonly routes: CompiledRoute[];

  /** Throws when two routes have the same method and shape: one of them could never answer. */
  constructor(routes: readonly Route[]) {
    const compiled = routes.map(compile);
    const seen = new Set<string>();
    for (const c of compiled) {
      const shape = shapeOf(c);
      if (seen.has(shape)) throw new Error(`Two sandbox routes answer ${shape} (${c.route.pattern})`);
      seen.add(shape);
    }
    this.routes = compiled.sort(bySpecificity);
  }

  match(method: string, path: string): RouteMatch | undefined {
    const parts = splitPath(path);
    for (const c of this.routes) {
      if (c.route.method !== method || c.segments.length !== parts.length) continue;
      const params = matchSegments(c, parts);
      if (params) return { route: c.route, params };
    }
    return undefined;
  }
}

function matchSegments(c: CompiledRoute, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const literal = c.segments[i];
    if (literal !== null) {
      if (literal !== part) return undefined;
      continue;
    }
    try {
      params[c.paramNames[i] as string] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}
