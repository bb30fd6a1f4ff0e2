import { describe, expect, it } from 'vitest';
import { renderEmoji } from '../../src/console/emoji.js';

describe('renderEmoji', () => {
  it("renders the shortcodes Radar uses as characters and leaves unknown ones and times as they are", () => {
    expect(renderEmoji(':white_check_mark: Assigned. :warning: late :hourglass_flowing_sand:')).toBe('✅ Assigned. ⚠️ late ⏳');
    expect(renderEmoji(':not_an_emoji: at 10:30:00')).toBe(':not_an_emoji: at 10:30:00');
  });
});
