import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoViolations, startFakeSlack } from './fake-slack.js';
import type { FakeSlack } from './fake-slack.js';
import { CHANNELS, USERS } from './slack-fixtures.js';

let fake: FakeSlack;
let client: webApi.WebClient;

beforeEach(async () => {
  fake = await startFakeSlack();
  client = new webApi.WebClient('xoxb-fake', { slackApiUrl: fake.url, retryConfig: { retries: 0 } });
});

afterEach(async () => {
  await fake.close();
});

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
const modal = (blocks: unknown[], title = 'New ticket') => ({
  type: 'modal',
  callback_id: 'ticket_modal',
  title: { type: 'plain_text', text: title },
  submit: { type: 'plain_text', text: 'Create' },
  blocks,
});

/** Posts through a raw form body, the way the WebClient does, but without its type checks. */
async function postForm(method: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) body.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const res = await fetch(`${fake.url}${method}`, { method: 'POST', headers: { Authorization: 'Bearer xoxb-fake' }, body });
  return (await res.json()) as Record<string, unknown>;
}

describe('the Block Kit referee', () => {
  it('passes a good message and a good modal', async () => {
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: 'Pricing' } },
      section('*Acme* is 12% above market'),
      { type: 'divider' },
      { type: 'actions', elements: [{ type: 'button', action_id: 'share', text: { type: 'plain_text', text: 'Share' }, value: 'x' }] },
    ];
    await client.chat.postMessage({ channel: CHANNELS.general, text: 'Pricing', blocks });
    const input = { type: 'input', block_id: 'title', label: { type: 'plain_text', text: 'Title' }, element: { type: 'plain_text_input', action_id: 'title' } };
    await client.views.open({ trigger_id: 't', view: modal([input]) as never });
    expectNoViolations(fake);
    expect(fake.messagesIn(CHANNELS.general)).toHaveLength(1);
  });

  it('refuses a section text of 3,001 characters', async () => {
    const res = await postForm('chat.postMessage', { channel: CHANNELS.general, text: 'long', blocks: [section('x'.repeat(3001))] });
    expect(res).toMatchObject({ ok: false, error: 'invalid_blocks' });
    expect(fake.violations[0]?.problems).toContain('blocks/0: section text is 3001 characters, limit 3000');
    expect(fake.messagesIn(CHANNELS.general)).toEqual([]);
  });

  it('refuses 51 blocks in a message but allows 50', async () => {
    const ok = await postForm('chat.postMessage', { channel: CHANNELS.general, text: 't', blocks: Array.from({ length: 50 }, () => ({ type: 'divider' })) });
    expect(ok).toMatchObject({ ok: true });
    const refused = await postForm('chat.update', { channel: CHANNELS.general, ts: ok.ts, text: 't', blocks: Array.from({ length: 51 }, () => ({ type: 'divider' })) });
    expect(refused).toMatchObject({ ok: false, error: 'invalid_blocks' });
    expect(fake.violations.map((v) => v.problems).flat()).toContain('a message holds at most 50 blocks, got 51');
  });

  it('names an unknown block type', async () => {
    await postForm('chat.postMessage', { channel: CHANNELS.general, text: 't', blocks: [section('fine'), { type: 'tabel', rows: [] }] });
    expect(fake.violations).toEqual([expect.objectContaining({ method: 'chat.postMessage', problems: ['blocks/1: unknown block type "tabel"'] })]);
  });

  it('catches schema errors inside a block', async () => {
    const button = { type: 'button', action_id: 'a', text: { type: 'mrkdwn', text: 'Go' } };
    await postForm('chat.postMessage', { channel: CHANNELS.general, text: 't', blocks: [{ type: 'actions', elements: [button] }] });
    expect(fake.violations[0]?.problems.join('\n')).toMatch(/^blocks\/0\/elements\/0\/text\/type: must be equal to constant/m);
  });

  it('checks response_url bodies too', async () => {
    const res = await fetch(fake.responseUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 't', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] }),
    });
    expect(res.status).toBe(404);
    expect(fake.violations[0]?.problems).toContain('blocks/0: header text is 151 characters, limit 150');
  });

  it('refuses a modal with a long title, a long button, too many options or a missing submit', async () => {
    const options = Array.from({ length: 101 }, (_, i) => ({ text: { type: 'plain_text', text: `o${i}` }, value: `v${i}` }));
    const select = { type: 'input', block_id: 'column', label: { type: 'plain_text', text: 'Column' }, element: { type: 'static_select', action_id: 'c', options } };
    const button = { type: 'actions', elements: [{ type: 'button', action_id: 'b', text: { type: 'plain_text', text: 'b'.repeat(76) } }] };
    await postForm('views.open', { trigger_id: 't', view: modal([select, button], 'A title that is far too long') });
    const problems = fake.violations[0]?.problems ?? [];
    expect(problems).toEqual(
      expect.arrayContaining([
        'modal title is 28 characters, limit 24',
        'blocks/0/element: static_select has 101 options, limit 100',
        'blocks/1/elements/0: button text is 76 characters, limit 75',
      ]),
    );
    await postForm('views.open', { trigger_id: 't', view: { ...modal([select]), submit: undefined } });
    expect(fake.violations[1]?.problems).toContain("view: must have required property 'submit'");
  });

  it('requires a text fallback on chat.postMessage and the OpenAPI required parameters', async () => {
    await postForm('chat.postMessage', { channel: CHANNELS.general, blocks: [section('no fallback')] });
    await postForm('chat.postEphemeral', { channel: CHANNELS.general, text: 'who?' });
    expect(fake.violations.map((v) => [v.method, v.problems])).toEqual([
      ['chat.postMessage', ['chat.postMessage needs a `text` fallback for notifications and screen readers']],
      ['chat.postEphemeral', ['missing required parameter user']],
    ]);
    expect(() => expectNoViolations(fake)).toThrow();
  });
});

describe('the record', () => {
  it('keeps every call, response_url bodies separately, and waits for calls to come', async () => {
    const waiting = fake.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel);
    await client.chat.postMessage({ channel: CHANNELS.general, text: 'first' });
    await client.chat.postMessage({ channel: CHANNELS.intel, text: 'second' });
    expect((await waiting).args.text).toBe('second');
    await fetch(fake.responseUrl('r'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"ok","response_type":"ephemeral"}' });
    expect(fake.responses.map((r) => r.args)).toEqual([{ text: 'ok', response_type: 'ephemeral' }]);
    expect(fake.callsTo('chat.postMessage')).toHaveLength(2);
    expect(fake.calls.map((c) => c.method)).toEqual(['chat.postMessage', 'chat.postMessage', 'response_url']);
  });

  it('rejects waitForCall after the timeout, listing what it saw', async () => {
    await client.auth.test();
    await expect(fake.waitForCall('views.open', undefined, { timeoutMs: 30 })).rejects.toThrow(/no matching views.open call within 30 ms \(calls so far: auth.test\)/);
  });

  it('answers users.info from the fixture users', async () => {
    const res = await client.users.info({ user: USERS.alice });
    expect(res.user?.real_name).toBe('Alice Moreau');
  });
});
