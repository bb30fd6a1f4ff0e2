import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalWebApi, WebApiRejection } from '../../src/slack/local-web-api/index.js';
import type { LocalWebApi, WebApiCall } from '../../src/slack/local-web-api/index.js';

const TOKEN = 'xoxb-local-test';
const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Hello*' } }];

let api: LocalWebApi;
let calls: WebApiCall[];
let client: webApi.WebClient;

beforeEach(async () => {
  calls = [];
  api = await startLocalWebApi({
    users: { U0ALICE001: { name: 'alice', real_name: 'Alice Moreau' } },
    channels: { C0GENERAL1: { name: 'general' } },
    onCall: (call) => {
      calls.push(call);
    },
  });
  client = new webApi.WebClient(TOKEN, { slackApiUrl: api.url, retryConfig: { retries: 0 } });
});

afterEach(async () => {
  await api.close();
});

async function post(method: string, body: unknown, token: string | null = TOKEN): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const res = await fetch(`${api.url}${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token !== null && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

describe('answers like Slack', () => {
  it('identifies the bot on auth.test', async () => {
    const res = await client.auth.test();
    expect(res).toMatchObject({ ok: true, user_id: 'U0RADARBOT', team_id: 'T0RADAR001', bot_id: 'B0RADAR001' });
  });

  it('posts messages with unique increasing ts and decodes form-encoded blocks and metadata', async () => {
    const metadata = { event_type: 'radar_digest', event_payload: { projectId: 'p1' } };
    const first = await client.chat.postMessage({ channel: 'C0GENERAL1', text: 'one', blocks, metadata });
    const second = await client.chat.postMessage({ channel: 'C0GENERAL1', text: 'two' });
    expect(first).toMatchObject({ ok: true, channel: 'C0GENERAL1', message: { text: 'one', blocks } });
    expect(Number(second.ts)).toBeGreaterThan(Number(first.ts));
    expect(calls[0]).toMatchObject({ method: 'chat.postMessage', token: TOKEN, args: { channel: 'C0GENERAL1', blocks, metadata } });
    expect(api.messages('C0GENERAL1').map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('accepts JSON bodies and the token as a field', async () => {
    const res = await fetch(`${api.url}chat.postMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: TOKEN, channel: 'C1', text: 'hi', blocks: JSON.stringify(blocks) }),
    });
    expect(await res.json()).toMatchObject({ ok: true, message: { blocks } });
    expect(calls[0]?.args).not.toHaveProperty('token');
  });

  it('answers not_authed without a token and unknown_method for other methods', async () => {
    expect((await post('chat.postMessage', { channel: 'C1', text: 'x' }, null)).json).toEqual({ ok: false, error: 'not_authed' });
    expect((await post('admin.apps.approve', {})).json).toEqual({ ok: false, error: 'unknown_method' });
  });

  it('lists history newest first, with metadata only when include_all_metadata is set', async () => {
    const metadata = { event_type: 'radar_digest', event_payload: { edition: 'r1' } };
    const parent = await client.chat.postMessage({ channel: 'C1', text: 'parent', metadata });
    await client.chat.postMessage({ channel: 'C1', text: 'reply', thread_ts: parent.ts });
    await client.chat.postMessage({ channel: 'C1', text: 'later' });

    const plain = await client.conversations.history({ channel: 'C1' });
    expect(plain.messages?.map((m) => m.text)).toEqual(['later', 'parent']);
    expect(plain.messages?.[1]).not.toHaveProperty('metadata');
    expect(plain.messages?.[1]).toMatchObject({ reply_count: 1 });

    const withMetadata = await client.conversations.history({ channel: 'C1', include_all_metadata: true, limit: 1 });
    expect(withMetadata).toMatchObject({ has_more: true, messages: [{ text: 'later' }] });
    const next = await client.conversations.history({ channel: 'C1', include_all_metadata: true, cursor: withMetadata.response_metadata?.next_cursor });
    expect(next.messages).toEqual([expect.objectContaining({ text: 'parent', metadata })]);

    const replies = await client.conversations.replies({ channel: 'C1', ts: parent.ts ?? '' });
    expect(replies.messages?.map((m) => m.text)).toEqual(['parent', 'reply']);
  });

  it('updates, links and deletes messages', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'before' });
    const ts = posted.ts ?? '';
    await client.chat.update({ channel: 'C1', ts, text: 'after', blocks });
    expect(api.messages('C1')[0]).toMatchObject({ text: 'after', blocks, edited: { user: 'U0RADARBOT' } });
    const link = await client.chat.getPermalink({ channel: 'C1', message_ts: ts });
    expect(link.permalink).toBe(`https://example.slack.com/archives/C1/p${ts.replace('.', '')}`);
    await client.chat.delete({ channel: 'C1', ts });
    expect(api.messages('C1')).toEqual([]);
    await expect(client.chat.update({ channel: 'C1', ts, text: 'gone' })).rejects.toMatchObject({ data: { error: 'message_not_found' } });
  });

  it('answers ephemeral posts with a message_ts and keeps them out of history', async () => {
    const res = await client.chat.postEphemeral({ channel: 'C1', user: 'U0ALICE001', text: 'only you' });
    expect(res.message_ts).toMatch(/^\d+\.\d{6}$/);
    expect(api.messages('C1')).toEqual([]);
  });

  it('answers users.info and conversations.info', async () => {
    const user = await client.users.info({ user: 'U0ALICE001' });
    expect(user.user).toMatchObject({ id: 'U0ALICE001', real_name: 'Alice Moreau', profile: { real_name: 'Alice Moreau' } });
    await expect(client.users.info({ user: 'U0NOBODY01' })).rejects.toMatchObject({ data: { error: 'user_not_found' } });
    const channel = await client.conversations.info({ channel: 'C0GENERAL1' });
    expect(channel.channel).toMatchObject({ id: 'C0GENERAL1', name: 'general', is_member: true });
  });

  it('opens, pushes and updates views by id or external_id, refusing a stale hash', async () => {
    const modal = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Ticket' }, blocks, external_id: 'ext-1' };
    const opened = await client.views.open({ trigger_id: 't1', view: modal });
    expect(opened.view).toMatchObject({ id: expect.stringMatching(/^V/), hash: expect.any(String), external_id: 'ext-1', state: { values: {} } });
    const id = opened.view?.id ?? '';

    const updated = await client.views.update({ view_id: id, hash: opened.view?.hash, view: { ...modal, title: { type: 'plain_text', text: 'Saved' } } });
    expect(updated.view).toMatchObject({ id, title: { text: 'Saved' } });
    expect(updated.view?.hash).not.toBe(opened.view?.hash);
    await expect(client.views.update({ view_id: id, hash: opened.view?.hash, view: modal })).rejects.toMatchObject({ data: { error: 'hash_conflict' } });
    await client.views.update({ external_id: 'ext-1', view: { ...modal, title: { type: 'plain_text', text: 'By external id' } } });
    expect(api.view('ext-1')).toMatchObject({ id, title: { text: 'By external id' } });

    const pushed = await client.views.push({ trigger_id: 't2', view: { ...modal, external_id: 'ext-2' } });
    expect(pushed.view).toMatchObject({ root_view_id: id, previous_view_id: id });
    expect(api.latestView()?.id).toBe(pushed.view?.id);
  });
});

