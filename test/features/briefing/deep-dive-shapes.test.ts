/**
 * A deep-dive section in every shape a differently built service could send (issue 27): the section is read
 * once (`sectionFactsOf`) and the view states every piece of text it carries, whatever its keys' case or
 * style, nesting, or fields Radar does not know; hostile text comes out escaped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepDiveView } from '../../../src/features/briefing/views/deep-dive-view.js';
import type { DeepDiveState } from '../../../src/features/briefing/deep-dive.js';
import { sectionFactsOf } from '../../../src/service/read/briefing.js';
import { escapeMrkdwn } from '../../../src/slack/blocks/index.js';
import { messageText } from '../../support/view-checks.js';
import { shapeVariants } from '../../support/shape-variants.js';

/** The sandbox's pick of a deep-dive section (src/sandbox/routes/briefings/read.ts). */
const SECTION = {
  kind: 'deep-dive',
  dimension: 'pricing',
  title: 'Pricing: what moved this edition',
  summary: 'Priced 26% under the market average.',
  blocks: [
    { type: 'text', text: 'Pricing compared across 3 tracked competitors.' },
    { type: 'list', title: 'What changed', items: ['Pipedrift gained ground', 'HubForge held steady'] },
    { type: 'table', title: 'Where each competitor stands', columns: ['Competitor', 'This edition'], rows: [['Northwind CRM', 55], ['Pipedrift', 57]] },
    { type: 'chart', title: 'Pricing over the last editions', note: 'Own project against the tracked competitors.' },
  ],
};
const TEXTS = ['Pricing: what moved this edition', 'Priced 26% under the market average.', 'Pricing compared across 3 tracked competitors.', 'What changed', 'Pipedrift gained ground', 'HubForge held steady', 'Where each competitor stands', 'Northwind CRM', 'Pricing over the last editions'];

const EDITION = { meta: { runId: 'run_1', status: 'done', editionNumber: 3, startedAt: '2026-11-01T00:00:00Z', briefingDate: '2026-11-01T02:00:00Z' }, item: {}, coverage: null, contains: ['hub', 'deep-pricing'], tickets: null };
const stateOf = (section: unknown) => ({ kind: 'section', edition: EDITION, row: null, section: sectionFactsOf(section), found: true }) as unknown as DeepDiveState;
const viewOf = (section: unknown) => deepDiveView('Northwind CRM', 'pricing', stateOf(section), false);
const textOf = (section: unknown) => messageText(viewOf(section));

describe('a deep-dive section, read once whatever its shape', () => {
  it('text under a key Radar does not know is shown, after the named parts, not dropped', () => {
    const text = textOf({ ...SECTION, what_we_found: 'HubForge cut its entry plan to $39.', analystNote: { verdict: 'watch', score: null } });
    expect(text).toContain('*What we found:* HubForge cut its entry plan to $39.');
    expect(text).toContain('*Verdict:* watch');
    expect(text).toContain('*Score:* _not measured_');
    expect(text).not.toMatch(/what_we_found|analystNote|null/);
  });

  it('every variant states every text of the section; added hostile text is shown escaped', () => {
    fc.assert(
      fc.property(shapeVariants({ section: SECTION }, { keep: ['section.kind', 'section.blocks.type'] }), (variant) => {
        const view = viewOf((variant.payload as { section: unknown }).section);
        const text = messageText(view);
        for (const t of TEXTS) expect(text, JSON.stringify(variant.choices)).toContain(t);
        // What Slack gets: the added text, escaped (the first line of it; long text is cut to fit a section).
        const sent = JSON.stringify(view.blocks);
        for (const hostile of variant.added) expect(sent).toContain(JSON.stringify(escapeMrkdwn(hostile.split('\n')[0]!.slice(0, 100))).slice(1, -1));
        expect(sent).not.toMatch(/<!here>|<!channel>|<@U1>/);
      }),
      { numRuns: 60 },
    );
  });
});
