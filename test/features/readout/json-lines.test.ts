import { describe, expect, it } from 'vitest';
import { fieldLines, inlineFields } from '../../../src/features/readout/json-lines.js';
import { readFields } from '../../../src/service/read/fields.js';

describe('the generic readout (payloads the spec does not show)', () => {
  it('times as date tokens, labels in words, other strings as sent, null by its meaning, ids left out', () => {
    const facts = readFields({ completedAt: '2026-11-19T04:00:00.000Z', note: '2026-11-19 is a date, not a stamp', priceGap: null, score: null, runId: 'run_0123456789ab', competitor_id: 'cmp_1' });
    const text = fieldLines(facts).join('\n');
    expect(text).toMatch(/\*Completed at:\* <!date\^\d+\^[^|]+\|2026-11-19 04:00 UTC>/);
    expect(text).not.toContain('T04:00:00.000Z');
    expect(text).toContain('*Note:* 2026-11-19 is a date, not a stamp');
    expect(text).toContain('*Price gap:* _no comparison_');
    expect(text).toContain('*Score:* _not measured_');
    expect(text).not.toContain('run_0123456789ab');
    expect(text).not.toContain('cmp_1');
    expect(text).not.toMatch(/null|undefined|completedAt|competitor_id/);
  });

  it('nested parts are indented or counted, lists of values joined, nothing dropped silently', () => {
    const facts = readFields({ a: { b: { c: { d: { e: 1 } } } }, tags: ['x', 'y'], none: [], rows: Array.from({ length: 12 }, (_, i) => ({ k: i })) });
    const text = fieldLines(facts).join('\n');
    expect(text).toContain('*Tags:* x, y');
    expect(text).toContain('*None:* _none_');
    expect(text).toContain('*Rows* (12):');
    expect(text).toContain('…and 2 more');
    expect(inlineFields(readFields({ x: 1, y: { z: 2 }, l: [{ a: 1 }] }, { maxDepth: 0 }))).toBe('X 1 · Y (Z 2) · L 1 entry');
  });
});
