import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, LogLevel, verifySlackRequest } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations, startFakeSlack } from './fake-slack.js';
import type { FakeSlack } from './fake-slack.js';
import { createSlackDriver } from './slack-driver.js';
import type { SlackDriver } from './slack-driver.js';
import { CHANNELS, TEAM, USERS } from './slack-fixtures.js';

const signingSecret = 'test-signing-secret';

describe('signatures', () => {
  const driver = createSlackDriver({ url: 'http://127.0.0.1:1/slack/events', signingSecret, responseUrlBase: 'http://127.0.0.1:1/response/r' });
  const body = 'payload=%7B%7D';
  const headersFor = (signed: Record<string, string>) => ({
    'x-slack-signature': signed['X-Slack-Signature'] ?? '',
    'x-slack-request-timestamp': Number(signed['X-Slack-Request-Timestamp']),
  });

  it("passes Bolt's own verification", () => {
    expect(() => verifySlackRequest({ signingSecret, body, headers: headersFor(driver.sign(body)) })).not.toThrow();
  });

  it('fails it when stale, tampered or signed with another secret', () => {
    const staleSeconds = Math.floor(Date.now() / 1000) - 301;
    expect(() => verifySlackRequest({ signingSecret, body, headers: headersFor(driver.sign(body, staleSeconds)) })).toThrow(/stale/);
    expect(() => verifySlackRequest({ signingSecret, body: `${body}x`, headers: headersFor(driver.sign(body)) })).toThrow(/signature mismatch/);
    expect(() => verifySlackRequest({ signingSecret: 'other', body, headers: headersFor(driver.sign(body)) })).toThrow(/signature mismatch/);
  });
});

