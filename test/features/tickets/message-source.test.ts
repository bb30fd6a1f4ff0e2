import { describe, expect, it } from 'vitest';
import { INPUT_TEXT_MAX, describedFrom, plainFromSlack, titleFrom, withPermalink } from '../../../src/features/tickets/message-source.js';
import { pickerQuery } from '../../../src/features/tickets/ticket-picker.js';

const PERMALINK = 'https://example.slack.com/archives/C1/p1700000000000100';

describe('the message a shortcut was used on', () => {
  it('reads Slack markup as plain text', () => {
    expect(plainFromSlack('See <https://x.io/a|their post> by <@U123> in <#C9|intel> &amp; <https://y.io>')).toBe('See their post (https://x.io/a) by @U123 in #intel & https://y.io');
  });

  it('titles with the first non-blank line, cut at a word boundary near 100 characters', () => {
    expect(titleFrom('\n\n  Short first line  \nsecond')).toBe('Short first line');
    const title = titleFrom(`${'word '.repeat(40)}\nnext`);
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title).toMatch(/word…$/);
  });

  it('cuts a long text so the description fits a Slack input, keeping the author and permalink', () => {
    const source = { channelId: 'C1', messageTs: '1700000000.000100', text: 'x'.repeat(10_000), authorName: 'Bob Okafor', permalink: PERMALINK };
    const description = describedFrom(source);
    expect(description.length).toBeLessThanOrEqual(INPUT_TEXT_MAX);
    expect(description).toContain('From a Slack message by Bob Okafor.');
    expect(description.endsWith(PERMALINK)).toBe(true);
    expect(describedFrom({ ...source, text: 'hi', threadTs: '1699999999.000100' })).toContain('a reply in a thread');
  });

  it('adds the permalink to a description that lost it, once', () => {
    expect(withPermalink('Edited text', PERMALINK)).toBe(`Edited text\n\n${PERMALINK}`);
    expect(withPermalink(`Kept ${PERMALINK}`, PERMALINK)).toBe(`Kept ${PERMALINK}`);
    expect(withPermalink('', PERMALINK)).toBe(PERMALINK);
    expect(withPermalink('No link known', undefined)).toBe('No link known');
  });
});

describe('the ticket picker query', () => {
  it('looks digits up by number and searches words in titles', () => {
    expect(pickerQuery(' #42 ')).toEqual({ number: 42, closed: 'all' });
    expect(pickerQuery('7')).toEqual({ number: 7, closed: 'all' });
    expect(pickerQuery('pricing page 2')).toEqual({ q: 'pricing page 2', closed: 'all' });
  });
});
