/** `/radar pricing` through the `/radar` listener (fake Bolt args) over the real service client and sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';
import { chartBlocks, tableRows } from '../../support/view-checks.js';

describe('/radar pricing under the null contract', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
  });
  afterAll(() => h?.stop());

  it('shows the gap flags, market figures with their unit, own metrics and every competitor', async () => {
    const answer = await h.command('pricing --project northwind', { channel: CHANNELS.general });
    const text = replyText(answer);
    expect(text).toMatch(/\*Price gap:\* no gap/);
    expect(text).toMatch(/\*Free plan gap:\* :large_orange_diamond: gap/);
    expect(text).toMatch(/Market average\*\n\$39\.25 per seat a month/);
    expect(text).toContain('Price position');
    expect(text).toContain('*Your lowest price:* $29 per seat a month');
    // Every competitor appears; those without data carry their reason, never a zero.
    expect(text).toMatch(/dealstream\.io(\n| +)no pricing data \(no pricing page found\)/); // a row of the competitors table
    expect(text).toMatch(/relatekit\.com(\n| +)no pricing data \(pricing page not responding\)/);
    const rows = tableRows(answer.args.blocks as unknown[]) ?? [];
    expect(rows[0]).toEqual(['Competitor', 'Lowest price', 'Plans', 'Free plan', 'Has annual discount']);
    for (const domain of ['pipedrift.com', 'hubforge.io', 'closewise.com', 'salesloom.com']) expect(rows.map((r) => r[0])).toContain(domain);
    // hasFreePlan is tri-state: yes, no and not checked all occur.
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['Free plan', 'yes', 'no', 'not checked', '–']));
  });

  it('draws each comparable price beside the market average and yours, the figures as text beside the chart', async () => {
    const answer = await h.command('pricing --project northwind', { channel: CHANNELS.general });
    const [chart, ...more] = chartBlocks(answer.args.blocks as unknown[]);
    expect(more).toEqual([]);
    expect(chart).toMatchObject({ block_id: 'pricing-comparable-prices', title: 'Lowest prices, USD per seat a month', chart: { type: 'bar' } });
    // Exactly the four prices the market average is made of, the average itself and yours.
    expect(chart?.chart.series).toEqual([
      {
        name: 'Lowest price',
        data: [
          { label: 'pipedrift.com', value: 24 },
          { label: 'hubforge.io', value: 45 },
          { label: 'closewise.com', value: 39 },
          { label: 'salesloom.com', value: 49 },
          { label: 'Market average', value: 39.25 },
          { label: 'You', value: 29 },
        ],
      },
    ]);
    const text = replyText(answer);
    for (const line of ['pipedrift.com: 24 USD', 'salesloom.com: 49 USD', 'Market average: 39.25 USD', 'You: 29 USD']) expect(text).toContain(`• ${line}`);
  });

  it('an unmeasured own side makes every flag "not measured" with the reason, never "no gap"', async () => {
    const text = replyText(await h.command('pricing --project lumen', { channel: CHANNELS.general }));
    expect(text).not.toContain('no gap');
    expect(text).toMatch(/\*Price gap:\* _not measured_\n/);
    expect(text).toContain('your own pricing could not be analysed (own pricing page not found)');
    expect(text).toContain('*Your lowest price:* _not measured_');
    expect(text).toContain('*Free plan:* _not checked_');
    // Lumen has three comparable prices: the position is unmeasured because the own side is, not for lack of prices.
    expect(text).toMatch(/Market average\*\n\$12\.67 per editor a month/);
    expect(text).toMatch(/Price position\*\n_not measured_/);
    expect(text).toMatch(/_Not measured:_ [^\n]*price position[^\n]* — your own pricing could not be analysed/);
    expect(text).not.toContain('fewer than three comparable prices');
  });

  it('fewer than three comparable prices: market figures not available, other flags measured', async () => {
    const text = replyText(await h.command('pricing --project quarry', { channel: CHANNELS.general }));
    expect(text).toMatch(/Market average\*\n_not measured_/);
    expect(text).toMatch(/Price position\*\n_not measured_/);
    expect(text).toContain('_Not measured:_ price gap, market average, price position — fewer than three comparable prices (1).');
    // The seed's quarry summary: hasFreePlanGap false (no competitor has a free plan; the own side has none
    // either), hasAnnualDiscountGap true (two competitors offer one, the own side does not).
    expect(text).toMatch(/\*Free plan gap:\* no gap\n/);
    expect(text).toMatch(/\*Annual discount gap:\* :large_orange_diamond: gap/);
  });

  it('a project without a pricing run says so, with no Share button', async () => {
    const text = replyText(await h.command('pricing --project sprout', { channel: CHANNELS.general }));
    expect(text).toContain('no completed pricing run yet');
    expect(text).not.toContain('Share to channel');
  });

  it('counts competitors as /radar projects does (the own row is not one)', async () => {
    const projects = replyText(await h.command('projects', { channel: CHANNELS.general }));
    for (const key of ['northwind', 'lumen', 'quarry']) {
      const pricing = replyText(await h.command(`pricing --project ${key}`, { channel: CHANNELS.general }));
      const inPricing = /\*Competitors \((\d+)\)\*/.exec(pricing)?.[1];
      const name = /== (.+): pricing gaps ==|^(.+): pricing gaps/m.exec(pricing);
      expect(inPricing, key).toBeDefined();
      const projectName = (name?.[1] ?? name?.[2] ?? '').trim();
      const line = projects.split('\n').findIndex((l) => l.startsWith(`*${projectName}*`));
      expect(projects.split('\n')[line + 1], key).toContain(`${inPricing} competitors`);
    }
  });
});
