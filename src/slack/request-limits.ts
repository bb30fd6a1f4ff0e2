/**
 * Fair use by limits, checked first: each person and each channel may send Radar so many requests a
 * window (`rate-limiter-flexible`, on the store's limiter: in memory on SQLite, in Redis when
 * replicas share state). Past it the request gets one sentence saying when to try again and
 * nothing else happens: no store write, no service call.
 *
 * One check for every mode: a Bolt global middleware registered before every other (Socket Mode
 * and the console reach it first), and the HTTP receiver, which asks the same `check` before its
 * replay claim (a store write) and hands the verdict on in the event's context, so a request is
 * counted once.
 *
 * Counted: slash commands, button presses and selects, shortcuts and modal submissions, each as a
 * request of its person and, when it has one, of its channel. A person's request refused is not
 * counted against the channel, so one person's flood never closes a channel to the others. Not
 * counted: options requests of external selects (one per keystroke; the pickers coalesce them),
 * events (the Home tab is throttled where it is built) and modals closed.
 */
import type { AllMiddlewareArgs, AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../log.js';
import type { RateLimitOptions } from '../store/backends/store.js';

export interface RequestLimitSettings {
  /** Requests one person may send per window. */
  personRequests: number;
  /** Requests one channel may send per window (everyone in it together). */
  channelRequests: number;
  /** The window, in milliseconds (counted in whole seconds). */
  windowMs: number;
}

/** What the check found: go on, or refused with the seconds until the next request is taken. */
export type FairUseVerdict = { allowed: true } | { allowed: false; by: 'person' | 'channel'; retryInS: number; sentence: string };

/** The key in Bolt's context under which the HTTP receiver hands on its verdict. */
export const FAIR_USE_CONTEXT_KEY = 'radarFairUse';

export interface RequestLimits {
  /** The verdict for a parsed Slack payload; counts it when it is a counted request. Never throws. */
  check(body: Record<string, unknown>): Promise<FairUseVerdict>;
}

const ALLOWED: FairUseVerdict = { allowed: true };
const COUNTED_TYPES = new Set(['block_actions', 'message_action', 'shortcut', 'view_submission']);

/** Who sent a counted request (team, person, channel); null for requests that are not counted. */
export function senderOf(body: Record<string, unknown>): { team: string; user: string; channel: string | null } | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (typeof body.command === 'string') {
    const user = text(body.user_id);
    return user ? { team: text(body.team_id) ?? '', user, channel: text(body.channel_id) } : null;
  }
  if (!COUNTED_TYPES.has(String(body.type))) return null;
  const user = body.user as { id?: unknown; team_id?: unknown } | undefined;
  const id = text(user?.id);
  if (!id) return null;
  const team = text((body.team as { id?: unknown } | null | undefined)?.id) ?? text(user?.team_id) ?? '';
  return { team, user: id, channel: text((body.channel as { id?: unknown } | undefined)?.id) };
}

export function createRequestLimits(
  limiter: (options: RateLimitOptions) => RateLimiterAbstract,
  settings: RequestLimitSettings,
  logger: Logger,
): RequestLimits {
  const durationS = Math.max(1, Math.round(settings.windowMs / 1000));
  const person = limiter({ name: 'fair-use-person', points: settings.personRequests, durationS });
  const channel = limiter({ name: 'fair-use-channel', points: settings.channelRequests, durationS });
  const refused = (by: 'person' | 'channel', res: RateLimiterRes): FairUseVerdict => {
    const retryInS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const who = by === 'person' ? 'You have' : 'This channel has';
    const points = by === 'person' ? settings.personRequests : settings.channelRequests;
    return { allowed: false, by, retryInS, sentence: `${who} sent Radar ${points} requests in ${durationS} s, its limit; try again in ${retryInS} s.` };
  };
  /** Consumes one point; null when allowed, the refusal otherwise. A limiter that fails lets the request through, logged. */
  const consume = async (which: RateLimiterAbstract, key: string, by: 'person' | 'channel'): Promise<FairUseVerdict | null> => {
    try {
      await which.consume(key);
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return refused(by, error);
      logger.warn('the request limit could not be checked; the request goes on', { limit: by, error });
      return null;
    }
  };
  return {
    async check(body) {
      const who = senderOf(body);
      if (!who) return ALLOWED;
      const byPerson = await consume(person, `${who.team}:${who.user}`, 'person');
      if (byPerson) return byPerson;
      const byChannel = who.channel ? await consume(channel, `${who.team}:${who.channel}`, 'channel') : null;
      return byChannel ?? ALLOWED;
    },
  };
}

/**
 * The Bolt global middleware: registered first, so a refused request goes no further. It takes the
 * HTTP receiver's verdict from the context when there is one, else checks here (Socket Mode, the
 * console). A refusal is answered where the request can be: a command in its ack, a button or a
 * message shortcut at its response URL, a modal submission by a small modal pushed over it, a
 * global shortcut by a small modal opened.
 */
export function fairUseMiddleware(limits: RequestLimits, logger: Logger): Middleware<AnyMiddlewareArgs> {
  // One line per person (or channel) refused, until their wait is over: a flood is one line, not a thousand.
  const told = new LRUCache<string, true>({ max: 10_000 });
  return async (args) => {
    const handed = (args.context as Record<string, unknown>)[FAIR_USE_CONTEXT_KEY] as FairUseVerdict | undefined;
    const verdict = handed ?? (await limits.check(args.body as Record<string, unknown>));
    if (verdict.allowed) {
      await args.next();
      return;
    }
    const who = senderOf(args.body as Record<string, unknown>);
    const key = `${verdict.by}:${who?.team}:${verdict.by === 'person' ? who?.user : who?.channel}`;
    if (!told.has(key)) {
      told.set(key, true, { ttl: verdict.retryInS * 1000 });
      logger.info('refused a request over its fair-use limit (further refusals until it passes are not logged)', {
        limit: verdict.by,
        retryInS: verdict.retryInS,
        team: who?.team,
        user: who?.user,
        channel: who?.channel,
      });
    }
    await answerRefusal(args as AnyMiddlewareArgs & AllMiddlewareArgs, verdict.sentence).catch((error: unknown) =>
      logger.debug('could not deliver the fair-use refusal', { error }),
    );
  };
}

/** Answers a request with one sentence where it can be (see `fairUseMiddleware`); nothing else happens. */
export async function answerRefusal(args: AnyMiddlewareArgs & AllMiddlewareArgs, sentence: string): Promise<void> {
  const body = args.body as Record<string, unknown>;
  const ack = 'ack' in args && typeof args.ack === 'function' ? (args.ack as (response?: unknown) => Promise<void>) : null;
  if (typeof body.command === 'string') {
    await ack?.({ response_type: 'ephemeral', text: sentence });
    return;
  }
  const modal = { type: 'modal', title: { type: 'plain_text', text: 'Radar' }, blocks: [{ type: 'section', text: { type: 'plain_text', text: sentence } }] };
  if (body.type === 'view_submission') {
    await ack?.({ response_action: 'push', view: modal });
    return;
  }
  await ack?.();
  if ('respond' in args && typeof args.respond === 'function' && typeof body.response_url === 'string') {
    await args.respond({ response_type: 'ephemeral', replace_original: false, text: sentence });
  } else if (body.type === 'shortcut' && typeof body.trigger_id === 'string') {
    await args.client.views.open({ trigger_id: body.trigger_id, view: modal as never });
  }
}
