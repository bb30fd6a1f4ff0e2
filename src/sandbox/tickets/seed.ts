/**
 * The ticket boards' seed: members per organisation, labels, and a realistic Northwind board with 30+
 * tickets in all five columns (some closed more than 30 days ago, so `closed=recent` hides them).
 * Project ids are the route modules' seed ids; times are laid out relative to the sandbox clock.
 */
import { ORG_IDS } from '../keys.js';
import type { ProjectBoard } from './board.js';
import type { TicketBoards } from './boards.js';
import type { Effort, Impact, Member, TicketDraft, TicketStatus } from './model.js';

/** Ids tests and demos rely on. */
export const TICKET_SEED = {
  projects: {
    northwind: 'prj_northwind',
    lumen: 'prj_lumen',
    quarry: 'prj_quarry',
    sprout: 'prj_sprout',
    other: 'prj_other',
    noPlan: 'prj_noplan_site',
  },
  members: {
    maya: 'usr_maya_chen',
    tom: 'usr_tom_okafor',
    priya: 'usr_priya_raman',
    lena: 'usr_lena_fischer',
    diego: 'usr_diego_alvarez',
    /** Invited, never joined: not listed, not assignable. */
    sam: 'usr_sam_invited',
    /** Departed: not listed; their tickets read as unassigned but `assignee=usr_jonas_berg` still finds them. */
    jonas: 'usr_jonas_berg',
    otherOrg: 'usr_kim_park',
  },
} as const;

const M = TICKET_SEED.members;

const MEMBERS: Record<string, Member[]> = {
  [ORG_IDS.acme]: [
    { userId: M.maya, fullName: 'Maya Chen', state: 'active' },
    { userId: M.tom, fullName: 'Tom Okafor', state: 'active' },
    { userId: M.priya, fullName: 'Priya Raman', state: 'active' },
    { userId: M.lena, fullName: 'Lena Fischer', state: 'active' },
    { userId: M.diego, fullName: 'Diego Alvarez', state: 'active' },
    { userId: M.sam, fullName: 'Sam Whitaker', state: 'invited' },
    { userId: M.jonas, fullName: 'Jonas Berg', state: 'departed' },
  ],
  [ORG_IDS.noPlan]: [{ userId: 'usr_ines_moreau', fullName: 'Ines Moreau', state: 'active' }],
  [ORG_IDS.other]: [{ userId: M.otherOrg, fullName: 'Kim Park', state: 'active' }],
};

const LABELS = [
  { name: 'Pricing', color: '#E4572E' },
  { name: 'Messaging', color: '#17bebb' },
  { name: 'SEO', color: '#76b041' },
  { name: 'AI visibility', color: '#7e52a0' },
  { name: 'Quick win', color: '#ffc914' },
  { name: 'Needs data', color: '#2e282a' },
  { name: 'Q3 roadmap', color: '#3a86ff' },
] as const;
type LabelName = (typeof LABELS)[number]['name'];

interface SeedTicket {
  title: string;
  description?: string;
  labels?: LabelName[];
  assignee?: string;
  /** Due this many days from now (negative: overdue). */
  dueInDays?: number;
  effort?: Effort;
  impact?: Impact;
  /** Days before now the ticket reached its column (default: created then). */
  daysInColumn: number;
  comments?: { by: 'user' | 'api'; body: string; daysAgo: number }[];
  briefing?: { runId: string; dimension: string; estimatedMinutes: number | null };
}

const DAY = 24 * 60 * 60 * 1000;
const calendarDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const AUTHOR = { userId: M.maya, fullName: 'Maya Chen' };

