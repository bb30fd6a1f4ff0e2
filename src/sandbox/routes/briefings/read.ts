/** Strategic briefing reads (spec 2.6, 3.3, 4.5): latest run in any state, history, one run. */
import * as z from 'zod';
import { boolQuery, calendarDay, pageOf, pagingQuery, timestamp } from '../../docs/schemas.js';
import type { Route, RouteContext, SandboxState } from '../../types.js';
import { SandboxHttpError } from '../../types.js';
import type { BriefingRunSeed, Json, ProjectSeed } from '../../seed/types.js';
import { RUN_ID_PATTERN } from '../../seed/ids.js';
import { routeData } from '../data.js';
import { boolParam, invalid, paginate, pagingParams, requireProject } from '../params.js';
import { editionNumber, ensureEditionTickets } from './editions.js';

/** The dimension keys the sandbox knows (spec 4.5 names seven of fourteen). */
const DEEP_DIMENSIONS = ['ai-visibility', 'ai-sources', 'positioning', 'pricing', 'content', 'tech-trust', 'agent-readiness'] as const;
const SECTIONS = ['hub', 'competitors', ...DEEP_DIMENSIONS.map((d) => `deep-${d}`)];

const RUN_STATUSES = ['done', 'running', 'failed'] as const;
const count = z.number().int();

const briefingQuery = z.object({
  sections: z.string().optional().meta({ description: `Comma-separated section names (default hub): ${SECTIONS.join(', ')}, all.` }),
  includeCharts: boolQuery().optional(),
});

const diagnosisRow = z.looseObject({ dimension: z.string(), label: z.string(), status: z.string(), note: z.string(), deepDive: z.string().optional() });
const hubBlock = z.looseObject({
  type: z.string(),
  verdict: z.string().nullable().optional().meta({ description: 'On the headline block.' }),
  rows: z.array(diagnosisRow).optional().meta({ description: 'On the diagnosis block.' }),
});

const briefingReadSchema = z.object({
  meta: z.object({
    runId: z.string().nullable(),
    status: z.enum(RUN_STATUSES).nullable(),
    editionNumber: count.nullable(),
    startedAt: timestamp.nullable(),
    briefingDate: timestamp.nullable(),
    progress: z.object({ step: z.string(), startedAt: timestamp, updatedAt: timestamp }).optional(),
  }),
  item: z
    .looseObject({ hub: z.object({ kind: z.literal('hub'), blocks: z.array(hubBlock) }).optional() })
    .meta({
      description:
        "Keyed by section. A deep-<dimension> section (structure not stated by the spec; the sandbox's pick) is { kind: 'deep-dive', dimension, title, summary, blocks }, blocks typed text { text }, list { title, items }, table { title, columns, rows } and chart { title, note, series? }; series only with includeCharts=true.",
    })
    .nullable(),
  coverage: z.object({ type: z.literal('coverage'), items: z.array(z.string()) }).nullable(),
  contains: z.array(z.string()).nullable(),
  tickets: z
    .object({
      total: count,
      byStatus: z.object({ triage: count, todo: count, in_progress: count, done: count, dismissed: count }),
      opened: z.array(z.string()),
      commented: z.array(z.object({ ticketId: z.string(), commentId: z.string(), kind: z.string(), body: z.string() })),
      alreadyOnBoard: z.array(z.object({ ticketId: z.string(), move: z.string(), status: z.string() })),
      recheckedUnchanged: z.array(z.string()),
    })
    .nullable(),
});

const historyRowSchema = z.object({
  runId: z.string(),
  editionNumber: count.nullable(),
  briefingDate: timestamp.nullable(),
  documentDate: calendarDay,
  status: z.enum(RUN_STATUSES),
  headline: z.string().nullable(),
});

/** `sections` is comma-separated (default hub); `all` asks for every section the edition holds. */
function requestedSections(query: URLSearchParams): string[] | 'all' {
  const raw = query.get('sections');
  if (raw === null) return ['hub'];
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 0) throw invalid('sections must name at least one section.');
  const unknown = names.filter((n) => n !== 'all' && !SECTIONS.includes(n));
  if (unknown.length > 0) throw invalid(`Unknown sections: ${unknown.join(', ')}. Valid: ${SECTIONS.join(', ')}, all.`);
  return names.includes('all') ? 'all' : names;
}

function contains(run: BriefingRunSeed): string[] {
  return ['hub', 'competitors', ...run.diagnosis.flatMap((row) => (row.deepDive ? [`deep-${row.deepDive}`] : []))];
}

function section(project: ProjectSeed, run: BriefingRunSeed, name: string, includeCharts: boolean): Json {
  if (name === 'hub') {
    return {
      kind: 'hub',
      blocks: [
        { type: 'headline', verdict: run.headline },
        { type: 'diagnosis', rows: run.diagnosis.map((row) => ({ ...row })) },
      ],
    };
  }
  if (name === 'competitors') {
    return { kind: 'competitors', items: project.competitors.filter((c) => !c.isOwn).map((c) => ({ competitorId: c.id, name: c.name, domain: c.domain })) };
  }
  return deepDive(project, run, name.slice('deep-'.length), includeCharts);
}

/**
 * A deep-dive section. Its structure is not shown (spec 2.6); the sandbox's pick: a title, a summary,
 * and `blocks` of four kinds (text, list, table, chart). A chart carries title and note only unless
 * `includeCharts=true`, when its `series` are added.
 */
