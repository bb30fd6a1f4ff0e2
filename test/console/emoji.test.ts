import { describe, expect, it } from 'vitest';
import { renderEmoji } from '../../src/console/emoji.js';

describe('renderEmoji', () => {
  it("renders the shortcodes Radar uses as characters and leaves unknown ones and times as they are", () => {
    expect(renderEmoji(':white_check_mark: Assigned. :warning: late :hourglass_flowing_sand:')).toBe('✅ Assigned. ⚠️ late ⏳');
    expect(renderEmoji(':not_an_emoji: at 10:30:00')).toBe(':not_an_emoji: at 10:30:00');
  });
});

describe('every shortcode Radar writes', () => {
  it('has its character in the console', async () => {
    // Every `:shortcode:` in Radar's own sources (not dimension keys or other colon-wrapped words).
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { EMOJI } = await import('../../src/console/emoji.js');
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.startsWith('sandbox'));
    const used = new Set<string>();
    for (const file of files) for (const m of readFileSync(join('src', file), 'utf8').matchAll(/(?<![\w:])`?:([a-z][a-z0-9_+]*):(?![\w:])/g)) used.add(m[1]!);
    const notEmoji = new Set(['briefing', 'comment', 'content', 'positioning', 'pricing', 'published', 'unknown']);
    expect([...used].filter((name) => !notEmoji.has(name) && !EMOJI[name])).toEqual([]);
  });
});
