import { describe, expect, it } from 'vitest';
import { briefingView } from '../../../src/features/briefing/views/briefing-view.js';

describe('briefingView', () => {
  it('escapes the project name in the fallback text, so a <!channel> in it never notifies', () => {
    const view = briefingView('<!channel> Acme', { kind: 'never' }, new Date('2026-11-20T12:00:00Z'));
    expect(view.text).toBe('No briefing yet for &lt;!channel&gt; Acme');
    expect(JSON.stringify(view)).not.toContain('<!channel>');
  });
});
