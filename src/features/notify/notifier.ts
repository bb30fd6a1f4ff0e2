/**
 * The shared notifier (issue 31): what watches, tickets and the board poller call to tell people in
 * a direct message. `send` finds each event's recipients (src/features/notify/audience.ts), claims
 * each (event, person) once in the store (`notify-claims`, 30 days: nothing is told twice, across
 * restarts and replicas), queues it in the person's outbox (src/store/notify-outbox.ts), then
 * flushes the people it touched: everything queued for a person goes as ONE message (batched), unless
 * it is their quiet hours (read in their `users.info` time zone), when it is held and sent as one
 * message by the first flush after they end (the follow poller flushes every outbox each cycle).
 * A DM is `chat.postMessage` to the person's user id (Slack opens the app's DM with them).
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { createFollowsRepo, type FollowsRepo, type NotifyKind, type PersonFollows } from '../../store/follows.js';
import { createOutboxRepo, type OutboxRepo, type PendingNotice } from '../../store/notify-outbox.js';
import { slackNamesOf, type SlackPerson } from '../board/match-member.js';
import { recipientsOf, type Audience } from './audience.js';
import { isQuiet } from './quiet-hours.js';
import { noticeMetadata } from './notice-metadata.js';
import { noticeMessage } from './views/notice-message.js';

export const NOTIFY_CLAIMS_NAMESPACE = 'notify-claims';
/** How long an (event, person) claim lives: the same event is never told again within it. */
export const NOTIFY_CLAIM_TTL_MS = 30 * 24 * 60 * 60_000;

export interface NotifyEvent {
  kind: NotifyKind;
  /** Unique per event: `assigned:<project>:<ticket>:<member>`, `comment:<project>:<ticket>:<comment>`, `change:<project>:<dimension>:<run>`. */
  key: string;
  projectName: string;
  /** One mrkdwn line (strings escaped by the caller's view). */
  line: string;
  audience: Audience;
}

export interface Notifier {
  follows: FollowsRepo;
  outbox: OutboxRepo;
  /** Queues each event once per recipient and flushes them; resolves how many (event, person) pairs were queued. */
  send(teamId: string, events: readonly NotifyEvent[], options?: { actor?: string; people?: readonly PersonFollows[] }): Promise<number>;
  /** Sends what waits for one person (one message), unless it is their quiet hours. */
  flush(teamId: string, userId: string): Promise<'sent' | 'held' | 'empty' | 'failed'>;
  /** Flushes every outbox (held ones included, once quiet hours are over). */
  flushAll(): Promise<void>;
  /** Keeps what `users.info` says of a person (time zone, names): asked when they follow something, and by Home. */
  remember(teamId: string, userId: string, user: (SlackPerson & { tz?: string | undefined }) | undefined): Promise<PersonFollows>;
}

export function createNotifier(deps: Pick<RadarDeps, 'store' | 'logger' | 'now'>, client: webApi.WebClient): Notifier {
  const follows = createFollowsRepo(deps.store);
  const outbox = createOutboxRepo(deps.store);
  const logger = deps.logger.child({ component: 'notify' });

  async function flush(teamId: string, userId: string): Promise<'sent' | 'held' | 'empty' | 'failed'> {
    const person = await follows.get(teamId, userId);
    const now = deps.now();
    if (person && isQuiet(now, person.tz, person.settings.quietHours)) {
      await outbox.markHeld(teamId, userId, now);
      return 'held';
    }
    const box = await outbox.take(teamId, userId);
    if (!box) return 'empty';
    const message = noticeMessage({ items: box.items, heldSince: box.heldSince, quiet: person?.settings.quietHours ?? null, tz: person?.tz ?? null });
    try {
      // What the notices are about, for other apps and workflows (issue 30 item 7).
      const metadata = noticeMetadata(box.items);
      await client.chat.postMessage({ channel: userId, text: message.text, blocks: message.blocks, ...(metadata ? { metadata } : {}), unfurl_links: false });
      logger.info('notify: direct message sent', { user: userId, items: box.items.length, held: box.heldSince !== null });
      return 'sent';
    } catch (error) {
      // Not sent: back in the outbox for the next flush (each item once, by key).
      await outbox.add(teamId, userId, box.items).catch(() => undefined);
      logger.warn('notify: could not send a direct message; kept for the next round', { user: userId, error });
      return 'failed';
    }
  }

  return {
    follows,
    outbox,
    async send(teamId, events, options = {}) {
      if (events.length === 0) return 0;
      const people = (options.people ?? (await follows.listAll())).filter((p) => p.teamId === teamId);
      const queued = new Map<string, PendingNotice[]>();
      const at = deps.now().toISOString();
      for (const event of events) {
        const to = recipientsOf(people, event.kind, event.audience);
        if (to.length === 0) continue;
        const claims = await deps.store.claimMany(NOTIFY_CLAIMS_NAMESPACE, to.map((p) => `${teamId}:${p.userId}:${event.key}`), NOTIFY_CLAIM_TTL_MS);
        to.forEach((person, i) => {
          // The person who did it: claimed (a later board read will not tell them) but not told.
          if (!claims[i] || person.userId === options.actor) return;
          const list = queued.get(person.userId) ?? [];
          list.push({ key: event.key, kind: event.kind, projectName: event.projectName, line: event.line, at });
          queued.set(person.userId, list);
        });
      }
      let count = 0;
      for (const [userId, items] of queued) {
        await outbox.add(teamId, userId, items);
        count += items.length;
      }
      for (const userId of queued.keys()) await flush(teamId, userId);
      return count;
    },
    flush,
    async flushAll() {
      for (const box of await outbox.listAll()) {
        await flush(box.teamId, box.userId).catch((error: unknown) => logger.warn('notify: a flush failed', { user: box.userId, error }));
      }
    },
    remember: (teamId, userId, user) =>
      follows.update(teamId, userId, (current) => {
        // A users.info answer without names or a zone keeps what was known.
        const learned = slackNamesOf(user);
        const names = learned.length > 0 ? learned : current.names;
        const tz = user?.tz ?? current.tz;
        const same = tz === current.tz && names.length === current.names.length && names.every((n, i) => current.names[i] === n);
        return same ? undefined : { ...current, tz, names };
      }),
  };
}
