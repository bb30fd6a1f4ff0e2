/**
 * Slack's `table` block (docs.slack.dev/reference/block-kit/blocks/table-block): rows of cells,
 * at most 100 rows (the header row counts) and 20 cells a row, `column_settings` (align,
 * is_wrapped) for at most 20 columns, one table a message. Cells are `raw_text` (no mrkdwn: no
 * bold, no links), given as plain text and escaped here. A table that does not fit is not cut: `tableBlock` answers null
 * and the caller says the rows as plain lines (`tableOrLines`).
 */
import type { types } from '@slack/bolt';
import { LIMITS } from './limits.js';
import { escapeMrkdwn } from './text.js';

export interface TableColumn {
  title: string;
  align?: 'left' | 'center' | 'right';
  /** Long text (a name, a note) wraps instead of being cut off. */
  wrap?: boolean;
}

export interface TableFacts {
  columns: readonly TableColumn[];
  /** One array of cell texts per row, in the columns' order (plain text, shown as is). */
  rows: readonly (readonly string[])[];
  blockId?: string;
}

/**
 * A cell: the text escaped like every service string that reaches Slack (`&`, `<`, `>` as entities,
 * so nothing in a cell is ever read as a mention), never empty (a dash says "nothing here").
 */
const cell = (text: string): types.RawTextElement => ({ type: 'raw_text', text: text.trim() === '' ? '–' : escapeMrkdwn(text) });

/** Whether the facts fit one table block: header and rows within 100, columns within 20, every row as wide as the header. */
export function tableFits(facts: TableFacts): boolean {
  return (
    facts.columns.length > 0 &&
    facts.rows.length > 0 &&
    facts.columns.length <= LIMITS.tableCellsPerRow &&
    facts.rows.length + 1 <= LIMITS.tableRows &&
    facts.rows.every((r) => r.length === facts.columns.length)
  );
}

/** The table block (the header row first), or null when it does not fit one. */
export function tableBlock(facts: TableFacts): types.TableBlock | null {
  if (!tableFits(facts)) return null;
  const settings = facts.columns.map((c) => ({ ...(c.align ? { align: c.align } : {}), ...(c.wrap ? { is_wrapped: true } : {}) }));
  return {
    type: 'table',
    ...(facts.blockId ? { block_id: facts.blockId } : {}),
    rows: [facts.columns.map((c) => cell(c.title)), ...facts.rows.map((r) => r.map(cell))],
    ...(settings.some((s) => Object.keys(s).length > 0) ? { column_settings: settings } : {}),
  };
}

/** Whether a message's blocks already hold a table (Slack draws one a message). */
export function hasTable(blocks: readonly { type: string }[]): boolean {
  return blocks.some((b) => b.type === 'table');
}

/**
 * A figure Radar wrote as mrkdwn ("_not measured_", "#2 by presence", "&lt;5") as a plain cell's
 * text: Radar's own italics dropped, entities read back (the cell escapes again). Bold marks are
 * left alone: a service string may hold asterisks of its own.
 */
export function plainCell(mrkdwn: string): string {
  return mrkdwn
    .replace(/(^|[\s(])_([^_]+)_(?=$|[\s).,;:])/g, '$1$2')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
