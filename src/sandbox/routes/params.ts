/** Shared request handling for the read routes: project lookup, paging and query validation. */
import type { RouteContext, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { ProjectSeed } from '../seed/types.js';
import { routeData } from './data.js';

export function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_parameters', message);
}

/** The project named by `:projectId`, visible to the asking organisation; 404 `project_not_found` otherwise. */
export function requireProject(state: SandboxState, ctx: RouteContext): ProjectSeed {
  const id = ctx.params.projectId ?? '';
  const project = routeData(state).projects.get(id);
  if (!project || project.organizationId !== ctx.org?.id) {
    throw new SandboxHttpError(404, 'project_not_found', `Project ${id} was not found.`);
  }
  return project;
}

/** An integer query parameter within [min, max], or the fallback when absent. */
export function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}.`);
  }
  return value;
}

export function boolParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw invalid(`${name} must be true or false.`);
}

export function enumParam<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw invalid(`${name} must be one of ${allowed.join(', ')}.`);
  return raw as T;
}

export interface Paging {
  page: number;
  limit: number;
}

/** `page` (min 1, default 1) and `limit` (1 to 100, default 20), spec 8. */
export function pagingParams(query: URLSearchParams): Paging {
  return { page: intParam(query, 'page', 1, 1), limit: intParam(query, 'limit', 20, 1, 100) };
}

/** One page of `all` with the spec's pagination object (2.1). */
export function paginate<T>(all: readonly T[], { page, limit }: Paging): { items: T[]; pagination: Record<string, unknown> } {
  const totalPages = Math.ceil(all.length / limit);
  return {
    items: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: all.length, totalPages, hasMore: page < totalPages },
  };
}

export function noData(what: string): SandboxHttpError {
  return new SandboxHttpError(404, 'no_data_available', `No completed ${what} run exists for this project yet.`);
}
