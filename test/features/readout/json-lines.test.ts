import { describe, expect, it } from 'vitest';
import { jsonLines } from '../../../src/features/readout/json-lines.js';

describe('jsonLines (payloads the spec does not show)', () => {
  it('reads timestamps in Radar’s one form, keeps other strings as sent, and says null by the caller’s rule', () => {
    const lines = jsonLines({ completedAt: '2026-11-19T04:00:00.000Z', note: '2026-11-19 is a date, not a stamp', gap: null, runId: 'run_0123456789ab' }, { nullText: () => '_no comparison_' });
    const text = lines.join('\n');
    expect(text).toContain('*Completed at:* 2026-11-19 04:00 UTC');
    expect(text).not.toContain('T04:00:00.000Z');
    expect(text).toContain('2026-11-19 is a date, not a stamp');
    expect(text).toContain('_no comparison_');
    expect(text).toContain('*Run id:* run_0123456789ab');
  });
});
