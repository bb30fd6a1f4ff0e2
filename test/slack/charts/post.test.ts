/**
 * Posting charts against the fake Slack: the chart block when accepted, PNGs uploaded into the
 * thread through files.getUploadURLExternal + the bytes + files.completeUploadExternal when Slack
 * refuses it (invalid_blocks) or by configuration, and for a chart the block cannot say exactly.
 */
import { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { section } from '../../../src/slack/blocks/index.js';
import { asBlock, chartFiguresBlocks, nativeChartBlock, type ChartFacts } from '../../../src/slack/charts/index.js';
import { postChartMessage, updateChartMessage, type ChartMessage } from '../../../src/slack/charts/post.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';

const CHANNEL = 'C0RADAR001';
let fake: FakeSlack;
let client: webApi.WebClient;
beforeAll(async () => {
  fake = await startFakeSlack();
  client = new webApi.WebClient('xoxb-test', { slackApiUrl: fake.url, retryConfig: { retries: 0 }, logLevel: webApi.LogLevel.ERROR });
});
afterAll(() => fake.close());
afterEach(() => expectNoViolations(fake));

const scores: ChartFacts = {
  title: 'Trust category scores',
  kind: 'bar',
  unit: '/20',
  series: [{ name: 'acme.com', own: true, points: [{ label: 'Social proof', value: 12 }, { label: 'Risk reversal', value: 4 }] }],
};

function messageOf(facts: ChartFacts, blockId: string): ChartMessage {
  const block = nativeChartBlock(facts, blockId);
  return {
    text: 'Trust signals: acme.com',
    blocks: [section('*Trust signals*'), ...(block ? [asBlock(block)] : []), ...chartFiguresBlocks(facts)],
    charts: [{ blockId, facts }],
  };
}

function isPng(bytes: Buffer | undefined): boolean {
  return bytes !== undefined && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

describe('postChartMessage', () => {
  it('posts the chart block when Slack accepts it, and uploads nothing', async () => {
    const before = fake.files().length;
    const result = await postChartMessage(client, { channel: CHANNEL }, messageOf(scores, 'trust-a'));
    expect(result).toMatchObject({ shown: 'native', fileIds: [] });
    const posted = fake.messagesIn(CHANNEL).find((m) => m.ts === result.ts);
    expect(posted?.blocks?.map((b) => (b as { type: string }).type)).toEqual(['section', 'data_visualization', 'section']);
    expect(fake.files().length).toBe(before);
  });

  it('on invalid_blocks posts again without the chart block and uploads its PNG into the thread', async () => {
    fake.failNext('chat.postMessage', { error: 'invalid_blocks' });
    const result = await postChartMessage(client, { channel: CHANNEL }, messageOf(scores, 'trust-b'));
    expect(result.shown).toBe('png');
    expect(result.fileIds).toHaveLength(1);
    const posted = fake.messagesIn(CHANNEL).find((m) => m.ts === result.ts);
    expect(posted?.blocks?.map((b) => (b as { type: string }).type)).toEqual(['section', 'section']);
    expect(JSON.stringify(posted?.blocks)).toContain('Social proof: 12/20');

    const file = fake.files().find((f) => f.id === result.fileIds[0]);
    expect(file).toMatchObject({ filename: 'trust-b.png', title: 'Trust category scores', completed: true, channel: CHANNEL, thread_ts: result.ts });
    expect(file?.alt_text).toBe('Trust category scores. Social proof: 12/20; Risk reversal: 4/20');
    expect(isPng(file?.bytes)).toBe(true);
    expect(file?.bytes?.length).toBe(file?.length);
    const reply = fake.messagesIn(CHANNEL).find((m) => m.thread_ts === result.ts && m.files);
    expect(reply?.files?.map((f) => f.id)).toEqual(result.fileIds);
    expect(fake.callsTo('files.getUploadURLExternal').at(-1)?.args).toMatchObject({ filename: 'trust-b.png' });
  });

  it('other refusals are not swallowed', async () => {
    fake.failNext('chat.postMessage', { error: 'not_in_channel' });
    await expect(postChartMessage(client, { channel: CHANNEL }, messageOf(scores, 'trust-c'))).rejects.toMatchObject({ data: { error: 'not_in_channel' } });
  });

  it('by configuration sends no chart block; into the given thread', async () => {
    const parent = await client.chat.postMessage({ channel: CHANNEL, text: 'parent' });
    const sent = fake.calls.length;
    const result = await postChartMessage(client, { channel: CHANNEL, thread_ts: parent.ts ?? '' }, messageOf(scores, 'trust-d'), { mode: 'png' });
    expect(result.shown).toBe('png');
    const posts = fake.calls.slice(sent).filter((c) => c.method === 'chat.postMessage');
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(posts[0]?.args.blocks)).not.toContain('data_visualization');
    expect(fake.files().find((f) => f.id === result.fileIds[0])?.thread_ts).toBe(parent.ts);
  });

  it('a chart with a value not measured has no block; its PNG goes up beside the accepted message', async () => {
    const gap: ChartFacts = { ...scores, series: [{ name: 'acme.com', own: true, points: [{ label: 'Social proof', value: null }, { label: 'Risk reversal', value: 4 }] }] };
    const result = await postChartMessage(client, { channel: CHANNEL }, messageOf(gap, 'trust-e'));
    expect(result.shown).toBe('png');
    expect(result.fileIds).toHaveLength(1);
    expect(JSON.stringify(fake.messagesIn(CHANNEL).find((m) => m.ts === result.ts)?.blocks)).toContain('Social proof: not measured');
  });

  it('refuses a third chart in one message before calling Slack', async () => {
    const block = asBlock(nativeChartBlock(scores, 'x') ?? ({} as never));
    await expect(postChartMessage(client, { channel: CHANNEL }, { text: 't', blocks: [block, block, block] })).rejects.toThrow(/at most 2 charts/);
  });
});

describe('updateChartMessage', () => {
  it('on invalid_blocks updates without the chart block and uploads the PNG into the message thread', async () => {
    const parent = await client.chat.postMessage({ channel: CHANNEL, text: 'Scanning…' });
    fake.failNext('chat.update', { error: 'invalid_blocks' });
    const result = await updateChartMessage(client, { channel: CHANNEL, ts: parent.ts ?? '' }, messageOf(scores, 'trust-f'));
    expect(result).toMatchObject({ ts: parent.ts, shown: 'png' });
    expect(fake.messagesIn(CHANNEL).find((m) => m.ts === parent.ts)?.text).toBe('Trust signals: acme.com');
    expect(fake.files().find((f) => f.id === result.fileIds[0])).toMatchObject({ thread_ts: parent.ts, completed: true });
  });
});
