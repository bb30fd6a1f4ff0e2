import { describe, expect, it } from 'vitest';
import { renderBlocksText, renderMrkdwn, renderViewText } from '../../../src/slack/blocks/render-text.js';

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

describe('renderMrkdwn', () => {
  it('keeps bold, turns links into label (url) and unescapes entities', () => {
    expect(renderMrkdwn('*Acme* &lt;b&gt; &amp;lt; <https://acme.com/pricing|pricing page>')).toBe('*Acme* <b> &lt; pricing page (https://acme.com/pricing)');
  });

  it('shows bare links, mentions, broadcasts and dates readably', () => {
    // A date token in this machine's zone (1700000000 is 2023-11-14 22:13 UTC: the 14th or 15th).
    expect(renderMrkdwn('<https://x.io> <@U1> <#C1|intel> <!here> <!date^1700000000^{date}|Nov 14>')).toMatch(/^https:\/\/x\.io @U1 #intel @here November 1[45]th, 2023$/);
    expect(renderMrkdwn('<!date^bad^{date}|Nov 14>')).toBe('Nov 14');
  });
});

describe('renderBlocksText', () => {
  it('renders a message: header, section with fields and accessory, context, divider, actions', () => {
    const text = renderBlocksText([
      { type: 'header', text: plain('Pricing: Acme') },
      {
        type: 'section',
        text: mrkdwn('*12%* above market'),
        fields: [mrkdwn('*Plan*\nPro'), mrkdwn('*Price*\n$49')],
        accessory: { type: 'button', action_id: 'share', text: plain('Share') },
      },
      { type: 'context', elements: [mrkdwn('as of 2026-11-20'), { type: 'image', image_url: 'https://x.io/a.png', alt_text: 'logo' }] },
      { type: 'divider' },
      {
        type: 'actions',
        elements: [
          { type: 'button', action_id: 'ticket_move', text: plain('Move') },
          { type: 'static_select', action_id: 'ticket_assign', placeholder: plain('Assign'), options: [] },
        ],
      },
    ]);
    expect(text).toBe(
      ['== Pricing: Acme ==', '*12%* above market  [Share]', '  *Plan*\nPro', '  *Price*\n$49', 'as of 2026-11-20  ·  [logo]', '---', '[Move]  [Assign ▾]'].join('\n'),
    );
  });

  it('renders minimal rich text: styles, links, mentions, lists, quotes, code', () => {
    const text = renderBlocksText([
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_section',
            elements: [
              { type: 'text', text: 'Hi ' },
              { type: 'user', user_id: 'U1' },
              { type: 'text', text: ' see ', style: { bold: true } },
              { type: 'link', url: 'https://x.io', text: 'this' },
              { type: 'emoji', name: 'eyes' },
            ],
          },
          { type: 'rich_text_list', style: 'bullet', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'one' }] }] },
          { type: 'rich_text_quote', elements: [{ type: 'text', text: 'quoted' }] },
          { type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'code' }] },
        ],
      },
    ]);
    expect(text).toBe('Hi @U1 *see* this (https://x.io):eyes:\n• one\n> quoted\n```\ncode\n```');
  });

  it('falls back to the text when there are no blocks, and names unknown blocks', () => {
    expect(renderBlocksText(undefined, 'Plain &amp; simple')).toBe('Plain & simple');
    expect(renderBlocksText([{ type: 'video', title: plain('v') }])).toBe('[video block]');
  });
});

describe('renderViewText', () => {
  it('renders a modal with its inputs, current values and buttons', () => {
    const text = renderViewText({
      type: 'modal',
      title: plain('New ticket'),
      submit: plain('Create'),
      close: plain('Cancel'),
      blocks: [
        { type: 'input', block_id: 'title', label: plain('Title'), element: { type: 'plain_text_input', action_id: 't', initial_value: 'Match Acme' } },
        {
          type: 'input',
          block_id: 'column',
          label: plain('Column'),
          element: { type: 'static_select', action_id: 'c', initial_option: { text: plain('Triage'), value: 'triage' }, options: [] },
        },
        { type: 'input', block_id: 'due', optional: true, label: plain('Due'), hint: plain('YYYY-MM-DD'), element: { type: 'datepicker', action_id: 'd' } },
      ],
    });
    expect(text).toBe(['== New ticket ==', 'Title: [Match Acme]', 'Column: [Triage ▾]', 'Due (optional): [____]\n  YYYY-MM-DD', '[Create]  [Cancel]'].join('\n'));
  });
});
