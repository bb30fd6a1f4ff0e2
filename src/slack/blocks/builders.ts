/**
 * Block builders that keep Slack's limits by construction: every text is cut to its limit, so a view
 * can pass long service strings without Slack rejecting the post. Texts given to `section`,
 * `fields` and `context` are mrkdwn the caller has already escaped (use `escapeMrkdwn` on every
 * service- or user-supplied part); `header`, `button` and options take plain text.
 */
import type { types } from '@slack/bolt';
import { LIMITS } from './limits.js';
import { truncate } from './text.js';

export type Block = types.KnownBlock;
export type Button = types.Button;
export type ActionsElement = types.ActionsBlockElement;
export type PlainOption = types.PlainTextOption;

export const mrkdwnText = (text: string, max: number = LIMITS.sectionText): types.MrkdwnElement => ({
  type: 'mrkdwn',
  text: truncate(text || ' ', max),
});

export const plainText = (text: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: truncate(text || ' ', max),
  emoji: true,
});

export function header(text: string): types.HeaderBlock {
  return { type: 'header', text: plainText(text, LIMITS.headerText) };
}

export function section(text: string, accessory?: types.SectionBlock['accessory']): types.SectionBlock {
  return { type: 'section', text: mrkdwnText(text), ...(accessory ? { accessory } : {}) };
}

/** A section of two-column fields; more than ten fields are split across sections. */
export function fields(items: string[]): types.SectionBlock[] {
  const out: types.SectionBlock[] = [];
  for (let i = 0; i < items.length; i += LIMITS.fieldsPerSection) {
    out.push({ type: 'section', fields: items.slice(i, i + LIMITS.fieldsPerSection).map((f) => mrkdwnText(f, LIMITS.sectionField)) });
  }
  return out;
}

export function context(...texts: string[]): types.ContextBlock {
  return { type: 'context', elements: texts.slice(0, LIMITS.elementsPerContext).map((t) => mrkdwnText(t, LIMITS.contextText)) };
}

export function divider(): types.DividerBlock {
  return { type: 'divider' };
}

export function button(options: { text: string; actionId: string; value?: string; style?: 'primary' | 'danger'; url?: string }): types.Button {
  if (options.actionId.length > LIMITS.actionId) throw new Error(`action_id over ${LIMITS.actionId} characters`);
  if (options.value !== undefined && options.value.length > LIMITS.buttonValue) throw new Error(`button value over ${LIMITS.buttonValue} characters`);
  return {
    type: 'button',
    text: plainText(options.text, LIMITS.buttonText),
    action_id: options.actionId,
    ...(options.value !== undefined ? { value: options.value } : {}),
    ...(options.style ? { style: options.style } : {}),
    ...(options.url ? { url: options.url } : {}),
  };
}

export function actions(elements: ActionsElement[], blockId?: string): types.ActionsBlock {
  return { type: 'actions', elements: elements.slice(0, LIMITS.elementsPerActions), ...(blockId ? { block_id: blockId } : {}) };
}

export function option(text: string, value: string): PlainOption {
  if (value.length > LIMITS.optionValue) throw new Error(`option value over ${LIMITS.optionValue} characters`);
  return { text: plainText(text, LIMITS.optionText), value };
}

/**
 * Keeps a message within `max` blocks (Slack's 50 by default): when `blocks` is longer, the tail is
 * replaced by one context block saying how many blocks were left out (`…and N <what>`), so `what`
 * names what one block stands for.
 */
export function fitBlocks(blocks: Block[], max: number = LIMITS.blocksPerMessage, what = 'more'): Block[] {
  if (blocks.length <= max) return blocks;
  const kept = blocks.slice(0, max - 1);
  const dropped = blocks.length - kept.length;
  return [...kept, context(`…and ${dropped} ${what}`)];
}

/** Cuts a list to `max` entries, reporting how many were left out, for "…and N more" lines. */
export function takeWithRest<T>(items: readonly T[], max: number): { shown: T[]; rest: number } {
  return { shown: items.slice(0, max), rest: Math.max(0, items.length - max) };
}

/**
 * Groups lines into texts that each fit one section (with room to spare), in order; a single line
 * longer than that is cut. For lists of rows that would overrun one section's 3,000 characters.
 */
export function chunkLines(lines: readonly string[], separator = '\n'): string[] {
  const max = LIMITS.sectionText - 100;
  const chunks: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = truncate(raw, max);
    if (current && current.length + separator.length + line.length > max) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}${separator}${line}` : line;
  }
  if (current) chunks.push(current);
  return chunks;
}
