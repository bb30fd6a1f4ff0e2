/**
 * A chart as a part of an answer: Slack's chart block where it stands (when the block can say the
 * facts exactly) and the figures as text beside it, and the `MessageChart` the message carries so a
 * poster can draw the PNG instead (post.ts). Views call `chartPart` and spread its blocks.
 */
import type { Block } from '../blocks/index.js';
import { asBlock, nativeChartBlock } from './block.js';
import type { MessageChart } from './post.js';
import type { ChartFacts } from './spec.js';
import { chartFiguresBlocks } from './text.js';

export interface ChartPart {
  /** The chart block (when Slack's block can draw it), then the figures (unless the view says them itself). */
  blocks: Block[];
  /** The chart for the message's `charts` (empty when there are no facts). */
  charts: MessageChart[];
}

/**
 * The chart and its figures. `figures: false` when the view already shows every figure of the chart
 * as text or a table beside it; a chart always has its figures somewhere in the message.
 */
export function chartPart(facts: ChartFacts | null, blockId: string, options: { figures?: boolean; note?: string } = {}): ChartPart {
  if (facts === null) return { blocks: [], charts: [] };
  const block = nativeChartBlock(facts, blockId);
  return {
    blocks: [...(block ? [asBlock(block)] : []), ...(options.figures === false ? [] : chartFiguresBlocks(facts, options.note ? { note: options.note } : {}))],
    charts: [{ blockId, facts }],
  };
}
