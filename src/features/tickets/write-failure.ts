/**
 * What a failed ticket or comment write means: whether it may have happened anyway (so Radar looks
 * before offering a retry), and the sentence the person reads.
 */
import { ServiceError } from '../../service/index.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';

export type WriteKind = 'ticket' | 'comment';

/**
 * True when the request may have reached the service although no success came back: a 5xx, no
 * answer at all (timeout, connection lost), or a 2xx whose body Radar could not read.
 */
export function mayHaveWritten(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false;
  if (error.code === 'unexpected_response') return true;
  if (error.status === null) return error.code === 'timeout' || error.code === 'network_error';
  return error.status >= 500;
}

/** Spec 8: comments per thread. */
export const COMMENTS_PER_THREAD_MAX = 500;
export const THREAD_FULL = `This ticket’s thread is full: a ticket holds at most ${COMMENTS_PER_THREAD_MAX} comments. Add the message to another ticket.`;

const ACTION: Record<WriteKind, string> = { ticket: 'create the ticket', comment: 'add the comment' };

/** One sentence (mrkdwn, escaped) saying why the write failed and what fixes it. */
export function writeFailureSentence(error: unknown, kind: WriteKind, projectName: string): string {
  if (error instanceof ServiceError) {
    if (error.code === 'insufficient_scope') {
      return `Radar couldn't ${ACTION[kind]}: the bot's key must have the read_write scope (its key is read-only). An admin can give Radar a read_write key.`;
    }
    if (error.status === 400 && error.code === 'bad_request') {
      return kind === 'ticket'
        ? 'The board is full: a project holds at most 5,000 tickets. Delete tickets nobody needs, then try again.'
        : THREAD_FULL;
    }
    if (kind === 'comment' && error.code === 'project_not_found') {
      // Ticket endpoints answer an unknown ticket id with this code too (spec 7): here, the likelier cause.
      return `The monitoring service can't find that ticket on *${escapeMrkdwn(projectName)}*'s board (it may have been deleted). Choose another ticket and submit again.`;
    }
    if (error.status === 429) {
      return `The monitoring service is rate limiting Radar, and it still refused after several tries, so Radar couldn't ${ACTION[kind]}. Please try again in a minute.`;
    }
  }
  return describeError(error, { action: ACTION[kind], projectName });
}
