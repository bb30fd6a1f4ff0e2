/**
 * Options for the ticket picker (an external select): digits (`12`, `#12`) look a ticket up by
 * number, anything else searches titles. Slack waits 3 seconds for options, so a slow search
 * answers with none rather than never.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { ListTicketsQuery } from '../../service/index.js';
import { LIMITS } from '../../slack/blocks/index.js';
import { decodeContext } from './modal-context.js';
import { ticketOption } from './views/comment-modal.js';

const SEARCH_BUDGET_MS = 2_500;

/** The list query a typed text stands for. */
export function pickerQuery(typed: string): ListTicketsQuery {
  const text = typed.trim();
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  return number ? { number: Number(number), closed: 'all' } : { q: text, closed: 'all' };
}

export function ticketPicker(deps: RadarDeps) {
  return async ({ ack, body }: SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs): Promise<void> => {
    const { projectId } = decodeContext(body.view?.private_metadata);
    const search = deps.service.listTickets(projectId, pickerQuery(body.value)).then(
      (list) => list.items.slice(0, LIMITS.optionsPerSelect).map(ticketOption),
      (error: unknown) => {
        deps.logger.info('ticket search failed', { error, project: projectId });
        return [];
      },
    );
    const timeout = new Promise<[]>((resolve) => setTimeout(() => resolve([]), SEARCH_BUDGET_MS).unref());
    await ack({ options: await Promise.race([search, timeout]) });
  };
}
