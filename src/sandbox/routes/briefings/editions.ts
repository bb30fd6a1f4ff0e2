/**
 * Briefing editions and the board: a done edition's moves become briefing tickets (spec 3.1), and
 * the control surface publishes, starts and finishes runs. These functions are also the in-process API.
 */
import type { SandboxState } from '../../types.js';
import { SandboxHttpError } from '../../types.js';
import type { BriefingMoveSeed, BriefingRunSeed, ProjectSeed } from '../../seed/types.js';
import { moveLibrary } from '../../seed/briefings.js';
import { hexId } from '../../seed/ids.js';
import type { EditionTickets } from '../data.js';
import { routeData } from '../data.js';

function projectFor(state: SandboxState, projectId: string): ProjectSeed {
  const project = routeData(state).projects.get(projectId);
  if (!project) throw new SandboxHttpError(404, 'project_not_found', `Project ${projectId} was not found.`);
  return project;
}

/** Opens the moves as tickets, least important first, so the most important ends on top of triage. */
function openMoves(state: SandboxState, projectId: string, run: BriefingRunSeed): string[] {
  const ids = [...run.moves].reverse().map((move) => state.board.openBriefingTicket(projectId, { ...move, runId: run.runId }));
  return ids.reverse();
}

/** Puts one done edition on the board: its moves opened; the previous edition's top moves re-found. */
function recordEdition(state: SandboxState, project: ProjectSeed, run: BriefingRunSeed, previousRun: BriefingRunSeed | undefined): void {
  const data = routeData(state);
  const opened = openMoves(state, project.id, run);
  const [again, rechecked] = previousRun ? (data.editionTickets.get(previousRun.runId)?.opened ?? []) : [];
  const tickets: EditionTickets = {
    opened,
    alreadyOnBoard: again ? [{ ticketId: again, move: previousRun?.moves[0]?.title ?? '', status: state.board.ticketStatus(project.id, again) ?? 'triage' }] : [],
    recheckedUnchanged: rechecked ? [rechecked] : [],
  };
  data.editionTickets.set(run.runId, tickets);
}

function doneRunsOldestFirst(project: ProjectSeed): BriefingRunSeed[] {
  return project.briefings.filter((r) => r.status === 'done').reverse();
}

/**
 * Makes sure every done edition of the project has its tickets on the board. Seeded editions are put
 * there on first use, and again when the board was reset underneath (briefing tickets cannot be deleted,
 * so a missing one means the board started over).
 */
export function ensureEditionTickets(state: SandboxState, project: ProjectSeed): void {
  const data = routeData(state);
  const done = doneRunsOldestFirst(project);
  const intact = done.every((run) => data.editionTickets.get(run.runId)?.opened.every((id) => state.board.ticketStatus(project.id, id) !== undefined));
  if (intact) return;
  done.forEach((run, i) => recordEdition(state, project, run, done[i - 1]));
}

/** Puts every seeded project's done editions on its board, so the board holds them from the start (reading a briefing never changes it). */
export function seedEditionTickets(state: SandboxState): void {
  for (const project of routeData(state).projects.values()) ensureEditionTickets(state, project);
}

/** The 1-based number of a done edition, counted from the oldest; null for other runs. */
export function editionNumber(project: ProjectSeed, run: BriefingRunSeed): number | null {
  if (run.status !== 'done') return null;
  return doneRunsOldestFirst(project).indexOf(run) + 1;
}

function nextRunId(state: SandboxState, projectId: string): string {
  const data = routeData(state);
  data.sequence += 1;
  return hexId('run', `published:${projectId}:${data.sequence}`);
}

/** `count` moves naming the project's own competitors, cycling through the library. */
function movesFor(state: SandboxState, project: ProjectSeed, count: number): BriefingMoveSeed[] {
  const start = routeData(state).sequence;
  const library = moveLibrary(project.competitors.filter((c) => !c.isOwn).map((c) => c.name));
  return Array.from({ length: count }, (_, i) => library[(start + i) % library.length] as BriefingMoveSeed);
}

const DEFAULT_COVERAGE = ['Edition published through the sandbox control surface.'];

function completeRun(state: SandboxState, project: ProjectSeed, run: BriefingRunSeed, headline: string | undefined, opened: number): void {
  ensureEditionTickets(state, project);
  const latestDone = project.briefings.find((r) => r.status === 'done' && r !== run);
  run.status = 'done';
  run.briefingDate = new Date(state.now()).toISOString();
  run.headline = headline ?? 'Fresh edition: the market moved this week.';
  run.diagnosis = latestDone?.diagnosis ?? [];
  run.coverage = DEFAULT_COVERAGE;
  run.moves = movesFor(state, project, opened);
  delete run.progress;
  recordEdition(state, project, run, latestDone);
}

export interface PublishOptions {
  status?: 'done' | 'running' | 'failed';
  headline?: string;
  /** How many new moves a done edition opens as tickets (default 3). */
  opened?: number;
}

export interface PublishedRun {
  runId: string;
  status: 'done' | 'running' | 'failed';
  editionNumber: number | null;
  opened: string[];
}

function published(state: SandboxState, project: ProjectSeed, run: BriefingRunSeed): PublishedRun {
  return { runId: run.runId, status: run.status, editionNumber: editionNumber(project, run), opened: routeData(state).editionTickets.get(run.runId)?.opened ?? [] };
}

/** Publishes a new run on top of the project's history: a done edition (its moves opened on the board), or a running or failed run. */
export function publishEdition(state: SandboxState, projectId: string, opts: PublishOptions = {}): PublishedRun {
  const project = projectFor(state, projectId);
  const now = new Date(state.now()).toISOString();
  const run: BriefingRunSeed = { runId: nextRunId(state, projectId), status: 'running', startedAt: now, briefingDate: null, headline: null, diagnosis: [], coverage: [], moves: [] };
  project.briefings.unshift(run);
  const status = opts.status ?? 'done';
  if (status === 'running') run.progress = { step: 'collecting_signals', startedAt: now, updatedAt: now };
  if (status === 'failed') run.status = 'failed';
  if (status === 'done') completeRun(state, project, run, opts.headline, opts.opened ?? 3);
  return published(state, project, run);
}

/** Ends a running run: `done` publishes it as the next edition (3 moves opened), `failed` records the failure. */
export function finishRun(state: SandboxState, projectId: string, runId: string, status: 'done' | 'failed', opts: Omit<PublishOptions, 'status'> = {}): PublishedRun {
  const project = projectFor(state, projectId);
  const run = project.briefings.find((r) => r.runId === runId);
  if (!run) throw new SandboxHttpError(404, 'run_not_found', `Run ${runId} is not a run of this project.`);
  if (run.status !== 'running') throw new SandboxHttpError(400, 'invalid_parameters', `Run ${runId} is ${run.status}, not running.`);
  if (status === 'failed') {
    run.status = 'failed';
    delete run.progress;
  } else {
    completeRun(state, project, run, opts.headline, opts.opened ?? 3);
  }
  return published(state, project, run);
}
