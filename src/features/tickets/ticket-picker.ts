/**
 * Options for the ticket picker (an external select): digits (`12`, `#12`) look a ticket up by
 * number, anything else searches titles.
 *
 * Slack waits 3 seconds for options, and a person typing sends one request per pause; a crowd (or a
 * retrying client) can send hundreds at once. So:
 * - answers are cached per view, project and query for 30 s (an LRU of `CACHE_MAX_ENTRIES`), and
 *   concurrent identical requests share one service call (single flight);
 * - at most `PICKER_CONCURRENCY` searches are sent at once (p-limit); a waiting search is dropped
 *   unsent when its budget has passed or a newer query of the same view replaced it;
 * - every request is answered within `SEARCH_BUDGET_MS`: with the search, else the last answer for
 *   that query (even past its 30 s), else no tickets and a hint option to type again.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { RadarDeps } from '../../deps.js';
import type { ListTicketsQuery } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { plainTitle } from '../board/views/ticket-format.js';
import { LIMITS, option, type PlainOption } from '../../slack/blocks/index.js';
import { checkedContext } from '../board/modal-context.js';
import { ticketOption } from './views/comment-modal.js';

const SEARCH_BUDGET_MS = 2_500;
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 2_000;
const PICKER_CONCURRENCY = 4;

/** The value of the hint option; never a ticket id (comment-submit treats it as no ticket chosen). */
export const PICKER_HINT_VALUE = 'radar-hint:searching';
const hintOption = () => option('Still searching… type again in a moment', PICKER_HINT_VALUE);

export function isPickerHint(value: string | null | undefined): boolean {
  return value === PICKER_HINT_VALUE;
}

/** The list query a typed text stands for. */
export function pickerQuery(typed: string): ListTicketsQuery {
  const text = typed.trim();
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  return number ? { number: Number(number), closed: 'all' } : { q: text, closed: 'all' };
}

type Options = PlainOption[];

interface Entry {
  /** When `options` were read (epoch ms); absent until the first answer. */
  at?: number;
  options?: Options;
  /** The search under way; resolves to null when it failed or was dropped unsent. */
  pending?: Promise<Options | null>;
}

export interface PickerSearch {
  /** The options for `typed` in `viewId`, within the budget. */
  answer(viewId: string, projectId: string, typed: string): Promise<Options>;
}

export function createPickerSearch(deps: Pick<RadarDeps, 'service' | 'logger'>, clock: () => number = () => performance.now()): PickerSearch {
  /** At most `CACHE_MAX_ENTRIES`, the least recently asked out first; an answer past its 30 s stays as a fallback. */
  const cache = new LRUCache<string, Entry>({ max: CACHE_MAX_ENTRIES });
  const latestSeq = new Map<string, number>();
  const limit = pLimit(PICKER_CONCURRENCY);
  let seq = 0;

  /** Runs `search` when a slot is free, or resolves null if it could not start in time or was replaced. */
  const queued = (viewId: string, search: () => Promise<Options>): Promise<Options | null> => {
    const mine = ++seq;
    latestSeq.set(viewId, mine);
    const deadline = clock() + SEARCH_BUDGET_MS;
    return limit(async () => {
      if (deadline <= clock() || (latestSeq.get(viewId) ?? mine) > mine) return null;
      return search().catch((error: unknown) => {
        deps.logger.info('ticket search failed', { error });
        return null;
      });
    });
  };

  const search = (key: string, viewId: string, projectId: string, typed: string, entry: Entry): Promise<Options | null> => {
    const pending = queued(viewId, async () => {
      const list = await deps.service.listTickets(projectId, pickerQuery(typed));
      // A ticket Radar could not read cannot be offered: the others are.
      return readable(list.items)
        .slice(0, LIMITS.optionsPerSelect)
        .map((ticket) => ticketOption({ id: ticket.id, number: ticket.number, title: plainTitle(ticket) }));
    }).then((options) => {
      entry.pending = undefined;
      if (options) {
        entry.options = options;
        entry.at = clock();
      } else if (!entry.options && cache.peek(key) === entry) {
        cache.delete(key);
      }
      return options;
    });
    entry.pending = pending;
    return pending;
  };

  return {
    async answer(viewId, projectId, typed) {
      const key = JSON.stringify([viewId, projectId, pickerQuery(typed)]);
      let entry = cache.get(key);
      if (entry?.options && entry.at !== undefined && clock() - entry.at < CACHE_TTL_MS) return entry.options;
      if (!entry) {
        entry = {};
        cache.set(key, entry);
      }
      const pending = entry.pending ?? search(key, viewId, projectId, typed, entry);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SEARCH_BUDGET_MS);
        timer.unref();
      });
      const found = await Promise.race([pending, late]);
      clearTimeout(timer);
      return found ?? entry.options ?? [hintOption()];
    },
  };
}

export function ticketPicker(deps: RadarDeps) {
  const picker = createPickerSearch(deps);
  return async ({ ack, body }: SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs): Promise<void> => {
    // Only a modal Radar opened for this person, on the channel's current project, is searched.
    const checked = await checkedContext(deps, { team: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id }, body.view?.private_metadata);
    if ('refusal' in checked) {
      deps.logger.info('refused an options request', { user: body.user.id });
      await ack({ options: [] });
      return;
    }
    const { projectId } = checked.ctx;
    const viewId = body.view?.id ?? body.container?.view_id ?? '';
    await ack({ options: await picker.answer(String(viewId), projectId, body.value) });
  };
}
