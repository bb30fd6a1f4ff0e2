/**
 * The shared notifier (issue 31): what watches, tickets and the board poller call to tell people in
 * a direct message. `send` finds each event's recipients (src/features/notify/audience.ts) and queues
 * each (event, person) in the person's outbox (src/store/notify-outbox.ts) in the same atomic write
 * that records it told (30 days: nothing is told twice across restarts and replicas, and nothing is
 * recorded told without being queued), then
 * flushes the people it touched: everything queued for a person goes as ONE message (batched), unless
 * it is their quiet hours (read in their `users.info` time zone), when it is held and sent as one
 * message by the first flush after they end (the follow poller flushes every outbox each cycle).
 * An assignee nobody Radar knows is named as is found by name among the workspace's people
 * (directory.ts, `users.list` read once per team an hour): a unique match is told, two are nobody.
 * A DM is `chat.postMessage` to the person's user id (Slack opens the app's DM with them), sent
 * exactly once: the outbox seals what waits into a named batch, the batch is posted through the claim
 * ledger (`notify-ledger`, src/features/background/deliver-once.ts) with metadata naming it
 * (its batch in the payload of `radar_change`, `radar_ticket` or `radar_notice`), and is dropped from the outbox only once delivered. After a crash between the
 * post and its mark, whoever takes the stale claim reads the DM channel's history (`im:history`; the
 * channel from the person's record, else `conversations.open`) and records the earlier post instead
 * of posting again; a crash before the post sends the sealed batch once the claim is stale.
 */
import { randomUUID } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { NOTICE_IDS, TICKET_IDS, WATCH_IDS } from '../../slack/ids.js';
import { createDigestLedger } from '../../store/digest-ledger.js';
import { deliverOnce, isDelivered, posterBase } from '../background/deliver-once.js';
import { findOwnPost } from '../background/find-own-post.js';
import { createFollowsRepo, type FollowsRepo, type NotifyKind, type PersonFollows } from '../../store/follows.js';
import { createOutboxRepo, type OutboxRepo, type PendingNotice } from '../../store/notify-outbox.js';
import { slackNamesOf, type SlackPerson } from '../board/match-member.js';
import { isKnownName, recipientsOf, type Audience } from './audience.js';
import { directoryFor, type Directory } from './directory.js';
import { isQuiet } from './quiet-hours.js';
import { noticeMetadata } from './notice-metadata.js';
import { noticeMessage } from './views/notice-message.js';

/** Each ticket's assignment as last told (`{ m: member id or null, g: how many assignments seen }`). */
export const NOTIFY_ASSIGNMENTS_NAMESPACE = 'notify-assignments';
const ASSIGNMENT_TTL_MS = 90 * 24 * 60 * 60_000;
/** The claim ledger of direct messages: one entry per (team, person, batch). */
export const NOTIFY_LEDGER_NAMESPACE = 'notify-ledger';

export interface NotifyEvent {
  kind: NotifyKind;
  /** Unique per event: `assigned:<project>:<ticket>:<member>:<n>` (`assignmentKey`), `comment:<project>:<ticket>:<comment>`, `change:<project>:<dimension>:<run>`. */
  key: string;
  projectName: string;
  /** One mrkdwn line (strings escaped by the caller's view). */
  line: string;
  audience: Audience;
}

/** `elsewhere`: another replica holds the batch's live claim (it is sending it, or it died and the claim has not gone stale). */
export type FlushOutcome = 'sent' | 'held' | 'empty' | 'elsewhere' | 'failed';

