import { SandboxHttpError } from '../types.js';
import type { Route, RouteContext, RouteDoc, RouteResult } from '../types.js';
import type { ProjectBoard } from './board.js';
import type { TicketBoards } from './boards.js';
import { listTickets } from './list.js';
import { BoardError } from './model.js';
import type { BoardErrorKind } from './model.js';
import { parseCommentBody, parseCreateBody, parseLabelBody, parseListQuery, parseMoveBody, parseUpdateBody } from './validate.js';
import * as S from './schemas.js';
import { commentView, ticketView } from './views.js';

const HTTP_FOR: Record<BoardErrorKind, [number, string]> = {
  not_found: [404, 'project_not_found'],
  invalid: [400, 'invalid_parameters'],
  limit: [400, 'bad_request'],
  not_deletable: [400, 'bad_request'],
  forbidden: [403, 'forbidden'],
};

/** Resolves the caller's board and maps board refusals to the spec's error envelope. */
function onBoard(boards: TicketBoards, run: (board: ProjectBoard, ctx: RouteContext) => unknown): Route['handler'] {
  return (ctx): RouteResult => {
    try {
      const board = boards.board(ctx.params.projectId ?? '', ctx.org?.id ?? '');
      return { body: run(board, ctx) };
    } catch (error) {
      if (!(error instanceof BoardError)) throw error;
      const [status, code] = HTTP_FOR[error.kind];
      throw new SandboxHttpError(status, code, error.message);
    }
  };
}

const BASE = '/v1/projects/:projectId/tickets';

function route(method: Route['method'], path: string, scope: 'read' | 'write', doc: RouteDoc, handler: Route['handler']): Route {
  return { method, pattern: BASE + path, scope, rateLimited: true, doc, handler };
}

const E404 = [404] as const;
const E400 = [400, 404] as const;

/** The ticket, comment, label and assignee endpoints of spec 4.6 (all rate limited; writes need read_write). */
export function ticketRoutes(boards: TicketBoards): Route[] {
  const p = (ctx: RouteContext, name: string): string => ctx.params[name] ?? '';
  const labels = (board: ProjectBoard) => ({ items: board.labels() });

  return [
    route('GET', '', 'read', { summary: 'The board: tickets in board order.', query: S.listQuery, response: S.ticketList, errors: E400 }, onBoard(boards, (board, ctx) => {
      const { filters, includeDescription } = parseListQuery(ctx.query);
      const { tickets, total, hasMore } = listTickets(board, filters, ctx.now());
      return { items: tickets.map((t) => ticketView(board, t, includeDescription)), total, hasMore };
    })),
    route('POST', '', 'write', { summary: 'Creates a ticket at the top of its column.', body: S.createBody, response: S.ticketItem, errors: E400 }, onBoard(boards, (board, ctx) => ({
      item: ticketView(board, board.create(parseCreateBody(ctx.body)), true),
    }))),

    route('GET', '/labels', 'read', { summary: 'The project\'s labels, in its order.', response: S.labelItems, errors: E404 }, onBoard(boards, labels)),
    route('POST', '/labels', 'write', { summary: 'Adds a label; answers the whole list.', body: S.labelBody, response: S.labelItems, errors: E400 }, onBoard(boards, (board, ctx) => {
      board.addLabel(parseLabelBody(ctx.body));
      return labels(board);
    })),
    route('PATCH', '/labels/:labelId', 'write', { summary: 'Renames or recolours a label; answers the whole list.', body: S.labelBody, response: S.labelItems, errors: E400 }, onBoard(boards, (board, ctx) => {
      board.updateLabel(p(ctx, 'labelId'), parseLabelBody(ctx.body));
      return labels(board);
    })),
    route('DELETE', '/labels/:labelId', 'write', { summary: 'Deletes a label from the project and every ticket; answers the whole list.', response: S.labelItems, errors: E404 }, onBoard(boards, (board, ctx) => {
      board.removeLabel(p(ctx, 'labelId'));
      return labels(board);
    })),

    route('GET', '/assignees', 'read', { summary: 'Current organisation members.', response: S.assigneeItems, errors: E404 }, onBoard(boards, (board) => ({ items: board.members.current() }))),

    route('GET', '/:ticketId', 'read', { summary: 'One ticket, with its description.', response: S.ticketItem, errors: E404 }, onBoard(boards, (board, ctx) => ({
      item: ticketView(board, board.ticket(p(ctx, 'ticketId')), true),
    }))),
    route('PATCH', '/:ticketId', 'write', { summary: 'Edits a ticket (no column or position).', body: S.updateBody, response: S.ticketItem, errors: E400 }, onBoard(boards, (board, ctx) => {
      const patch = parseUpdateBody(ctx.body);
      return { item: ticketView(board, board.update(p(ctx, 'ticketId'), patch), true) };
    })),
    route('DELETE', '/:ticketId', 'write', { summary: 'Deletes a deletable ticket.', response: S.deleteResultSchema, errors: E400 }, onBoard(boards, (board, ctx) => {
      const id = p(ctx, 'ticketId');
      board.remove(id);
      return { item: { success: true, id } };
    })),
    route('PATCH', '/:ticketId/move', 'write', { summary: 'Moves a ticket to a column and place.', body: S.moveBody, response: S.ticketItem, errors: E400 }, onBoard(boards, (board, ctx) => {
      const move = parseMoveBody(ctx.body);
      return { item: ticketView(board, board.move(p(ctx, 'ticketId'), move), true) };
    })),

    route('GET', '/:ticketId/comments', 'read', { summary: 'A ticket\'s comments, oldest first.', response: S.commentItems, errors: E404 }, onBoard(boards, (board, ctx) => ({
      items: board.commentsOf(p(ctx, 'ticketId')).map(commentView),
    }))),
    route('POST', '/:ticketId/comments', 'write', { summary: 'Adds a comment written by the key.', body: S.commentBody, response: S.commentItem, errors: E400 }, onBoard(boards, (board, ctx) => {
      const body = parseCommentBody(ctx.body);
      return { item: commentView(board.addComment(p(ctx, 'ticketId'), body, { origin: 'api', author: null })) };
    })),
    route('PATCH', '/:ticketId/comments/:commentId', 'write', { summary: 'Edits a comment the API wrote.', body: S.commentBody, response: S.commentItem, errors: [400, 403, 404] }, onBoard(boards, (board, ctx) => {
      const body = parseCommentBody(ctx.body);
      return { item: commentView(board.editComment(p(ctx, 'ticketId'), p(ctx, 'commentId'), body)) };
    })),
    route('DELETE', '/:ticketId/comments/:commentId', 'write', { summary: 'Deletes a comment.', response: S.deleteResultSchema, errors: E404 }, onBoard(boards, (board, ctx) => {
      const id = p(ctx, 'commentId');
      board.removeComment(p(ctx, 'ticketId'), id);
      return { item: { success: true, id } };
    })),
  ];
}
