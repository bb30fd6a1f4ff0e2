/** Issue 29: a rank change says which way it went ("up 8 places"), never a bare sign ("rank change +8"). */
import { describe, expect, it } from 'vitest';
import { trendView } from '../../../support/raw-views.js';
import { messageText } from '../../../support/view-checks.js';

describe('the AI trend says a rank change in words', () => {
  it('a climb is "up", a fall "down", no change "same place"; never a signed number', () => {
    const items = [
      { date: '2026-11-26', mentionRate: 0.5, score: 48, rank: 1, rankChange: 8 },
      { date: '2026-11-19', mentionRate: 0.45, score: 49, rank: 9, rankChange: -1 },
      { date: '2026-11-12', mentionRate: 0.5, score: 50, rank: 8, rankChange: 0 },
    ];
    const text = messageText(trendView('Northwind CRM', { items }, null));
    expect(text).toContain('presence rank 1 · up 8 places since the check before');
    expect(text).toContain('presence rank 9 · down 1 place since the check before');
    expect(text).toContain('presence rank 8 · same place as the check before');
    expect(text).not.toMatch(/rank change [+−-]?\d/);
  });
});
