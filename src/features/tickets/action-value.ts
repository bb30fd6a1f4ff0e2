/**
 * The `value` of a shown ticket's buttons and select options: the project and ticket they act on,
 * and for selects the choice (a column, a member). Separated by `|`, which ids never contain.
 */
import { LIMITS } from '../../slack/blocks/index.js';

export interface TicketActionValue {
  projectId: string;
  ticketId: string;
  /** A column for a move, a member's user id for an assignment. */
  choice?: string;
}

export function encodeAction(value: TicketActionValue): string {
  const parts = [value.projectId, value.ticketId, ...(value.choice !== undefined ? [value.choice] : [])];
  if (parts.some((p) => p.includes('|'))) throw new Error('ids in an action value must not contain "|"');
  const encoded = parts.join('|');
  if (encoded.length > LIMITS.optionValue) throw new Error(`action value over ${LIMITS.optionValue} characters`);
  return encoded;
}

export function decodeAction(encoded: string | undefined): TicketActionValue {
  const [projectId, ticketId, choice] = (encoded ?? '').split('|');
  if (!projectId || !ticketId) throw new Error('not a ticket action value');
  return { projectId, ticketId, ...(choice !== undefined ? { choice } : {}) };
}
