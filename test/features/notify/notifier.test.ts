/**
 * The shared notifier on every store kind: the same event sent by two replicas at once (Redis), or
 * again after a restart (SQLite, the same file), reaches each person once; a failed post keeps them
 * for the next round.
 */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNotifier, type NotifyEvent } from '../../../src/features/notify/notifier.js';
import { createLogger } from '../../../src/log.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { TEAM, USERS } from '../../support/slack-fixtures.js';
import { PLACE_KINDS, type Place } from '../../store/places.js';

const logger = createLogger({ level: 'silent' });
const now = () => new Date('2026-11-26T12:00:00Z');
const event = (n: number): NotifyEvent => ({ kind: 'comments', key: `comment:p1:t1:c${n}`, projectName: 'Northwind CRM', line: `comment ${n}`, audience: { projectId: 'p1', ticketId: 't1' } });

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`notifier (${kind.name})`, () => {
    let place: Place;
    let slack: FakeSlack;
    let client: webApi.WebClient;
    beforeEach(async () => {
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
      const a = createNotifier({ store: first, logger, now }, client);
      await following(a);
      const second = kind.name === 'redis' ? await place.open() : first;
      const b = createNotifier({ store: second, logger, now }, client);
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
        const c = createNotifier({ store: reopened, logger, now }, client);
        expect(await c.send(TEAM.id, [event(1), event(2)])).toBe(0);
      }
      expect(slack.messagesIn(USERS.maya)).toHaveLength(sent.length);
    });

    it('a post Slack refuses is kept and sent, once, by the next round', async () => {
      const store = await place.open();
      const n = createNotifier({ store, logger, now }, client);
      await following(n);
      slack.failNext('chat.postMessage', { error: 'fatal_error' });
      await n.send(TEAM.id, [event(3)]);
      expect(slack.messagesIn(USERS.maya)).toHaveLength(0);
      await n.flushAll();
      expect(slack.messagesIn(USERS.maya)).toHaveLength(1);
      await n.flushAll();
      expect(slack.messagesIn(USERS.maya)).toHaveLength(1);
    });
  });
}
