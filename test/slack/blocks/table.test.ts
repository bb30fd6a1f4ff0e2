/**
 * Slack's table block (issue 29): built within its limits (100 rows with the header, 20 cells a row,
 * one table a message), cells plain text escaped, a table that does not fit not built at all (the
 * caller says its rows as lines); the Block Kit checks know the limits; the console prints it readably.
 */
import { describe, expect, it } from 'vitest';
import { plainCell, tableBlock, tableFits } from '../../../src/slack/blocks/table.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';
import { messageLimitProblems } from '../../support/block-kit-limits.js';
import { loadBlockKitSchema } from '../../support/block-kit-schema.js';

const columns = [{ title: 'Brand' }, { title: 'Presence', align: 'right' as const }];

describe('the table block', () => {
  it('is the header row then the rows, raw_text cells escaped, column settings only where asked', () => {
    const block = tableBlock({ columns, rows: [['Rival & Co <!here>', '45%'], ['', '0%']], blockId: 'map' });
    expect(block).toEqual({
      type: 'table',
      block_id: 'map',
      rows: [
        [{ type: 'raw_text', text: 'Brand' }, { type: 'raw_text', text: 'Presence' }],
        [{ type: 'raw_text', text: 'Rival &amp; Co &lt;!here&gt;' }, { type: 'raw_text', text: '45%' }],
        [{ type: 'raw_text', text: '–' }, { type: 'raw_text', text: '0%' }],
      ],
      column_settings: [{}, { align: 'right' }],
    });
    expect(loadBlockKitSchema().messageBlocks([block])).toEqual([]);
    expect(messageLimitProblems([block])).toEqual([]);
  });

  it('is not built past 100 rows with the header, past 20 cells a row, or with a ragged row', () => {
    const row = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(tableFits({ columns, rows: Array.from({ length: 99 }, () => ['a', 'b']) })).toBe(true);
    expect(tableBlock({ columns, rows: Array.from({ length: 100 }, () => ['a', 'b']) })).toBeNull();
    const wide = Array.from({ length: 21 }, (_, i) => ({ title: `c${i}` }));
    expect(tableBlock({ columns: wide, rows: [row(21)] })).toBeNull();
    expect(tableBlock({ columns: wide.slice(0, 20), rows: [row(20)] })).not.toBeNull();
    expect(tableBlock({ columns, rows: [['only one']] })).toBeNull();
    expect(tableBlock({ columns, rows: [] })).toBeNull();
  });

  it('the Block Kit checks know its limits: rows, cells a row, one table a message', () => {
    const cell = { type: 'raw_text', text: 'x' };
    const tooLong = { type: 'table', rows: Array.from({ length: 101 }, () => [cell]) };
    expect(messageLimitProblems([tooLong])).toEqual(['blocks/0: a table holds at most 100 rows, got 101']);
    const tooWide = { type: 'table', rows: [Array.from({ length: 21 }, () => cell)] };
    expect(messageLimitProblems([tooWide])).toEqual(['blocks/0: a table row holds at most 20 cells, got 21']);
    const ok = { type: 'table', rows: [[cell]] };
    expect(messageLimitProblems([ok, ok])).toEqual(['a message holds at most 1 table block, got 2']);
  });

  it('a figure Radar wrote as mrkdwn reads plainly in a cell; a service string keeps its own asterisks', () => {
    expect(plainCell('_not measured_')).toBe('not measured');
    expect(plainCell('#2 by presence (_tied_)')).toBe('#2 by presence (tied)');
    expect(plainCell('*bold* &lt;b&gt; &amp;')).toBe('*bold* <b> &');
  });

  it('the console prints it as aligned columns under a rule, right-aligned where the column says', () => {
    const block = tableBlock({ columns, rows: [['Acme', '5%'], ['Rival & Co', '45%']] });
    expect(renderBlocksText([block])).toBe(['Brand       Presence', '──────────  ────────', 'Acme              5%', 'Rival & Co       45%'].join('\n'));
  });
});
