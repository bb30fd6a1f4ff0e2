/** The held changes' message (issue 30): one section per dimension, the rest in the thread, within Block Kit's limits. */
import { describe, expect, it } from 'vitest';
import { heldMessages } from '../../../../src/features/watches/views/held-message.js';
import { DEFAULT_WATCH_SCHEDULE, WATCH_DIMENSIONS } from '../../../../src/store/watches.js';
import type { HeldEntry } from '../../../../src/store/watch-held.js';

const entry = (dimension: (typeof WATCH_DIMENSIONS)[number], run: number, lines: number): HeldEntry => ({
  id: `digest:${dimension}:r${run}`,
  reason: 'digest',
  projectId: 'p',
  dimension,
  runId: `r${run}`,
  runAt: null,
  heldAt: '2026-11-27T10:00:00.000Z',
  changes: Array.from({ length: lines }, (_, i) => ({ kind: 'other', competitor: null, weight: i, line: `line ${run}.${i} ${'x'.repeat(300)}` })),
});

describe('heldMessages', () => {
  it('says each dimension with its most significant lines, every line in the thread, within the limits', () => {
    const entries = WATCH_DIMENSIONS.flatMap((d) => [entry(d, 1, 30), entry(d, 2, 30)]);
    const { main, thread } = heldMessages({ reason: 'digest', projectName: 'Acme <Co>', schedule: { ...DEFAULT_WATCH_SCHEDULE, zone: 'Europe/Berlin' }, entries });
    expect(main.blocks.length).toBeLessThanOrEqual(50);
    const texts = main.blocks.map((b) => JSON.stringify(b));
    expect(texts[0]).toContain('Watch digest: Acme &lt;Co&gt;');
    expect(texts[0]).toContain('360 changes');
    expect(texts.filter((t) => t.includes('(2 runs)'))).toHaveLength(WATCH_DIMENSIONS.length);
    for (const block of main.blocks) if (block.type === 'section') expect(JSON.stringify(block).length).toBeLessThan(3_200);
    // The most significant first: weight 29 of each run before the lower ones.
    expect(texts[1]).toContain('line 1.29');
    expect(texts.at(-1)).toContain('09:00 Europe/Berlin');
    const threadText = JSON.stringify(thread);
    for (const run of [1, 2]) for (let i = 0; i < 30; i++) expect(threadText).toContain(`line ${run}.${i} `);
  });

  it('the quiet-hours message names the window, or that it is off', () => {
    const quiet = { ...entry('pricing', 1, 1), reason: 'quiet' as const };
    expect(JSON.stringify(heldMessages({ reason: 'quiet', projectName: 'P', schedule: { ...DEFAULT_WATCH_SCHEDULE, quiet: { from: '19:00', to: '08:00' } }, entries: [quiet] }).main.blocks)).toContain("quiet hours (19:00–08:00 UTC)");
    expect(JSON.stringify(heldMessages({ reason: 'quiet', projectName: 'P', schedule: DEFAULT_WATCH_SCHEDULE, entries: [quiet] }).main.blocks)).toContain("this channel's quiet hours, posted");
  });
});