export interface Notifier {
  follows: FollowsRepo;
  outbox: OutboxRepo;
  /** Queues each event once per recipient and flushes them; resolves how many (event, person) pairs were queued now. */
  send(teamId: string, events: readonly NotifyEvent[], options?: { actor?: string; people?: readonly PersonFollows[] }): Promise<number>;
  /** Sends what waits for one person (one message), unless it is their quiet hours. */
  flush(teamId: string, userId: string): Promise<FlushOutcome>;
  /**
   * The event key of a ticket's assignment to `memberId` (null: unassigned, no key): the n-th
   * assignment the ticket has had as Radar saw it, so assigned away and back is a new event, while
   * the same assignment seen again (by the board poller after Radar made it, or after a restart) is
   * the same event and told once (the (event, person) claim).
   */
  assignmentKey(projectId: string, ticketId: string, memberId: string | null): Promise<string | null>;
  /** Flushes every outbox (held ones included, once quiet hours are over). */
  flushAll(): Promise<void>;
  /** Keeps what `users.info` says of a person (time zone, names): asked when they follow something, and by Home. */
  remember(teamId: string, userId: string, user: (SlackPerson & { tz?: string | undefined }) | undefined): Promise<PersonFollows>;
}

export function createNotifier(deps: Pick<RadarDeps, 'store' | 'logger' | 'now' | 'timing'>, client: webApi.WebClient): Notifier {
  const follows = createFollowsRepo(deps.store);
  const outbox = createOutboxRepo(deps.store);
  const poster = posterBase(deps, client, 'notify');
  const logger = poster.logger;
  let directory: Directory | undefined;
  const ctx = { ...poster, ledger: createDigestLedger(deps.store, { now: deps.now, namespace: NOTIFY_LEDGER_NAMESPACE }) };

  /** Radar's DM with the person: as remembered from an earlier post, else opened (the same channel Slack posts into). */
  async function dmChannelOf(person: PersonFollows | undefined, userId: string): Promise<string> {
    if (person?.dmChannel) return person.dmChannel;
    const opened = await client.conversations.open({ users: userId });
    if (!opened.channel?.id) throw new Error('conversations.open answered without a channel');
    return opened.channel.id;
  }

  async function flush(teamId: string, userId: string): Promise<FlushOutcome> {
    const person = await follows.get(teamId, userId);
    const now = deps.now();
    if (person && isQuiet(now, person.tz, person.settings.quietHours)) {
      await outbox.markHeld(teamId, userId, now);
      return 'held';
    }
    const batch = await outbox.seal(teamId, userId, randomUUID(), now);
    if (!batch) return 'empty';
    // What the notices are about (radar_change / radar_ticket, issue 30 item 7), and the batch it
    // delivers, by which a restart finds this DM again (radar_notice when the notices name nothing).
    const about = noticeMetadata(batch.items);
    const metadata = { event_type: about?.event_type ?? NOTICE_IDS.eventType, event_payload: { ...about?.event_payload, batch: batch.batch } };
    const ours = new Set<string>([NOTICE_IDS.eventType, WATCH_IDS.eventType, TICKET_IDS.eventType]);
    const outcome = await deliverOnce(ctx, { teamId, channelId: userId, runId: `dm:${batch.batch}` }, {
      what: 'direct message',
      async findEarlier(since) {
        const channel = await dmChannelOf(person, userId);
        return findOwnPost(client, { channel, botId: await poster.botId({ channel: userId, teamId }), since }, ({ eventType, payload }) => eventType !== undefined && ours.has(eventType) && payload?.batch === batch.batch);
      },
      render: async () => noticeMessage({ items: batch.items, heldSince: batch.heldSince, quiet: person?.settings.quietHours ?? null, tz: person?.tz ?? null }),
      async post(message) {
        const posted = await client.chat.postMessage({ channel: userId, text: message.text, blocks: message.blocks, metadata, unfurl_links: false });
        if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
        const channel = posted.channel;
        if (channel && channel !== person?.dmChannel) {
          await follows.update(teamId, userId, (p) => (p.dmChannel === channel ? undefined : { ...p, dmChannel: channel })).catch(() => undefined);
        }
        return posted.ts;
      },
      followUp: async () => undefined,
      completeRecovered: async () => undefined,
    });
    if (isDelivered(outcome)) {
      await outbox.settle(teamId, userId, batch.batch);
      if (outcome.kind !== 'already_posted') logger.info('notify: direct message sent', { user: userId, items: batch.items.length, held: batch.heldSince !== null, recovered: outcome.kind === 'recovered' });
      return 'sent';
    }
    if (outcome.kind === 'claimed_elsewhere') return 'elsewhere';
    // Not sent: the batch stays sealed in the outbox for the next flush (each item once, by key).
    logger.warn('notify: could not send a direct message; kept for the next round', { user: userId, error: outcome.kind === 'retry_later' ? outcome.error : outcome.reason });
    return 'failed';
  }

  /**
   * The name bridge: an assignee nobody Radar knows is named as is looked up among the workspace's
   * people (directory.ts); only a unique match is told, with their record's settings if they have
   * one, else the defaults. The record is written (empty) before they are told, so the DM finds its
   * workspace like any known person's (OAuth mode's installation client looks people up there).
   */
  async function strangersOf(teamId: string, events: readonly NotifyEvent[], people: readonly PersonFollows[]): Promise<Map<string, PersonFollows>> {
    const found = new Map<string, PersonFollows>();
    for (const event of events) {
      const assignee = event.kind === 'assigned' ? event.audience.assignee : undefined;
      if (!assignee || isKnownName(people, assignee.fullName)) continue;
      directory ??= directoryFor(client, { now: deps.now, logger });
      const match = await directory.find(teamId, assignee.fullName);
      if (match.kind === 'ambiguous') {
        logger.info('notify: an assignee’s name matches more than one Slack person; nobody is told', { team: teamId, projectId: event.audience.projectId, people: match.count });
        continue;
      }
      if (match.kind !== 'one') continue;
      const person = people.find((p) => p.userId === match.userId) ?? (await follows.update(teamId, match.userId, (current) => ({ ...current })));
      if (person.settings.assigned) found.set(event.key, person);
    }
    return found;
  }

  return {
    follows,
    outbox,
    async send(teamId, events, options = {}) {
      if (events.length === 0) return 0;
      const people = (options.people ?? (await follows.listAll())).filter((p) => p.teamId === teamId);
      // Asked before anything is queued: a passing failure of the workspace's list rejects the whole
      // send, and the caller's next round sends the same events again (each told once, by key).
      const strangers = await strangersOf(teamId, events, people);
      const now = deps.now();
      const at = now.toISOString();
      const queued = new Map<string, { items: PendingNotice[]; passOver: string[] }>();
      for (const event of events) {
        const stranger = strangers.get(event.key);
        for (const person of stranger ? [stranger] : recipientsOf(people, event.kind, event.audience)) {
          const entry = queued.get(person.userId) ?? { items: [], passOver: [] };
          // The person who did it: marked told (a later board read will not tell them) but not told.
          if (person.userId === options.actor) entry.passOver.push(event.key);
          else entry.items.push({ key: event.key, kind: event.kind, projectName: event.projectName, line: event.line, at });
          queued.set(person.userId, entry);
        }
      }
      let count = 0;
      const touched: string[] = [];
      for (const [userId, entry] of queued) {
        // One atomic write per person queues what they were not told yet and records it told.
        const added = await outbox.add(teamId, userId, entry.items, { now, passOver: entry.passOver });
        count += added.length;
        if (added.length > 0) touched.push(userId);
      }
      for (const userId of touched) await flush(teamId, userId);
      return count;
    },
    flush,
    async assignmentKey(projectId, ticketId, memberId) {
      const { value } = await deps.store.update<{ m: string | null; g: number }>(
        NOTIFY_ASSIGNMENTS_NAMESPACE,
        `${projectId}:${ticketId}`,
        (current) => (current && current.m === memberId ? undefined : { m: memberId, g: (typeof current?.g === 'number' ? current.g : 0) + 1 }),
        { ttlMs: ASSIGNMENT_TTL_MS },
      );
      return memberId === null || !value ? null : `assigned:${projectId}:${ticketId}:${memberId}:${value.g}`;
    },
    async flushAll() {
      for (const box of await outbox.listAll()) {
        if (box.items.length === 0 && box.sending === null) continue;
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
