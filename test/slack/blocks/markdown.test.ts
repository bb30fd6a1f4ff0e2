import { describe, expect, it } from 'vitest';
import { markdownToMrkdwn } from '../../../src/slack/blocks/markdown.js';

describe('Markdown as Slack mrkdwn', () => {
  it('writes headings as bold lines and task lists with ☐/☑', () => {
    const out = markdownToMrkdwn('## Goal\nLead with the forecasting story.\n\n- [x] Draft copy\n- [ ] Design review');
    expect(out).toBe('*Goal*\nLead with the forecasting story.\n\n☑ Draft copy\n☐ Design review');
  });

  it('writes bullets, numbers and nested lists', () => {
    expect(markdownToMrkdwn('- one\n- two\n  - inner\n\n3. c\n4. d')).toBe('• one\n• two\n    ◦ inner\n\n3. c\n4. d');
  });

  it('writes emphasis, strike, code and links the Slack way', () => {
    expect(markdownToMrkdwn('Some **bold**, _em_, ~~gone~~, `a<b` and [the docs](https://example.com/a?b=1).')).toBe(
      'Some *bold*, _em_, ~gone~, `a&lt;b` and <https://example.com/a?b=1|the docs>.',
    );
  });

  it('escapes text so nothing in it mentions or links on its own', () => {
    const out = markdownToMrkdwn('Ping <!channel> & <@U123>, see <b>this</b> and [x](javascript:alert(1))');
    expect(out).not.toMatch(/<!channel>|<@U123>|javascript:/);
    expect(out).toContain('&lt;!channel&gt; &amp; &lt;@U123&gt;');
    expect(out).toContain('this');
    expect(out).not.toContain('<b>');
  });

  it('keeps code blocks, block quotes and tables readable', () => {
    expect(markdownToMrkdwn('```js\nlet x = a < b;\n```')).toBe('```\nlet x = a &lt; b;\n```');
    expect(markdownToMrkdwn('> quoted\n> twice')).toBe('> quoted\n> twice');
    expect(markdownToMrkdwn('| Plan | Price |\n|---|---|\n| Pro | $29 |')).toBe('```\nPlan | Price\n-----+------\nPro  | $29\n```');
  });

  it('reads plain text as itself', () => {
    expect(markdownToMrkdwn('First draft is in Figma, feedback welcome.')).toBe('First draft is in Figma, feedback welcome.');
    expect(markdownToMrkdwn('')).toBe('');
  });
});