describe('faults', () => {
  it('fails the next matching calls, then recovers', async () => {
    api.failNext('chat.postMessage', { error: 'not_in_channel', times: 2 });
    expect((await post('chat.postMessage', { channel: 'C1', text: 'a' })).json).toEqual({ ok: false, error: 'not_in_channel' });
    expect((await post('chat.postMessage', { channel: 'C1', text: 'b' })).json).toEqual({ ok: false, error: 'not_in_channel' });
    expect((await post('chat.postMessage', { channel: 'C1', text: 'c' })).json).toMatchObject({ ok: true });
    expect(api.messages('C1').map((m) => m.text)).toEqual(['c']);
  });

  it('fails only the named channel when failNext has a channel', async () => {
    api.failNext('chat.postMessage', { error: 'channel_not_found', channel: 'C2' });
    expect((await post('chat.postMessage', { channel: 'C1', text: 'a' })).json).toMatchObject({ ok: true });
    expect((await post('chat.postMessage', { channel: 'C2', text: 'b' })).json).toEqual({ ok: false, error: 'channel_not_found' });
  });

  it('answers ratelimited with HTTP 429 and Retry-After', async () => {
    api.failNext('chat.update', { error: 'ratelimited', retryAfter: 7 });
    const res = await post('chat.update', { channel: 'C1', ts: '1.0', text: 'x' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.json).toEqual({ ok: false, error: 'ratelimited' });
  });

  it("is understood by the WebClient: it honours Retry-After and retries", async () => {
    api.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 0 });
    const patient = new webApi.WebClient(TOKEN, { slackApiUrl: api.url, retryConfig: { retries: 1, factor: 1, minTimeout: 0, maxTimeout: 0 } });
    await expect(patient.chat.postMessage({ channel: 'C1', text: 'retried' })).resolves.toMatchObject({ ok: true });
    expect(calls.map((c) => c.method)).toEqual(['chat.postMessage', 'chat.postMessage']);
    const strict = new webApi.WebClient(TOKEN, { slackApiUrl: api.url, rejectRateLimitedCalls: true });
    api.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 3 });
    await expect(strict.chat.postMessage({ channel: 'C1', text: 'x' })).rejects.toMatchObject({ code: 'slack_webapi_rate_limited_error', retryAfter: 3 });
  });

  it('keeps a denied channel failing while others work, until allowed again', async () => {
    api.denyChannel('C2', 'is_archived');
    for (let i = 0; i < 3; i += 1) {
      expect((await post('chat.postMessage', { channel: 'C2', text: 'x' })).json).toEqual({ ok: false, error: 'is_archived' });
    }
    expect((await post('chat.postMessage', { channel: 'C1', text: 'x' })).json).toMatchObject({ ok: true });
    api.allowChannel('C2');
    expect((await post('chat.postMessage', { channel: 'C2', text: 'x' })).json).toMatchObject({ ok: true });
  });

  it('delays the next call of a method so clients can time out', async () => {
    api.delayNext('chat.postMessage', 500);
    const slow = new webApi.WebClient(TOKEN, { slackApiUrl: api.url, timeout: 50, retryConfig: { retries: 0 } });
    await expect(slow.chat.postMessage({ channel: 'C1', text: 'late' })).rejects.toThrow();
    // Only the next call was delayed: a later one is answered while the delayed one is still held.
    await client.chat.postMessage({ channel: 'C1', text: 'on time' });
    expect(api.messages('C1').map((m) => m.text)).toEqual(['on time']);
  });

  it('answers a rejection thrown by onCall and leaves state untouched', async () => {
    await api.close();
    api = await startLocalWebApi({
      onCall: () => {
        throw new WebApiRejection('invalid_blocks', ['blocks[0]: nope']);
      },
    });
    expect((await post('chat.postMessage', { channel: 'C1', text: 'x' })).json).toEqual({
      ok: false,
      error: 'invalid_blocks',
      response_metadata: { messages: ['blocks[0]: nope'] },
    });
    expect(api.messages('C1')).toEqual([]);
  });
});

