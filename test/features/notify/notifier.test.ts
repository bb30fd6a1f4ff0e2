/**
 * The shared notifier on every store kind: the same event sent by two replicas at once (Redis), or
 * again after a restart (SQLite, the same file), reaches each person once; a failed post keeps them
 * for the next round; a process that dies just before or just after posting a DM leaves exactly one
 * DM once the next process has run (the claim ledger and the message's metadata).
 */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNotifier, type NotifyEvent } from '../../../src/features/notify/notifier.js';
import { createLogger } from '../../../src/log.js';
import type { Store } from '../../../src/store/backends/store.js';
import { DEFAULT_TIMING } from '../../../src/timing.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { TEAM, USERS } from '../../support/slack-fixtures.js';
import { PLACE_KINDS, type Place } from '../../store/places.js';

const logger = createLogger({ level: 'silent' });
const START = Date.parse('2026-11-26T12:00:00Z');
let clock = START;
const now = () => new Date(clock);
const CLAIM_TTL_MS = 60_000;
const timing = { ...DEFAULT_TIMING, digestClaimTtlMs: CLAIM_TTL_MS };

/**
 * A process that can die at a point: from then on every call it makes to the store or to Slack fails,
 * as if it had stopped there (nothing after the crash point reaches either).
 */
function mortal(store: Store, client: webApi.WebClient, dieAt?: (method: string, args: unknown[]) => boolean) {
  let dead = false;
  const crash = () => {
    dead = true;
    return new Error('the process died here');
  };
  const deadStore = new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || prop === 'keyv') return value;
      return (...args: unknown[]) => {
        if (!dead && dieAt?.(String(prop), args)) crash();
        return dead ? Promise.reject(new Error('dead process')) : (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const deadClient = new webApi.WebClient('xoxb-fake', { slackApiUrl: client.slackApiUrl, retryConfig: { retries: 0 } });
  return { store: deadStore, client: deadClient, crash, isDead: () => dead };
}

const event = (n: number): NotifyEvent => ({ kind: 'comments', key: `comment:p1:t1:c${n}`, projectName: 'Northwind CRM', line: `comment ${n}`, audience: { projectId: 'p1', ticketId: 't1' } });

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`notifier (${kind.name})`, () => {
    let place: Place;
    let slack: FakeSlack;
    let client: webApi.WebClient;
    beforeEach(async () => {
      clock = START;
      place = kind.create();
      slack = await startFakeSlack();
      client = new webApi.WebClient('xoxb-fake', { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
    });
    afterEach(async () => {
      expectNoViolations(slack);
      await place.cleanup();
      await slack.close();
    });

    const following = async (notifier: ReturnType<typeof createNotifier>) =>
      notifier.follows.update(TEAM.id, USERS.maya, (p) => ({ ...p, follows: [{ kind: 'ticket', projectId: 'p1', projectName: 'Northwind CRM', target: 't1', label: '#1 T', setBy: USERS.maya, setAt: now().toISOString() }] }));

    it('an event sent by two replicas at once (or again after a restart) reaches the person once', async () => {
      const first = await place.open();
      const a = createNotifier({ store: first, logger, now, timing }, client);
      await following(a);
      const second = kind.name === 'redis' ? await place.open() : first;
      const b = createNotifier({ store: second, logger, now, timing }, client);
      const told = await Promise.all([a.send(TEAM.id, [event(1), event(2)]), b.send(TEAM.id, [event(1), event(2)])]);
      expect(told[0] + told[1]).toBe(2);
      await a.flushAll();
      await b.flushAll();
      const sent = slack.messagesIn(USERS.maya);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent.map((m) => JSON.stringify(m.blocks)).join('').match(/comment 1/g)).toHaveLength(1);
      expect(sent.map((m) => JSON.stringify(m.blocks)).join('').match(/comment 2/g)).toHaveLength(1);

      if (kind.name === 'sqlite') {
        await first.close();
        const reopened = await place.open();
        const c = createNotifier({ store: reopened, logger, now, timing }, client);
        expect(await c.send(TEAM.id, [event(1), event(2)])).toBe(0);
      }
      expect(slack.messagesIn(USERS.maya)).toHaveLength(sent.length);
    });

    it('a post Slack refuses is kept and sent, once, by the next round', async () => {
      const store = await place.open();
      const n = createNotifier({ store, logger, now, timing }, client);
      await following(n);
      slack.failNext('chat.postMessage', { error: 'fatal_error' });
      await n.send(TEAM.id, [event(3)]);
      expect(slack.messagesIn(USERS.maya)).toHaveLength(0);
      await n.flushAll();
      expect(slack.messagesIn(USERS.maya)).toHaveLength(1);
      await n.flushAll();
      expect(slack.messagesIn(USERS.maya)).toHaveLength(1);
    });

    // Radar's DMs: whatever they are about (radar_change, radar_ticket, radar_notice), each names its batch.
    const dms = () => slack.messagesIn(USERS.maya).filter((m) => typeof m.metadata?.event_payload?.batch === 'string');

    for (const when of ['before', 'after'] as const) {
      it(`a process that dies just ${when} posting a DM: after a restart, exactly one DM`, async () => {
        const store = await place.open();
        const dying = mortal(store, client);
        const realPost = dying.client.chat.postMessage.bind(dying.client.chat);
        dying.client.chat.postMessage = (async (args: Parameters<typeof realPost>[0]) => {
          if (when === 'before') throw dying.crash();
          await realPost(args);
          throw dying.crash();
        }) as typeof realPost;
        const first = createNotifier({ store: dying.store, logger, now, timing }, dying.client);
        await following(createNotifier({ store, logger, now, timing }, client));
        await expect(first.send(TEAM.id, [event(7)])).rejects.toThrow();
        expect(dying.isDead()).toBe(true);
        expect(dms()).toHaveLength(when === 'before' ? 0 : 1);

        // The restart: a new process on the same data (SQLite: the file closed and opened again).
        let reopened = store;
        if (kind.name === 'sqlite') {
          await store.close();
          reopened = await place.open();
        }
        const next = createNotifier({ store: reopened, logger, now, timing }, client);
        // While the dead process's claim is live, nobody posts: it may be in Slack already.
        await next.flushAll();
        expect(dms()).toHaveLength(when === 'before' ? 0 : 1);
        clock += CLAIM_TTL_MS + 1;
        await next.flushAll();
        await next.flushAll();
        expect(dms()).toHaveLength(1);
        expect(JSON.stringify(dms()[0]?.blocks)).toContain('comment 7');
        expect((await next.outbox.listAll()).map((b) => ({ waiting: b.items.length, sending: b.sending }))).toEqual([{ waiting: 0, sending: null }]);
        if (when === 'after') expect(slack.callsTo('conversations.history').length).toBeGreaterThan(0);
      });
    }

    it('a process that dies as it queues an event (before its one write): after a restart the event is told, once', async () => {
      const store = await place.open();
      await following(createNotifier({ store, logger, now, timing }, client));
      // Dies at the write that queues the event in the person's outbox: whatever was written before it
      // (no claim may be), nothing after it.
      const dying = mortal(store, client, (method, args) => method === 'update' && args[0] === 'notify-outbox');
      const first = createNotifier({ store: dying.store, logger, now, timing }, dying.client);
      await expect(first.send(TEAM.id, [event(8)])).rejects.toThrow();
      expect(dying.isDead()).toBe(true);
      let reopened = store;
      if (kind.name === 'sqlite') {
        await store.close();
        reopened = await place.open();
      }
      const next = createNotifier({ store: reopened, logger, now, timing }, client);
      expect(await next.send(TEAM.id, [event(8)])).toBe(1);
      expect(await next.send(TEAM.id, [event(8)])).toBe(0);
      await next.flushAll();
      expect(dms()).toHaveLength(1);
      expect(JSON.stringify(dms()[0]?.blocks)).toContain('comment 8');
    });
  });
}
