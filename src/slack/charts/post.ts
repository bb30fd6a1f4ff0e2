/**
 * Posting a message that carries charts. Slack's own chart block goes first; when the workspace
 * refuses it (`invalid_blocks`), or by configuration (`mode: 'png'`), the message goes without
 * its chart blocks (the figures as text stay beside where each chart stood) and each chart is
 * rendered as a PNG in the process and uploaded into the message's thread with Slack's external
 * upload (`filesUploadV2`: files.getUploadURLExternal, the bytes, files.completeUploadExternal).
 * A chart whose facts the block cannot say exactly (a value not measured) has no block: its PNG
 * goes up even when the block is accepted.
 */
import type { webApi } from '@slack/bolt';
import type { Block } from '../blocks/index.js';
import { slackErrorCode } from '../slack-errors.js';
import { checkChartsPerMessage, isChartBlock } from './block.js';
import { renderChartPng } from './render.js';
import type { ChartFacts } from './spec.js';
import { chartAltText } from './text.js';

/** A chart of a message: its facts, and the block_id its chart block has when it has one. */
export interface MessageChart {
  blockId: string;
  facts: ChartFacts;
}

export interface ChartMessage {
  text: string;
  blocks: Block[];
  /** The charts the message shows; each chart block's block_id names one of them. */
  charts?: readonly MessageChart[];
}

export type ChartMode = 'native' | 'png';

export interface ChartPostResult {
  ts: string;
  /** How the charts were shown: Slack's block, or PNGs in the thread. */
  shown: 'native' | 'png';
  /** The uploaded PNGs' file ids, in the charts' order. */
  fileIds: string[];
}

type Client = Pick<webApi.WebClient, 'chat' | 'filesUploadV2'>;

const withoutCharts = (blocks: readonly Block[]): Block[] => blocks.filter((b) => !isChartBlock(b));

async function attempt<T>(native: boolean, send: (blocks: Block[]) => Promise<T>, blocks: Block[]): Promise<{ answer: T; shown: 'native' | 'png' }> {
  if (native && blocks.some(isChartBlock)) {
    try {
      return { answer: await send(blocks), shown: 'native' };
    } catch (error) {
      if (slackErrorCode(error) !== 'invalid_blocks') throw error;
    }
  }
  return { answer: await send(withoutCharts(blocks)), shown: 'png' };
}

/** The charts that need a PNG: all of them when shown as PNG, else those without a block in the message. */
function chartsToUpload(message: ChartMessage, shown: 'native' | 'png'): MessageChart[] {
  const charts = message.charts ?? [];
  if (shown === 'png') return [...charts];
  const drawn = new Set(message.blocks.filter(isChartBlock).map((b) => b.block_id));
  return charts.filter((c) => !drawn.has(c.blockId));
}

/** Renders each chart and uploads it into the thread (`threadTs`) of `channel`. */
export async function uploadChartPngs(client: Client, channel: string, threadTs: string, charts: readonly MessageChart[]): Promise<string[]> {
  const ids: string[] = [];
  for (const chart of charts) {
    const { png } = await renderChartPng(chart.facts);
    const answer = await client.filesUploadV2({
      channel_id: channel,
      thread_ts: threadTs,
      file: png,
      filename: `${chart.blockId}.png`,
      title: chart.facts.title,
      alt_text: chartAltText(chart.facts),
    });
    const completed = (answer as { files?: { files?: { id?: string }[] }[] }).files ?? [];
    ids.push(...completed.flatMap((c) => c.files ?? []).flatMap((f) => (f.id ? [f.id] : [])));
  }
  return ids;
}

/** chat.postMessage with charts; PNGs go into the thread the message belongs to (or starts). */
export async function postChartMessage(
  client: Client,
  where: { channel: string; thread_ts?: string },
  message: ChartMessage,
  options: { mode?: ChartMode; metadata?: webApi.ChatPostMessageArguments['metadata'] } = {},
): Promise<ChartPostResult> {
  checkChartsPerMessage(message.blocks);
  const { answer, shown } = await attempt(
    options.mode !== 'png',
    (blocks) =>
      client.chat.postMessage({ channel: where.channel, text: message.text, blocks, ...(where.thread_ts ? { thread_ts: where.thread_ts } : {}), ...(options.metadata ? { metadata: options.metadata } : {}) }),
    message.blocks,
  );
  const ts = answer.ts;
  if (!ts) throw new Error('chat.postMessage answered without a ts');
  const fileIds = await uploadChartPngs(client, where.channel, where.thread_ts ?? ts, chartsToUpload(message, shown));
  return { ts, shown, fileIds };
}

/** chat.update with charts; PNGs go into the updated message's thread. */
export async function updateChartMessage(client: Client, where: { channel: string; ts: string }, message: ChartMessage, options: { mode?: ChartMode } = {}): Promise<ChartPostResult> {
  checkChartsPerMessage(message.blocks);
  const { shown } = await attempt(options.mode !== 'png', (blocks) => client.chat.update({ channel: where.channel, ts: where.ts, text: message.text, blocks }), message.blocks);
  const fileIds = await uploadChartPngs(client, where.channel, where.ts, chartsToUpload(message, shown));
  return { ts: where.ts, shown, fileIds };
}
