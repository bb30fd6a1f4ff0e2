/** Issue 29: the console prints a chart as its title and sparklines, and saves its PNG under a folder. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveChartPngs } from '../../src/console/charts.js';
import { renderBlocksText } from '../../src/slack/blocks/render-text.js';
import { nativeChartBlock } from '../../src/slack/charts/index.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-charts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const block = nativeChartBlock(
  { title: 'AI presence', kind: 'line', series: [{ name: 'Acme', own: true, points: [{ label: 'Nov 1', value: 1 }, { label: 'Nov 8', value: 5 }, { label: 'Nov 15', value: 3 }] }] },
  'ai-trend',
);

describe('charts in the console', () => {
  it('prints the title and a sparkline per series', () => {
    expect(renderBlocksText([block])).toBe('[chart: AI presence]\n  Acme (you)  ▁█▅  1 → 3');
  });

  it('saves each chart block as a PNG and answers the paths; none for a message without charts', async () => {
    const paths = await saveChartPngs([{ type: 'divider' }, block], dir);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/ai-trend\.png$/);
    const bytes = readFileSync(paths[0] ?? '');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(800);
    expect(await saveChartPngs([{ type: 'divider' }], dir)).toEqual([]);
  });
});
