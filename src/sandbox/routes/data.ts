/**
 * The route modules' mutable state, one per sandbox: a private copy of the seed projects (briefing
 * editions are added to it), the scans, and the board tickets each briefing edition touched.
 */
import type { SandboxState } from '../types.js';
import type { ProjectSeed } from '../seed/types.js';
import { seedProjects } from '../seed.js';
import type { ScanRecord } from './scans/model.js';

/** What an edition did on the board (spec 2.6 `tickets`). */
export interface EditionTickets {
  opened: string[];
  alreadyOnBoard: { ticketId: string; move: string; status: string }[];
  recheckedUnchanged: string[];
}

export interface RouteData {
  projects: Map<string, ProjectSeed>;
  /** Keyed by briefing run id; filled when an edition's moves are put on the board. */
  editionTickets: Map<string, EditionTickets>;
  scans: Map<string, ScanRecord>;
  /** Sequence for ids minted at run time (editions, scans). */
  sequence: number;
}

const DATA = new WeakMap<SandboxState, RouteData>();

/** The seed laid out before the sandbox clock's current reading. */
function fresh(state: SandboxState): RouteData {
  return { projects: new Map(seedProjects(state.now()).map((p) => [p.id, p])), editionTickets: new Map(), scans: new Map(), sequence: 0 };
}

/** The route state of this sandbox, created from the seed on first use. */
export function routeData(state: SandboxState): RouteData {
  let data = DATA.get(state);
  if (!data) {
    data = fresh(state);
    DATA.set(state, data);
  }
  return data;
}

/** Restores the seed: drops published editions and scans. */
export function resetRouteData(state: SandboxState): void {
  DATA.set(state, fresh(state));
}
