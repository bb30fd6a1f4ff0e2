/**
 * Checks for view unit tests: a rendered message or modal is valid Block Kit within Slack's limits
 * (the same referee the fake Slack applies), and its readable text is what a person would see
 * (src/slack/blocks/render-text.ts), so assertions read like the screen rather than like JSON.
 *
 *   const text = messageText(pricingView('Acme', read));
 *   expect(text).toContain('Market average');
 */
import { expect } from 'vitest';
import { renderBlocksText, renderViewText } from '../../src/slack/blocks/render-text.js';
import { homeLimitProblems, messageLimitProblems, modalLimitProblems } from './block-kit-limits.js';
import { loadBlockKitSchema } from './block-kit-schema.js';

/** A message as views return it: a notification fallback and its blocks. */
export interface RenderedMessage {
  text: string;
  blocks: readonly unknown[];
}

/** Fails unless the message's blocks are valid Block Kit within the limits and it has a fallback text. */
export function expectValidMessage(message: RenderedMessage): void {
  expect(message.text.trim(), 'a message needs a fallback text').not.toBe('');
  const blocks = [...message.blocks];
  expect([...loadBlockKitSchema().messageBlocks(blocks), ...messageLimitProblems(blocks)]).toEqual([]);
}

/** Fails unless the modal is valid Block Kit within Slack's modal limits. */
export function expectValidModal(view: object): void {
  const json = view as Record<string, unknown>;
  expect([...loadBlockKitSchema().modalView(json), ...modalLimitProblems(json)]).toEqual([]);
}

/** Checks the message, then returns what a person reads in it (blocks, or the fallback without). */
export function messageText(message: RenderedMessage): string {
  expectValidMessage(message);
  return renderBlocksText(message.blocks, message.text);
}

/** Checks the modal, then returns what a person reads in it: title, blocks and buttons. */
export function modalText(view: object): string {
  expectValidModal(view);
  return renderViewText(view as Record<string, unknown>);
}

/** Fails unless the Home tab view is valid Block Kit within Slack's Home tab limits (100 blocks). */
export function expectValidHome(view: object): void {
  const json = view as Record<string, unknown>;
  expect([...loadBlockKitSchema().homeView(json), ...homeLimitProblems(json)]).toEqual([]);
}

/** Checks the Home tab view, then returns what a person reads in it. */
export function homeText(view: object): string {
  expectValidHome(view);
  const blocks = (view as { blocks?: unknown[] }).blocks ?? [];
  return renderBlocksText(blocks);
}

/** The message's table block as rows of cell texts (the header row first, entities read back); undefined when it has none. */
export function tableRows(blocks: readonly unknown[] | undefined): string[][] | undefined {
  const table = (blocks ?? []).find((b) => (b as { type?: string }).type === 'table') as { rows: { type: string; text?: string }[][] } | undefined;
  return table?.rows.map((row) => row.map((c) => (c.text ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')));
}

/**
 * The row of the message's table whose first cell contains `first`, said as a view's lines say it: the
 * first cell in bold, then "*Column:* cell" a line. Undefined when there is no table or no such row.
 */
export function tableRowLines(blocks: readonly unknown[] | undefined, first: string): string | undefined {
  const [head, ...rows] = tableRows(blocks) ?? [];
  const row = rows.find((r) => (r[0] ?? '').includes(first));
  if (!head || !row) return undefined;
  return [`*${row[0] ?? ''}*`, ...row.slice(1).map((cell, i) => `*${head[i + 1] ?? ''}:* ${cell}`)].join('\n');
}

/** The message's chart blocks (data_visualization), as Slack gets them. */
export function chartBlocks(blocks: readonly unknown[] | undefined): { block_id?: string; title: string; chart: { type: string; series?: { name: string; data: { label: string; value: number }[] }[] } }[] {
  return (blocks ?? []).filter((b) => (b as { type?: string }).type === 'data_visualization') as never;
}
