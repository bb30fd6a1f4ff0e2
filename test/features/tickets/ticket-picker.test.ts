import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PICKER_HINT_VALUE } from '../../../src/features/tickets/ticket-picker.js';
import { ACTION_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import type { ViewRef } from '../../support/slack-driver.js';
import { postMessage } from './support.js';

type OptionsBody = { options: { text: { text: string }; value: string }[] };

describe('the ticket picker under a burst of options requests', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  afterAll(() => h?.stop());

  async function openPicker(text: string): Promise<ViewRef> {
    const ts = await postMessage(h, CHANNELS.intel, text);
    const before = h.slack.callsTo('views.open').length;
    await h.driver.messageShortcut(CALLBACK_IDS.commentFromMessage, { channel: CHANNELS.intel, message: { ts, text, user: USERS.carol } });
    await h.slack.waitForCall('views.open', (c) => h.slack.callsTo('views.open').indexOf(c) >= before);
    return h.slack.latestView()!;
  }

  const searches = () => h.sandbox.control.requests().filter((r) => r.method === 'GET' && /\/tickets$/.test(r.path));
  /** The picker's title searches for `q`: what background work never sends. */
  const searchesFor = (q: string) => searches().filter((r) => r.query.q === q);

  it('answers 200 concurrent requests on one view and query, with one service call', async () => {
    const view = await openPicker('Burst me');
    const before = searchesFor('pricing').length;
    // Identical signed bodies would be dropped as replays at the edge; spacing makes each request its own (the query is trimmed).
    const typed = (i: number) => `${' '.repeat(i % 15)}pricing${' '.repeat(Math.floor(i / 15))}`;
    const acks = await Promise.all(Array.from({ length: 200 }, (_, i) => h.driver.options(ACTION_IDS.ticketPicker, typed(i), { view })));
    expect(acks.filter((a) => a.status !== 200).map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 120)}`)).toEqual([]);
    for (const ack of acks) {
      const body = ack.body as OptionsBody;
      expect(body.options.length).toBeGreaterThan(0);
      for (const o of body.options) expect(o.text.text.toLowerCase()).toContain('pricing');
    }
    expect(searchesFor('pricing').length - before).toBeLessThanOrEqual(2);
    expect(searchesFor('pricing').length - before).toBeGreaterThanOrEqual(1);

    // The same query again within 30 s: from the cache, no call. Only searches for this query are
    // counted (no background work searches "pricing"), so the count is exact: not one more.
    const afterBurst = searchesFor('pricing').length;
    // Padding none of the 200 used: an identical signed body within the same second would be a replay.
    const again = await h.driver.options(ACTION_IDS.ticketPicker, `pricing${' '.repeat(20)}`, { view });
    expect(again.body).toEqual(acks[0]?.body);
    expect(searchesFor('pricing')).toHaveLength(afterBurst);
  });

  it('a burst of different queries on one view never becomes a burst of service calls', async () => {
    const view = await openPicker('Typing fast');
    const typedWords = () => searches().filter((r) => /^word\d+$/.test(r.query.q ?? ''));
    const before = typedWords().length;
    const words = Array.from({ length: 60 }, (_, i) => `word${i % 30}`);
    const acks = await Promise.all(words.map((w) => h.driver.options(ACTION_IDS.ticketPicker, w, { view })));
    expect(acks.every((a) => a.status === 200)).toBe(true);
    // One call per distinct query at most; queries replaced by newer ones before their turn are never sent.
    expect(typedWords().length - before).toBeLessThanOrEqual(30);
  });

  it('when the service is slow, answers within Slack’s 3 s with a hint, then from the cache', async () => {
    const view = await openPicker('Slow service');
    const seoBefore = searchesFor('seo').length;
    h.sandbox.control.addFault({ method: 'GET', path: '^/v1/projects/[^/]+/tickets$', kind: 'latency', latencyMs: 3_500, times: 1 });
    const slow = await h.driver.options(ACTION_IDS.ticketPicker, 'seo', { view });
    // Answered with the hint, which Radar sends only when its own answer deadline passes before the
    // service answers (the service takes 3.5 s here): that, not a stopwatch, shows it did not wait.
    expect(slow.status).toBe(200);
    expect((slow.body as OptionsBody).options.map((o) => o.value)).toEqual([PICKER_HINT_VALUE]);
    // The slow search is still under way: asking again joins it rather than sending another.
    const joined = await h.driver.options(ACTION_IDS.ticketPicker, ' seo', { view });
    expect(joined.status).toBe(200);
    const later = await h.driver.options(ACTION_IDS.ticketPicker, 'seo ', { view });
    expect((later.body as OptionsBody).options.some((o) => o.value === PICKER_HINT_VALUE)).toBe(false);
    // One search for "seo" in all: the slow one, which the two later requests joined or read from the cache.
    expect(searchesFor('seo').length - seoBefore).toBe(1);
  });

  // Last: it leaves the tickets group paused for 5 s.
  it('a 429 with Retry-After: 5 on tickets: /radar tickets answers at once without a service call, pricing goes on', async () => {
    h.sandbox.control.addFault({ method: 'GET', path: '^/v1/projects/[^/]+/tickets$', kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 5, times: 1 });
    const before = searches().length;
    const first = replyText(await h.command('tickets', { channel: CHANNELS.intel }));
    expect(first).toContain('rate limiting Radar');
    expect(searches().length - before).toBe(1);
    const second = replyText(await h.command('tickets todo', { channel: CHANNELS.intel, user: USERS.bob }));
    expect(second).toContain('rate limiting Radar');
    expect(searches().length - before).toBe(1);
    expect(replyText(await h.command('pricing', { channel: CHANNELS.intel }))).toContain('pricing gaps');
    expect(h.radar.deps.service.budget('tickets').pausedForMs).toBeGreaterThan(0);
  });
});
