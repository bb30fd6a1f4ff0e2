/**
 * Console mode shows charts the way a terminal can: the message prints each chart's title and a
 * sparkline per series (render-text.ts), and here each chart is drawn as the PNG Slack would get as
 * fallback and saved under data/charts/, its path printed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { factsOfChartBlock, isChartBlock } from '../slack/charts/block.js';
import { renderChartPng } from '../slack/charts/render.js';

export const CHARTS_DIR = join('data', 'charts');

let saved = 0;

/** Saves a PNG for every chart block in `blocks`; answers the paths written (none when there is no chart). */
export async function saveChartPngs(blocks: readonly unknown[] | undefined, dir: string = CHARTS_DIR): Promise<string[]> {
  const charts = (blocks ?? []).filter(isChartBlock);
  if (charts.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const paths: string[] = [];
  for (const block of charts) {
    const { png } = await renderChartPng(factsOfChartBlock(block));
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++saved}-${(block.block_id ?? 'chart').replace(/[^\w-]/g, '_')}.png`;
    const path = join(dir, name);
    await writeFile(path, png);
    paths.push(path);
  }
  return paths;
}
