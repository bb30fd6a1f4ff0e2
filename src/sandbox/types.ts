/**
 * The contract between the sandbox's parts: the HTTP core (server, auth, rate limits, faults, clock,
 * control surface, tickets) and the route modules for reads, briefings, scans and tools.
 *
 * A route module exports `function xxxRoutes(state: SandboxState): Route[]`; the core mounts them.
 * The core calls the mount list again with a fresh `SandboxState` on `POST /__sandbox/reset`, so data a
 * module keeps in the closure of that call (or keyed by that state object) returns to its seed on reset.
 */

import type { z } from 'zod';

export type Scope = 'none' | 'read' | 'write';

/**
 * What a route serves, in zod: the sandbox validates requests with it and checks its own answers
 * against it, and `GET /v1/docs/openapi.json` is generated from it (`src/sandbox/docs/`), so the
 * document cannot drift from the routes.
 */
export interface RouteDoc {
  /** One line for the document. */
  summary: string;
  /**
   * The query parameters, as parsed values (`z.coerce.number()`, `z.stringbool()`, enums). The core
   * refuses a query that does not parse with 400 `invalid_parameters` before the handler runs.
   */
  query?: z.ZodObject;
  /** The JSON body; the core refuses one that does not parse with 400 `invalid_parameters` (after auth). */
  body?: z.ZodType;
  /** The answer; every answer the handler gives is checked against it (a mismatch is a 500). */
  response: z.ZodType;
  /** Content type of the answer when it is not JSON (the body is then sent as the string it is). */
  contentType?: string;
  /** Error statuses the handler itself answers (the core adds 401, 402, 403 and 429 from the route's flags). */
  errors?: readonly number[];
}

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (undefined when the request had none). */
  body: unknown;
  /** The organisation the API key belongs to (null only on routes with scope 'none'). */
  org: SandboxOrg | null;
  /** The key's scope: 'read' or 'read_write'. */
  keyScope: 'read' | 'read_write' | null;
  /** The sandbox clock, in epoch milliseconds (moved by the control surface). */
  now(): number;
}

export interface RouteResult {
  status?: number;
  /** JSON, or a string sent as-is when the route's doc names a `contentType`. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express-like pattern: '/v1/projects/:projectId/pricing'. Matched exactly, literal segments first. */
  pattern: string;
  /** 'none' needs no key; 'read' any valid key; 'write' a read_write key (403 insufficient_scope otherwise). */
  scope: Scope;
  /** Free-tool and ticket endpoints are rate limited per key (spec 8). */
  rateLimited?: boolean;
  /** Free tools that fetch or scan need a plan: 402 subscription_required without one (spec 5.6). */
  needsPlan?: boolean;
  /** Its description (every `/v1/` route has one; control routes under `/__sandbox/` may not). */
  doc?: RouteDoc;
  handler(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

/** Thrown by handlers to answer with the spec's error envelope (spec 7). */
export class SandboxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface SandboxOrg {
  id: string;
  name: string;
  hasPlan: boolean;
}

/** The ticket board API the briefing module uses to put an edition's moves on the board. */
export interface BriefingTicketInput {
  title: string;
  description: string;
  dimension: string;
  runId: string;
  estimatedMinutes: number | null;
  impact: 1 | 2 | 3 | 4 | null;
  effort: 'low' | 'medium' | 'high' | null;
}

export interface BoardApi {
  /** Opens a briefing ticket in triage (top of column), origin 'briefing', deletable false. Returns its id. */
  openBriefingTicket(projectId: string, input: BriefingTicketInput): string;
  /** Ids of tickets on the project's board, all columns, in board order. */
  ticketIds(projectId: string): string[];
  /** Status of a ticket, or undefined when it does not exist. */
  ticketStatus(projectId: string, ticketId: string): string | undefined;
  /** Counts per column for the project's board. */
  countsByStatus(projectId: string): Record<'triage' | 'todo' | 'in_progress' | 'done' | 'dismissed', number>;
}

export interface SandboxState {
  /** Speed multiplier: durations from the spec are divided by it (1 = real time, 1000 = milliseconds). */
  speed: number;
  now(): number;
  orgs: SandboxOrg[];
  board: BoardApi;
}