/** Northwind's board, each column top first. */
const NORTHWIND: Record<TicketStatus, SeedTicket[]> = {
  triage: [
    { title: 'Pipedrift cut its Team plan to $24/seat', labels: ['Pricing'], impact: 4, effort: 'medium', daysInColumn: 1,
      briefing: { runId: 'run_3f9a1c2e7b40', dimension: 'pricing', estimatedMinutes: 90 },
      description: 'Pipedrift now undercuts our Starter plan by 17% on a per-seat basis. Review whether Starter should drop to $25.' },
    { title: 'HubForge is named first in 4 of 5 AI answers on "best CRM for small sales teams"', labels: ['AI visibility'], impact: 3, daysInColumn: 1,
      briefing: { runId: 'run_3f9a1c2e7b40', dimension: 'ai-visibility', estimatedMinutes: null } },
    { title: 'Closewise published a SalesLoom migration guide', labels: ['SEO'], impact: 2, effort: 'low', daysInColumn: 2 },
    { title: 'SalesLoom homepage now leads with "AI-native CRM"', labels: ['Messaging'], daysInColumn: 3 },
    { title: 'Check why our pricing page returns 403 to the crawler', labels: ['Needs data'], assignee: M.tom, effort: 'low', daysInColumn: 4 },
    { title: 'Competitor sitemap grew by 300 integration pages', labels: ['SEO'], impact: 2, daysInColumn: 5 },
  ],
  todo: [
    { title: 'Add an annual discount to match three competitors', labels: ['Pricing', 'Q3 roadmap'], assignee: M.priya, dueInDays: 30, effort: 'medium', impact: 3, daysInColumn: 6,
      comments: [{ by: 'user', body: 'Finance is fine with 15% as long as it is billed upfront.', daysAgo: 5 }] },
    { title: 'Write a "Northwind vs Pipedrift" comparison page', labels: ['SEO', 'Messaging'], assignee: M.lena, effort: 'high', impact: 3, daysInColumn: 8 },
    { title: 'Publish llms.txt for the docs site', labels: ['AI visibility', 'Quick win'], assignee: M.diego, effort: 'low', impact: 2, daysInColumn: 9 },
    { title: 'Add SOC 2 badge to the homepage footer', labels: ['Quick win'], assignee: M.tom, effort: 'low', impact: 2, dueInDays: 12, daysInColumn: 10 },
    { title: 'Refresh the startup plan value proposition', labels: ['Messaging'], impact: 2, daysInColumn: 11 },
    { title: 'Track Folk CRM as a new competitor', daysInColumn: 12 },
    { title: 'Review the G2 category we are listed in', labels: ['Needs data'], assignee: M.jonas, daysInColumn: 14 },
    { title: 'Clarify per-seat vs flat pricing in the FAQ', labels: ['Pricing'], effort: 'low', impact: 1, daysInColumn: 15 },
  ],
  in_progress: [
    { title: 'Rewrite homepage hero around pipeline forecasting', labels: ['Messaging', 'Q3 roadmap'], assignee: M.maya, dueInDays: 5, effort: 'high', impact: 4, daysInColumn: 3,
      description: '## Goal\nLead with the forecasting story, which no competitor owns.\n\n- [x] Draft copy\n- [ ] Design review',
      comments: [
        { by: 'user', body: 'First draft is in Figma, feedback welcome.', daysAgo: 3 },
        { by: 'api', body: 'Radar: positioning check on 2 competitors changed since this ticket opened.', daysAgo: 1 },
      ] },
    { title: 'Get listed in three AI-sourced "best CRM" roundups', labels: ['AI visibility'], assignee: M.diego, effort: 'medium', impact: 3, daysInColumn: 7,
      briefing: { runId: 'run_8c21d04f9e13', dimension: 'ai-sources', estimatedMinutes: 240 } },
    { title: 'Add structured pricing data (schema.org Offer)', labels: ['SEO', 'Pricing'], assignee: M.tom, effort: 'medium', impact: 2, daysInColumn: 9 },
    { title: 'Interview five churned customers about pricing', labels: ['Pricing', 'Needs data'], assignee: M.priya, dueInDays: -2, effort: 'high', impact: 3, daysInColumn: 12 },
    { title: 'Ship the HubForge import tool landing page', labels: ['SEO'], assignee: M.lena, effort: 'medium', impact: 2, daysInColumn: 16 },
    { title: 'Audit robots.txt rules for AI crawlers', labels: ['AI visibility'], assignee: M.jonas, effort: 'low', daysInColumn: 20 },
  ],
  done: [
    { title: 'Launch the free plan for two seats', labels: ['Pricing'], assignee: M.maya, effort: 'high', impact: 4, daysInColumn: 2,
      comments: [{ by: 'user', body: 'Live since Monday, 140 sign-ups in the first week.', daysAgo: 2 }] },
    { title: 'Fix broken canonical tags on integration pages', labels: ['SEO', 'Quick win'], assignee: M.tom, effort: 'low', impact: 2, daysInColumn: 8 },
    { title: 'Publish the 2026 CRM benchmark report', labels: ['SEO', 'Messaging'], assignee: M.lena, effort: 'high', impact: 3, daysInColumn: 18,
      briefing: { runId: 'run_8c21d04f9e13', dimension: 'content', estimatedMinutes: 480 } },
    { title: 'Add customer logos above the fold', labels: ['Quick win'], assignee: M.diego, effort: 'low', impact: 2, daysInColumn: 29 },
    { title: 'Match Pipedrift on a 14-day trial', labels: ['Pricing'], assignee: M.priya, impact: 2, daysInColumn: 45 },
    { title: 'Translate the pricing page into German', labels: ['Pricing'], assignee: M.lena, effort: 'medium', impact: 1, daysInColumn: 62 },
    { title: 'Remove the legacy "Enterprise Lite" tier', labels: ['Pricing'], assignee: M.jonas, daysInColumn: 90 },
  ],
  dismissed: [
    { title: 'Copy SalesLoom\'s "AI-native" tagline', labels: ['Messaging'], daysInColumn: 4,
      comments: [{ by: 'user', body: 'Not our story; we lead with forecasting.', daysAgo: 4 }] },
    { title: 'Drop prices to match Pipedrift across the board', labels: ['Pricing'], impact: 3, daysInColumn: 20,
      briefing: { runId: 'run_8c21d04f9e13', dimension: 'pricing', estimatedMinutes: 60 } },
    { title: 'Build a Chrome extension like DealStream\'s', effort: 'high', daysInColumn: 38 },
    { title: 'Sponsor the CRM Weekly newsletter', labels: ['Messaging'], daysInColumn: 75 },
  ],
};

