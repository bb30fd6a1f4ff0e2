/** mrkdwn escaping (`text.ts`): the three characters Slack reads as markup, each escaped once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSlackEntities, escapeMrkdwn } from '../../../src/slack/blocks/text.js';

describe('escapeMrkdwn', () => {
  it('escapes &, < and > and nothing else, null and undefined as empty', () => {
    expect(escapeMrkdwn('<@U1> & <!channel> > x')).toBe('&lt;@U1&gt; &amp; &lt;!channel&gt; &gt; x');
    expect(escapeMrkdwn('&amp;')).toBe('&amp;amp;');
    expect(escapeMrkdwn('*bold* _it_ `code`')).toBe('*bold* _it_ `code`');
    expect(escapeMrkdwn(null)).toBe('');
    expect(escapeMrkdwn(undefined)).toBe('');
    expect(escapeMrkdwn(0)).toBe('0');
  });

  it('agrees with escaping each character in turn, and decoding gives the text back', () => {
    const markupHeavy = fc.string({ unit: fc.constantFrom('&', '<', '>', 'a', ' ', ';', '#', 'é', '😀') });
    fc.assert(
      fc.property(fc.oneof(fc.string(), markupHeavy), (text) => {
        const escaped = escapeMrkdwn(text);
        expect(escaped).toBe(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
        expect(escaped).not.toMatch(/[<>]/);
        expect(decodeSlackEntities(escaped)).toBe(text);
      }),
    );
  });
});
