import type { BoardApi, BriefingTicketInput } from '../types.js';
import { ProjectBoard } from './board.js';
import { IdSource } from './ids.js';
import { MemberDirectory } from './members.js';
import { BoardError, TICKET_STATUSES } from './model.js';
import type { Member, TicketStatus } from './model.js';

/**
 * Every project's ticket board and every organisation's members. Implements `BoardApi`, through which the
 * briefing module puts an edition's moves on a board.
 */
export class TicketBoards implements BoardApi {
  private readonly boards = new Map<string, ProjectBoard>();
  private readonly directories = new Map<string, MemberDirectory>();
  private readonly ids = new IdSource();

  constructor(private readonly now: () => number) {}

  /** Opens an (empty) board for a project of an organisation. */
  addProject(projectId: string, orgId: string): ProjectBoard {
    const board = new ProjectBoard(projectId, orgId, this.members(orgId), this.ids, this.now);
    this.boards.set(projectId, board);
    return board;
  }

  addMember(orgId: string, member: Member): void {
    this.members(orgId).add(member);
  }

  members(orgId: string): MemberDirectory {
    let directory = this.directories.get(orgId);
    if (!directory) {
      directory = new MemberDirectory();
      this.directories.set(orgId, directory);
    }
    return directory;
  }

  /** The project's board when the organisation can see it; `not_found` otherwise (also for another org's project). */
  board(projectId: string, orgId?: string): ProjectBoard {
    const board = this.boards.get(projectId);
    if (!board || (orgId !== undefined && board.orgId !== orgId)) {
      throw new BoardError('not_found', `Project ${projectId} not found`);
    }
    return board;
  }

  openBriefingTicket(projectId: string, input: BriefingTicketInput): string {
    return this.board(projectId).create({
      title: input.title,
      description: input.description,
      status: 'triage',
      origin: 'briefing',
      briefing: { runId: input.runId, dimension: input.dimension, estimatedMinutes: input.estimatedMinutes },
      impact: input.impact,
      effort: input.effort,
    }).id;
  }

  ticketIds(projectId: string): string[] {
    return this.board(projectId).orderedTickets().map((t) => t.id);
  }

  ticketStatus(projectId: string, ticketId: string): string | undefined {
    const board = this.boards.get(projectId);
    return board?.has(ticketId) ? board.ticket(ticketId).status : undefined;
  }

  countsByStatus(projectId: string): Record<TicketStatus, number> {
    const board = this.board(projectId);
    return Object.fromEntries(TICKET_STATUSES.map((s) => [s, board.column(s).length])) as Record<TicketStatus, number>;
  }
}