const SMALL_BOARDS: Record<string, { status: TicketStatus; title: string; daysInColumn: number }[]> = {
  [TICKET_SEED.projects.lumen]: [
    { status: 'triage', title: 'Docsmith added an AI search tier', daysInColumn: 2 },
    { status: 'todo', title: 'Compare docs search latency with Readwell', daysInColumn: 6 },
    { status: 'done', title: 'Publish the API reference redesign', daysInColumn: 10 },
  ],
  [TICKET_SEED.projects.quarry]: [
    { status: 'todo', title: 'Tillpoint lowered card fees for startups', daysInColumn: 3 },
    { status: 'in_progress', title: 'Add a fee calculator to the pricing page', daysInColumn: 8 },
  ],
  [TICKET_SEED.projects.sprout]: [],
  [TICKET_SEED.projects.other]: [{ status: 'todo', title: 'Review the competitor list', daysInColumn: 1 }],
  [TICKET_SEED.projects.noPlan]: [{ status: 'triage', title: 'Set up monitoring for our first competitor', daysInColumn: 1 }],
};

const PROJECT_ORGS: Record<string, string> = {
  [TICKET_SEED.projects.northwind]: ORG_IDS.acme,
  [TICKET_SEED.projects.lumen]: ORG_IDS.acme,
  [TICKET_SEED.projects.quarry]: ORG_IDS.acme,
  [TICKET_SEED.projects.sprout]: ORG_IDS.acme,
  [TICKET_SEED.projects.other]: ORG_IDS.other,
  [TICKET_SEED.projects.noPlan]: ORG_IDS.noPlan,
};

function seedNorthwind(board: ProjectBoard, now: number): void {
  const labelIds = new Map(LABELS.map((l) => [l.name, board.addLabel(l).id]));
  const fullName = (userId: string): string => MEMBERS[ORG_IDS.acme]?.find((m) => m.userId === userId)?.fullName ?? userId;
  for (const [status, tickets] of Object.entries(NORTHWIND) as [TicketStatus, SeedTicket[]][]) {
    // A create lands on top, so each column is created bottom first.
    for (const seed of [...tickets].reverse()) {
      const reachedColumn = now - seed.daysInColumn * DAY;
      const draft: TicketDraft = {
        title: seed.title,
        status,
        description: seed.description ?? '',
        labelIds: (seed.labels ?? []).map((name) => labelIds.get(name) as string),
        dueDate: seed.dueInDays === undefined ? null : calendarDay(now + seed.dueInDays * DAY),
        effort: seed.effort ?? null,
        impact: seed.impact ?? null,
        origin: seed.briefing ? 'briefing' : 'user',
        author: seed.briefing ? null : AUTHOR,
        briefing: seed.briefing ?? null,
        createdAt: reachedColumn - 3 * DAY,
        statusChangedAt: reachedColumn,
      };
      const ticket = board.create(draft);
      // Departed members were assigned while still here; the stored assignee survives their departure.
      if (seed.assignee) ticket.assigneeUserId = seed.assignee;
      for (const c of seed.comments ?? []) {
        const author = c.by === 'user' ? { userId: M.priya, fullName: fullName(M.priya) } : null;
        board.addComment(ticket.id, c.body, { origin: c.by, author, createdAt: now - c.daysAgo * DAY });
      }
    }
  }
}

/** Opens every seeded project's board and fills it. */
export function seedBoards(boards: TicketBoards, now: number): void {
  for (const [orgId, members] of Object.entries(MEMBERS)) members.forEach((m) => boards.addMember(orgId, m));
  for (const [projectId, orgId] of Object.entries(PROJECT_ORGS)) {
    const board = boards.addProject(projectId, orgId);
    if (projectId === TICKET_SEED.projects.northwind) {
      seedNorthwind(board, now);
      continue;
    }
    for (const t of [...(SMALL_BOARDS[projectId] ?? [])].reverse()) {
      const at = now - t.daysInColumn * DAY;
      const first = MEMBERS[orgId]?.[0];
      const author = first ? { userId: first.userId, fullName: first.fullName } : null;
      board.create({ title: t.title, status: t.status, origin: 'user', author, createdAt: at, statusChangedAt: at });
    }
  }
}
