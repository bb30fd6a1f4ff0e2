/**
 * The listener groups (`src/slack/listener-groups.ts`): every feature's actions, views, shortcuts and
 * events on one Bolt listener per kind, each request still reaching the listener registered for its
 * id through Bolt's own matching, on a real Bolt App.
 */
import { App, type Receiver } from '@slack/bolt';
import { describe, expect, it, vi } from 'vitest';
import { groupConstraint, listenerGroups } from '../../src/slack/listener-groups.js';
import { startRadarListeners } from '../support/radar-listeners.js';

const receiver: Receiver = { init: () => undefined, start: () => Promise.resolve(), stop: () => Promise.resolve() };
const boltApp = () => new App({ receiver, authorize: () => Promise.resolve({ botToken: 'xoxb-test', botId: 'B0', botUserId: 'U0BOT' }), convoStore: false });
/** How many listener chains Bolt walks for each request. */
const listenersOf = (app: App) => (app as unknown as { listeners: unknown[] }).listeners.length;

const user = { id: 'U07ALICE01', team_id: 'T0RADAR001' };
const team = { id: 'T0RADAR001' };
const blockAction = (actionId: string) => ({
  type: 'block_actions',
  team,
  user,
  api_app_id: 'A0',
  token: 't',
  trigger_id: '1.2.3',
  container: { type: 'message' },
  actions: [{ type: 'button', action_id: actionId, block_id: 'b', value: 'v', action_ts: '1' }],
});
const viewSubmission = (callbackId: string) => ({
  type: 'view_submission',
  team,
  user,
  api_app_id: 'A0',
  token: 't',
  trigger_id: '1.2.3',
  view: { id: 'V1', callback_id: callbackId, state: { values: {} }, private_metadata: '', team_id: 'T0RADAR001', type: 'modal' },
});
const shortcut = (callbackId: string) => ({ type: 'shortcut', team, user, api_app_id: 'A0', token: 't', trigger_id: '1.2.3', callback_id: callbackId, action_ts: '1' });

async function deliver(app: App, body: Record<string, unknown>): Promise<void> {
  await app.processEvent({ body, ack: () => Promise.resolve() });
}

describe('listener groups', () => {
  it('puts one Bolt listener per kind on the app, and Bolt walks only those', () => {
    const app = boltApp();
    const on = listenerGroups(app);
    for (const id of ['a', 'b', 'c']) on.action(id, vi.fn());
    on.view('modal_one', vi.fn());
    on.view('modal_two', vi.fn());
    on.shortcut('from_message', vi.fn());
    on.event('app_home_opened', vi.fn());
    on.event('message', vi.fn());
    on.register();
    expect(listenersOf(app)).toBe(4);
  });

  it('runs the listener registered for the id that came, and no other', async () => {
    const app = boltApp();
    const on = listenerGroups(app);
    const a = vi.fn(async ({ ack }: { ack: () => Promise<void> }) => ack());
    const b = vi.fn(async ({ ack }: { ack: () => Promise<void> }) => ack());
    const open = vi.fn(async ({ ack }: { ack: () => Promise<void> }) => ack());
    const modal = vi.fn(async ({ ack }: { ack: () => Promise<void> }) => ack());
    const short = vi.fn(async ({ ack }: { ack: () => Promise<void> }) => ack());
    on.action('ticket.move', a);
    on.action('ticket_dismiss', b);
    on.action(/^open_command(:.*)?$/, open);
    on.view('ticket_modal', modal);
    on.shortcut('ticket_from_message', short);
    on.register();

    await deliver(app, blockAction('ticket_dismiss'));
    expect(b).toHaveBeenCalledTimes(1);
    expect(b.mock.calls[0]?.[0]).toMatchObject({ action: { action_id: 'ticket_dismiss' } });
    expect(a).not.toHaveBeenCalled();

    await deliver(app, blockAction('open_command:2'));
    expect(open).toHaveBeenCalledTimes(1);

    // Ids are matched whole and literally: a prefix, a longer id or a dot standing for any character are no match.
    for (const id of ['ticket', 'ticket_dismissed', 'ticketXmove', 'open_commandX']) await deliver(app, blockAction(id));
    expect([a, b, open].map((f) => f.mock.calls.length)).toEqual([0, 1, 1]);

    await deliver(app, blockAction('ticket.move'));
    expect(a).toHaveBeenCalledTimes(1);

    await deliver(app, viewSubmission('ticket_modal'));
    await deliver(app, viewSubmission('another_modal'));
    expect(modal).toHaveBeenCalledTimes(1);
    // As `app.view(id)`: a modal closed is not a submission.
    await deliver(app, { ...viewSubmission('ticket_modal'), type: 'view_closed', is_cleared: false });
    expect(modal).toHaveBeenCalledTimes(1);

    await deliver(app, shortcut('ticket_from_message'));
    await deliver(app, shortcut('comment_from_message'));
    expect(short).toHaveBeenCalledTimes(1);
    expect([a, b, open].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("hands a listener's error to Bolt's error handler, as a listener of its own would", async () => {
    const app = boltApp();
    const seen = vi.fn(async () => undefined);
    app.error(seen);
    listenerGroups(app).action('boom', async () => {
      throw new Error('listener failed');
    });
    listenerGroups(app).register();
    await deliver(app, blockAction('boom'));
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('refuses an id registered twice, and a listener added after the groups were registered', () => {
    const on = listenerGroups(boltApp());
    on.action('a', vi.fn());
    expect(() => on.action('a', vi.fn())).toThrow(/registered twice/);
    on.register();
    expect(() => on.view('late', vi.fn())).toThrow(/after the listener groups were registered/);
  });

  it('builds one constraint that matches each id whole and literally', () => {
    const constraint = groupConstraint(['a.b', 'c', /^open(:.*)?$/]);
    expect(['a.b', 'c', 'open', 'open:1'].map((id) => constraint.test(id))).toEqual([true, true, true, true]);
    expect(['aXb', 'cc', 'xc', 'opener'].map((id) => constraint.test(id))).toEqual([false, false, false, false]);
  });

  it("Radar registers one Bolt listener per kind (the `/radar` command's, and one each for actions, views, shortcuts, options and events)", async () => {
    const r = await startRadarListeners();
    try {
      const kinds = r.recorded.registrations.filter((x) => x.kind !== 'use' && x.kind !== 'error').map((x) => x.kind);
      expect(kinds.length).toBeGreaterThan(1);
      expect(new Set(kinds).size).toBe(kinds.length);
    } finally {
      await r.stop();
    }
  });
});