describe('response_url', () => {
  it('records JSON posts to a response URL as response_url calls', async () => {
    const url = api.responseUrl('cmd-1');
    expect(url.startsWith(api.url.replace('/api/', '/response/'))).toBe(true);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ replace_original: true, text: 'Done', blocks }),
    });
    expect(res.status).toBe(200);
    expect(calls).toEqual([expect.objectContaining({ method: 'response_url', responseUrlId: 'cmd-1', token: undefined, args: { replace_original: true, text: 'Done', blocks } })]);
  });

  it('hands out distinct URLs and answers an injected failure with 404', async () => {
    expect(api.responseUrl()).not.toBe(api.responseUrl());
    api.failNext('response_url', { error: 'expired_url' });
    const res = await fetch(api.responseUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"late"}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: 'expired_url' });
  });
});

describe('auth.teams.list (installs from a link)', () => {
  it("answers an org-wide token's workspaces a page at a time, and a workspace token's own", async () => {
    const local = await startLocalWebApi({ oauth: { clientId: 'c', clientSecret: 's' } });
    try {
      const org = local.oauth?.install({ teamId: 'T0HQ', teamName: 'HQ', enterpriseId: 'E0ORG', orgWide: true, teamIds: ['T0HQ', 'T0WS1', 'T0WS2'] }) ?? '';
      const one = local.oauth?.install({ teamId: 'T0SOLO', teamName: 'Solo' }) ?? '';
      const orgClient = new webApi.WebClient(org, { slackApiUrl: local.url, retryConfig: { retries: 0 } });
      const first = await orgClient.auth.teams.list({ limit: 2 });
      expect(first.teams?.map((t) => t.id)).toEqual(['T0HQ', 'T0WS1']);
      const cursor = first.response_metadata?.next_cursor ?? '';
      expect(cursor).not.toBe('');
      const second = await orgClient.auth.teams.list({ limit: 2, cursor });
      expect(second.teams?.map((t) => t.id)).toEqual(['T0WS2']);
      expect(second.response_metadata?.next_cursor).toBe('');
      const solo = await new webApi.WebClient(one, { slackApiUrl: local.url, retryConfig: { retries: 0 } }).auth.teams.list({});
      expect(solo.teams?.map((t) => t.id)).toEqual(['T0SOLO']);
      await expect(orgClient.auth.teams.list({ cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({ data: { error: 'invalid_cursor' } });
    } finally {
      await local.close();
    }
  });
});
