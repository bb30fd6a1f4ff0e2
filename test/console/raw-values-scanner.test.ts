/** The scan the console demo's answers go through finds each kind of raw value, and only outside code. */
import { describe, expect, it } from 'vitest';
import { rawValuesIn, repeatedNotes } from '../support/raw-values.js';

const kinds = (text: string) => rawValuesIn(text).map((r) => `${r.kind}: ${r.found}`);

describe('rawValuesIn', () => {
  it('finds every kind the issue names, with its line', () => {
    expect(kinds('*Started:* 2026-11-26T06:26:02.506Z')).toEqual(['iso timestamp: 2026-11-26T06:26:02.506Z']);
    expect(kinds('Updated 2026-11-27 07:26 UTC')).toEqual(['iso day: 2026-11-27', 'utc stamp: 07:26 UTC']);
    expect(kinds('*Comparable competitor ids:* cmp_nw_pipedrift')).toEqual(['internal id: cmp_nw_pipedrift']);
    expect(kinds('Market pricing unit per_seat_month · cadence 30_days')).toEqual(['payload key: per_seat_month', 'payload key: 30_days']);
    expect(kinds('last triggered at _null_ · window null · undefined')).toEqual(['null: null', 'undefined: undefined']);
    expect(kinds('from $24.00 per seat month')).toEqual(['unit as a key: $24.00 per seat month']);
    expect(kinds('presence rank 1 · rank change +8')).toEqual(['signed change: rank change +8']);
    expect(kinds('next run at in 5 days')).toEqual(['broken phrase: at in 5']);
    expect(kinds(':bar_chart: *Pricing*')).toEqual(['payload key: bar_chart', 'emoji shortcode: :bar_chart:']);
    expect(kinds('as the service sent it (docs/assumptions.md)')).toEqual(['repository path: docs/assumptions.md']);
    expect(rawValuesIn('a\n*Started:* 2026-11-26T06:26:02Z')[0]?.line).toBe('*Started:* 2026-11-26T06:26:02Z');
  });

  it('leaves code spans and blocks (what a person types or copies), URLs and ordinary words alone', () => {
    expect(kinds('Run `run_55249c615c75` · `/radar run pricing run_55249c615c75` · id `prj_northwind`')).toEqual([]);
    expect(kinds('```\n{"key": null, "at": "2026-11-26T06:26:02Z"}\n```')).toEqual([]);
    expect(kinds('https://reddit.com/r/saas/comments/best_northwind_tool · https://salesloom.com/changelog/2026-11-12')).toEqual([]);
    expect(kinds('3 days ago (Nov 24, 2026 07:26) · 26.1% below the market average · up 8 places · at 10:30')).toEqual([]);
  });
});

describe('repeatedNotes', () => {
  it('finds a method note said twice in one message, not across messages or in list items', () => {
    const note = 'Rates are shares of the answers counted, never of the queries sent.';
    expect(repeatedNotes(`[only you]\nPart one\n${note}\nPart two\n${note}`)).toEqual([`2× ${note}`]);
    expect(repeatedNotes(`[posted in C1]\nScan started.\n${note}\n[updated in C1]\nScan started.\n${note}`)).toEqual([]);
    expect(repeatedNotes('[only you]\n• Pipedrift is often recommended for its ease of use.\n• Pipedrift is often recommended for its ease of use.')).toEqual([]);
  });
});