function deepDive(project: ProjectSeed, run: BriefingRunSeed, dimension: string, includeCharts: boolean): Json {
  const row = run.diagnosis.find((r) => r.deepDive === dimension);
  const label = row?.label ?? dimension;
  const rivals = project.competitors.filter((c) => !c.isOwn).slice(0, 3);
  const chart: Json = { type: 'chart', title: `${label} over the last editions`, note: 'Own project against the tracked competitors.' };
  if (includeCharts) {
    chart.series = [
      { label: project.name, points: [48, 52, 55] },
      ...rivals.map((c, i) => ({ label: c.name, points: [50 + i * 4, 53 + i * 3, 57 + i * 2] })),
    ];
  }
  return {
    kind: 'deep-dive',
    dimension,
    title: `${label}: what moved this edition`,
    summary: row?.note ?? '',
    blocks: [
      { type: 'text', text: `${label} compared across ${rivals.length} tracked competitors since the previous edition.` },
      { type: 'list', title: 'What changed', items: rivals.map((c, i) => `${c.name} ${['gained ground', 'held steady', 'lost ground'][i % 3] ?? 'held steady'}`) },
      {
        type: 'table',
        title: 'Where each competitor stands',
        columns: ['Competitor', 'This edition', 'Previous'],
        rows: [[project.name, 55, 52], ...rivals.map((c, i) => [c.name, 57 + i * 2, 53 + i * 3])],
      },
      chart,
    ],
  };
}

function ticketsOf(state: SandboxState, project: ProjectSeed, run: BriefingRunSeed): Json {
  const t = routeData(state).editionTickets.get(run.runId) ?? { opened: [], alreadyOnBoard: [], recheckedUnchanged: [] };
  const byStatus: Record<string, number> = { triage: 0, todo: 0, in_progress: 0, done: 0, dismissed: 0 };
  const touched = [...new Set([...t.opened, ...t.alreadyOnBoard.map((a) => a.ticketId)])];
  for (const id of touched) {
    const status = state.board.ticketStatus(project.id, id);
    if (status !== undefined && status in byStatus) byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  const alreadyOnBoard = t.alreadyOnBoard.map((a) => ({ ...a, status: state.board.ticketStatus(project.id, a.ticketId) ?? a.status }));
  return { total: touched.length, byStatus, opened: t.opened, commented: [], alreadyOnBoard, recheckedUnchanged: t.recheckedUnchanged };
}

function meta(project: ProjectSeed, run: BriefingRunSeed | undefined): Json {
  if (!run) return { runId: null, status: null, editionNumber: null, startedAt: null, briefingDate: null };
  const m: Json = { runId: run.runId, status: run.status, editionNumber: editionNumber(project, run), startedAt: run.startedAt, briefingDate: run.briefingDate };
  if (run.progress) m.progress = run.progress;
  return m;
}

function briefingRead(state: SandboxState, ctx: RouteContext, project: ProjectSeed, run: BriefingRunSeed | undefined): Json {
  const wanted = requestedSections(ctx.query);
  const includeCharts = boolParam(ctx.query, 'includeCharts', false);
  if (!run || run.status !== 'done') return { meta: meta(project, run), item: null, coverage: null, contains: null, tickets: null };
  ensureEditionTickets(state, project);
  const held = contains(run);
  const names = wanted === 'all' ? held : wanted.filter((n) => held.includes(n));
  return {
    meta: meta(project, run),
    item: Object.fromEntries(names.map((n) => [n, section(project, run, n, includeCharts)])),
    coverage: { type: 'coverage', items: run.coverage },
    contains: held,
    tickets: ticketsOf(state, project, run),
  };
}

function historyRow(project: ProjectSeed, run: BriefingRunSeed): Json {
  return {
    runId: run.runId,
    editionNumber: editionNumber(project, run),
    briefingDate: run.briefingDate,
    documentDate: (run.briefingDate ?? run.startedAt).slice(0, 10),
    status: run.status,
    headline: run.status === 'done' ? run.headline : null,
  };
}

export function briefingReadRoutes(state: SandboxState): Route[] {
  const base = '/v1/projects/:projectId/strategic-briefing';
  return [
    {
      method: 'GET',
      pattern: base,
      scope: 'read',
      doc: { summary: 'The latest briefing run in any state.', query: briefingQuery, response: briefingReadSchema, errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        return { body: briefingRead(state, ctx, project, project.briefings[0]) };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history`,
      scope: 'read',
      doc: { summary: 'Briefing runs, newest first, failed and running ones included.', query: pagingQuery, response: pageOf(historyRowSchema), errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        return { body: paginate(project.briefings.map((r) => historyRow(project, r)), pagingParams(ctx.query)) };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history/:runId`,
      scope: 'read',
      doc: { summary: 'One briefing run.', query: briefingQuery, response: briefingReadSchema, errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        const runId = ctx.params.runId ?? '';
        if (!RUN_ID_PATTERN.test(runId)) throw new SandboxHttpError(400, 'invalid_run_id', `${runId} is not a run id.`);
        const run = project.briefings.find((r) => r.runId === runId);
        if (!run) throw new SandboxHttpError(404, 'run_not_found', `Run ${runId} is not a run of this project.`);
        return { body: briefingRead(state, ctx, project, run) };
      },
    },
  ];
}