describe('payloads a Bolt app understands', () => {
  let fake: FakeSlack;
  let app: App;
  let slack: SlackDriver;
  const seen: Record<string, unknown>[] = [];

  beforeAll(async () => {
    fake = await startFakeSlack();
    const receiver = new HTTPReceiver({ signingSecret, logLevel: LogLevel.ERROR });
    app = new App({ token: 'xoxb-test', receiver, logLevel: LogLevel.ERROR, clientOptions: { slackApiUrl: fake.url } });
    const ticketModal = {
      type: 'modal' as const,
      callback_id: 'ticket_modal',
      title: { type: 'plain_text' as const, text: 'New ticket' },
      submit: { type: 'plain_text' as const, text: 'Create' },
      blocks: [
        { type: 'input', block_id: 'title', label: { type: 'plain_text', text: 'Title' }, element: { type: 'plain_text_input', action_id: 'title_input' } },
        {
          type: 'input',
          block_id: 'column',
          label: { type: 'plain_text', text: 'Column' },
          element: { type: 'static_select', action_id: 'column_select', options: [{ text: { type: 'plain_text', text: 'Triage' }, value: 'triage' }] },
        },
        {
          type: 'input',
          block_id: 'ticket',
          optional: true,
          label: { type: 'plain_text', text: 'Ticket' },
          element: { type: 'external_select', action_id: 'ticket_picker' },
        },
      ],
    };
    app.command('/radar', async ({ ack, command, respond }) => {
      await ack();
      seen.push({ kind: 'command', text: command.text, user: command.user_id, team: command.team_id });
      await respond({ text: `You said ${command.text}` });
    });
    app.shortcut('ticket_from_message', async ({ ack, shortcut, client }) => {
      await ack();
      seen.push({ kind: 'shortcut', shortcut });
      if (shortcut.type === 'message_action') await client.views.open({ trigger_id: shortcut.trigger_id, view: ticketModal });
    });
    app.view('ticket_modal', async ({ ack, view }) => {
      seen.push({ kind: 'submission', values: view.state.values });
      await ack({ response_action: 'errors', errors: { title: 'Too short' } });
    });
    app.action('ticket_move', async ({ ack, body, action }) => {
      await ack();
      seen.push({ kind: 'action', body, action });
    });
    app.options('ticket_picker', async ({ ack, options }) => {
      await ack({ options: [{ text: { type: 'plain_text', text: `#1 ${options.value}` }, value: 't1' }] });
    });
    const server = await app.start({ port: 0, host: '127.0.0.1' });
    const { port } = server.address() as AddressInfo;
    slack = createSlackDriver({ url: `http://127.0.0.1:${port}/slack/events`, signingSecret, responseUrlBase: fake.responseUrl() });
  });

  afterAll(async () => {
    await app.stop();
    await fake.close();
  });

  afterEach(() => {
    expectNoViolations(fake);
    seen.length = 0;
  });

  it('sends a slash command whose response_url reaches the fake', async () => {
    const ack = await slack.command('pricing acme', { user: USERS.bob });
    expect(ack).toMatchObject({ status: 200, body: '' });
    expect(seen).toEqual([{ kind: 'command', text: 'pricing acme', user: USERS.bob, team: TEAM.id }]);
    const response = await fake.waitForCall('response_url', (c) => c.args.text === 'You said pricing acme');
    expect(ack.responseUrl).toContain(response.responseUrlId?.split('/').at(-1));
  });

  it('sends a message shortcut the app can open a modal from, then submits that modal', async () => {
    const message = { ts: '1700000000.000100', text: 'Acme cut prices', user: USERS.carol };
    expect((await slack.messageShortcut('ticket_from_message', { message, channel: CHANNELS.intel })).status).toBe(200);
    expect(seen[0]).toMatchObject({ kind: 'shortcut', shortcut: { type: 'message_action', message_ts: message.ts, channel: { id: CHANNELS.intel }, message } });
    await fake.waitForCall('views.open');
    const view = fake.latestView();
    if (!view) throw new Error('no view opened');

    const ack = await slack.viewSubmission(view, { title: 'Match Acme', column: 'triage', ticket: 't9' });
    expect(ack).toMatchObject({ status: 200, body: { response_action: 'errors', errors: { title: 'Too short' } } });
    expect(seen[1]).toEqual({
      kind: 'submission',
      values: {
        title: { title_input: { type: 'plain_text_input', value: 'Match Acme' } },
        column: { column_select: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'Triage' }, value: 'triage' } } },
        ticket: { ticket_picker: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: 't9' }, value: 't9' } } },
      },
    });
  });

  it('answers an options request from an external select', async () => {
    const view = { id: 'V1', blocks: [{ type: 'input', block_id: 'ticket', label: { type: 'plain_text', text: 'T' }, element: { type: 'external_select', action_id: 'ticket_picker' } }] };
    const ack = await slack.options('ticket_picker', 'acme', { view });
    expect(ack.body).toEqual({ options: [{ text: { type: 'plain_text', text: '#1 acme' }, value: 't1' }] });
  });

  it('clicks the button whose value matches among buttons sharing an action id', async () => {
    const button = (value: string) => ({ type: 'button', action_id: 'ticket_move', value, text: { type: 'plain_text', text: 'Move' } });
    const message = {
      ts: '1700000000.000200',
      blocks: [
        { type: 'actions', block_id: 'ticket-1', elements: [button('t1')] },
        { type: 'actions', block_id: 'ticket-2', elements: [button('t2')] },
      ],
    };
    const ack = await slack.blockAction('ticket_move', 't2', { channel: CHANNELS.general, message });
    expect(ack.status).toBe(200);
    expect(seen[0]).toMatchObject({
      action: { action_id: 'ticket_move', block_id: 'ticket-2', value: 't2', type: 'button' },
      body: { type: 'block_actions', container: { type: 'message', channel_id: CHANNELS.general, message_ts: message.ts }, response_url: ack.responseUrl },
    });
    await expect(slack.blockAction('ticket_move', 't3', { channel: CHANNELS.general, message })).rejects.toThrow(/no element with action_id ticket_move and value t3/);
  });

  it('is refused when unsigned, wrongly signed or stale', async () => {
    const body = 'command=%2Fradar&text=help';
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await slack.raw(body, form)).status).toBe(401);
    expect((await slack.raw(body, { ...form, ...slack.sign(body), 'X-Slack-Signature': 'v0=00' })).status).toBe(401);
    expect((await slack.raw(body, { ...form, ...slack.sign(body, Math.floor(Date.now() / 1000) - 600) })).status).toBe(401);
    expect(seen).toEqual([]);
  });
});
