import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readable } from '../../../src/service/tolerant.js';
import { TICKET_IDS } from '../../../src/slack/ids.js';
import { LOCAL_WORKSPACE } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { livingPoller, NW, postWatchMessage, TICK_ONLY, ticketFromWatch, ticketIdOf } from './support.js';

/** A reply event in a thread, as Slack sends `message.channels`. */
const reply = (threadTs: string, ts: string, text: string, extra: Record<string, unknown> = {}) => ({ type: 'message', channel: CHANNELS.intel, user: USERS.alice, text, ts, thread_ts: threadTs, ...extra });

describe('thread and ticket in step', () => {
  let h: RadarHarness;
  let clock = Date.now();
  beforeEach(async () => {
    clock = Date.now();
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock) });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  const comments = async (ticketId: string) => readable(await h.radar.deps.service.listComments(NW, ticketId));
  /** Sends an event and waits until Radar has logged `line` for it (or its effect shows). */
  const until = async (check: () => Promise<boolean>) => {
    while (!(await check())) await new Promise((r) => setTimeout(r, 10));
  };
  const copiesIn = (threadTs: string) => h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === threadTs && m.metadata?.event_type === TICKET_IDS.eventType && m.metadata.event_payload.comment_id !== undefined);

  it('off by default; on, a reply becomes one comment with its author and Markdown, edits and deletes follow, bots are ignored', async () => {
    const { message } = await postWatchMessage(h);
    const ticketId = ticketIdOf(await ticketFromWatch(h, message, 'Sync me'));

    // Off: nothing reaches the board.
    expect((await h.driver.event(reply(message.ts, '1795000000.000100', 'not copied'))).status).toBe(200);
    expect(replyText(await h.command('sync', { channel: CHANNELS.intel }))).toContain('Thread sync is *off*');
    expect(await comments(ticketId)).toHaveLength(0);

    expect(replyText(await h.command('sync on', { channel: CHANNELS.intel }))).toContain('Thread sync is now *on*');
    const text = 'Their *annual* plan moved, see <https://hubforge.io/pricing|the page> ~old~';
    await h.driver.event(reply(message.ts, '1795000000.000200', text));
    await until(async () => (await comments(ticketId)).length === 1);
    const [comment] = await comments(ticketId);
    expect(comment?.body).toBe('**Alice Moreau** wrote in Slack:\n\nTheir **annual** plan moved, see [the page](https://hubforge.io/pricing) ~~old~~');

    // The same reply delivered again (a retry with a new event id) writes nothing more.
    await h.driver.event(reply(message.ts, '1795000000.000200', text));
    // A bot's reply, Radar's own, and a reply in an unlinked thread are never copied.
    await h.driver.event(reply(message.ts, '1795000000.000300', 'from a bot', { bot_id: 'B0OTHER001', subtype: 'bot_message' }));
    await h.driver.event(reply(message.ts, '1795000000.000400', 'from Radar', { user: LOCAL_WORKSPACE.botUserId }));
    await h.driver.event(reply('1795000000.999999', '1795000000.000500', 'elsewhere'));
    // An edit follows (the key wrote the comment, so it may edit it).
    await h.driver.event({ type: 'message', subtype: 'message_changed', channel: CHANNELS.intel, ts: '1795000000.000600', message: { type: 'message', user: USERS.alice, text: 'Edited *text*', ts: '1795000000.000200', thread_ts: message.ts, edited: { user: USERS.alice, ts: '1795000000.000600' } } });
    await until(async () => (await comments(ticketId))[0]?.body.endsWith('Edited **text**') === true);
    expect(await comments(ticketId)).toHaveLength(1);

    // A deleted reply deletes its comment.
    await h.driver.event({ type: 'message', subtype: 'message_deleted', channel: CHANNELS.intel, ts: '1795000000.000700', deleted_ts: '1795000000.000200', previous_message: { type: 'message', user: USERS.alice, text: 'Edited *text*', ts: '1795000000.000200', thread_ts: message.ts } });
    await until(async () => (await comments(ticketId)).length === 0);
    // The thread's own comment never comes back as a copy.
    await livingPoller(h).tick();
    expect(copiesIn(message.ts)).toHaveLength(0);
  });

  it('a board comment appears in the thread once (across a restart), its edit follows, its delete takes the copy away', async () => {
    await h.command('sync on', { channel: CHANNELS.intel });
    const { message } = await postWatchMessage(h);
    const ticketId = ticketIdOf(await ticketFromWatch(h, message, 'Board talk'));
    await livingPoller(h).tick(); // sync starts: nothing on the board yet

    const written = await h.radar.deps.service.createComment(NW, ticketId, 'Checked the **pricing page**; see [notes](https://example.com/n)');
    await livingPoller(h).tick();
    expect(copiesIn(message.ts)).toHaveLength(1);
    const copy = copiesIn(message.ts)[0]!;
    expect(copy.metadata?.event_payload).toMatchObject({ project_id: NW, ticket_id: ticketId, comment_id: written.id });
    expect(JSON.stringify(copy.blocks)).toContain('*pricing page*');
    expect(JSON.stringify(copy.blocks)).toContain('<https://example.com/n|notes>');

    await livingPoller(h).tick();
    await h.restart();
    await livingPoller(h).tick();
    expect(copiesIn(message.ts)).toHaveLength(1);

    await h.radar.deps.service.updateComment(NW, ticketId, written.id, 'Checked again');
    await livingPoller(h).tick();
    expect(JSON.stringify(copiesIn(message.ts)[0]?.blocks)).toContain('Checked again');

    await h.radar.deps.service.deleteComment(NW, ticketId, written.id);
    await livingPoller(h).tick();
    expect(copiesIn(message.ts)).toHaveLength(0);
    expect(h.slack.callsTo('chat.postMessage').filter((c) => (c.args.metadata as { event_payload?: { comment_id?: string } } | undefined)?.event_payload?.comment_id === written.id)).toHaveLength(1);
  });

  it('comments on the board before sync began are not copied', async () => {
    const { message } = await postWatchMessage(h);
    const ticketId = ticketIdOf(await ticketFromWatch(h, message, 'Older talk'));
    await h.radar.deps.service.createComment(NW, ticketId, 'written before sync');
    await h.command('sync on', { channel: CHANNELS.intel });
    await livingPoller(h).tick();
    await livingPoller(h).tick();
    expect(copiesIn(message.ts)).toHaveLength(0);
  });
});
