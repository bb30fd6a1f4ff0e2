/**
 * Every message Radar posts about a change or a ticket carries metadata (issue 30 item 7): a scripted
 * flow through watches, tickets, living messages, thread sync, quiet hours and the daily digest, then
 * every post and update Radar made in the channel or to a follower (chat.postMessage, chat.update, and answers to a
 * response_url that land in the channel or replace a message) is listed; one without `radar_change`
 * or `radar_ticket` metadata naming the project fails the test, named by its text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readable } from '../../../src/service/tolerant.js';
import { ACTION_IDS, TICKET_IDS, WATCH_IDS } from '../../../src/slack/ids.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';
import { publishRun, watchesIn, watchPoller } from '../watches/support.js';
import { addToTicket, livingPoller, NW, pricingRows, TICK_ONLY, ticketFromWatch, ticketIdOf, updatesOf } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

describe('metadata on every post about a change or a ticket (issue 30 item 7)', () => {
  let h: RadarHarness;
  let clock = Date.now();
  beforeEach(async () => {
    clock = Date.now();
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock) });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('a scripted flow: each post and update in the channel carries radar_change or radar_ticket metadata', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    // A follower: the direct messages she gets are posts about changes too.
    await h.command('follow competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.maya });
    const since = Date.now();
    // A watch message with its thread (more changes than the message shows).
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const moved = { lowestPrice: 30, planCount: 6, hasFreePlan: true };
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': moved, 'closewise.com': moved, 'hubforge.io': moved }) } });
    await watchPoller(h).tick();
    const [message] = watchesIn(h, CHANNELS.intel, run);
    if (!message) throw new Error('no watch message');

    // A ticket from it (confirmation; the watch message shows it), then the board moves (living updates).
    const ticketId = ticketIdOf(await ticketFromWatch(h, message, 'Answer the price moves'));
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    await h.command('sync on', { channel: CHANNELS.intel });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    await h.radar.deps.service.moveTicket(NW, ticketId, { status: 'in_progress' });
    const comment = await h.radar.deps.service.createComment(NW, ticketId, 'Written on the board');
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    await h.radar.deps.service.updateComment(NW, ticketId, comment.id, 'Written on the board, edited');
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(h.slack.callsTo('chat.update').filter((c) => String(c.args.text).includes('edited')).length).toBeGreaterThan(0);

    // "Add to Radar ticket" on a person's message (its confirmation follows the ticket).
    const note = h.slack.postFrom(CHANNELS.intel, USERS.bob, 'Closewise dropped their annual discount');
    const other = await h.radar.deps.service.createTicket(NW, { title: 'Annual discounts', status: 'todo' });
    await addToTicket(h, note, other);

    // /radar ticket and /radar tickets shared to the channel, and a ticket moved from its answer's menu.
    const shared = await h.command(`ticket ${other.number} --share`, { channel: CHANNELS.intel });
    await h.command('tickets --share', { channel: CHANNELS.intel });
    const menu = findElement(shared.args.blocks as unknown[], ACTION_IDS.ticketMove);
    const value = ((menu?.element.options ?? []) as { text: { text: string }; value: string }[]).find((o) => o.text.text.startsWith('Done'))!.value;
    await h.answerTo(await h.driver.blockAction(ACTION_IDS.ticketMove, value, { channel: CHANNELS.intel, message: { ts: '1700000000.000100', blocks: shared.args.blocks as unknown[] } }));

    // Quiet hours now: a now-tier change is held and posted when they end; a digest-tier one in the daily digest.
    await h.command(`watch quiet ${hhmm(clock - 30 * MINUTE)}-${hhmm(clock + HOUR)} UTC`, { channel: CHANNELS.intel });
    await h.command(`watch digest ${hhmm(clock + 3 * HOUR)} UTC`, { channel: CHANNELS.intel });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { ...moved, planCount: 9 }, 'closewise.com': moved, 'hubforge.io': moved }) } });
    await watchPoller(h).tick();
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { ...moved, planCount: 9 }, 'closewise.com': moved, 'hubforge.io': moved }), summary: { marketAvgPrice: 12 } } });
    await watchPoller(h).tick();
    clock += 2 * HOUR;
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    clock += 2 * HOUR;
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    const held = watchesIn(h, CHANNELS.intel).map((m) => m.metadata?.event_payload.held);
    expect(held).toEqual(expect.arrayContaining(['quiet', 'digest']));

    // Every post and update in the channel and to the follower, and answers that land in the channel.
    expect(h.slack.messagesIn(USERS.maya).length).toBeGreaterThan(0);
    const inChannel = (c: WebApiCall) => c.at >= since && c.response !== undefined && (c.args.channel === CHANNELS.intel || c.args.channel === USERS.maya);
    const posts = [
      ...h.slack.callsTo('chat.postMessage').filter(inChannel),
      ...h.slack.callsTo('chat.update').filter(inChannel),
      ...h.slack.callsTo('response_url').filter((c) => c.at >= since && (c.args.response_type === 'in_channel' || c.args.replace_original === true)),
    ];
    const without = posts
      .filter((c) => {
        const metadata = c.args.metadata as { event_type?: string; event_payload?: Record<string, unknown> } | undefined;
        const type = metadata?.event_type;
        if (type !== WATCH_IDS.eventType && type !== TICKET_IDS.eventType) return true;
        const payload = metadata?.event_payload ?? {};
        if (payload.project_id !== NW) return true;
        return type === TICKET_IDS.eventType ? !payload.ticket_id && !payload.ticket_ids : !payload.dimension || !payload.run_id;
      })
      .map((c) => `${c.method}: ${String(c.args.text).slice(0, 80)}`);
    expect(without).toEqual([]);
    const kinds = new Set(posts.map((c) => `${c.method}:${(c.args.metadata as { event_type?: string } | undefined)?.event_type ?? 'none'}`));
    // The flow covered what it says: posts and updates of both kinds, and shared answers.
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([`chat.postMessage:${WATCH_IDS.eventType}`, `chat.postMessage:${TICKET_IDS.eventType}`, `chat.update:${WATCH_IDS.eventType}`, `chat.update:${TICKET_IDS.eventType}`, `response_url:${TICKET_IDS.eventType}`]),
    );
    expect(posts.length).toBeGreaterThan(12);
    expect(readable(await h.radar.deps.service.listComments(NW, ticketId)).length).toBe(1);
  });
});
