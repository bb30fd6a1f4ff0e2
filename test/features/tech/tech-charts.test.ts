/**
 * Issue 29: `/radar tech` draws the security-header score and the trust signals found per site (two
 * charts, the most a message holds), each figure exactly the one the site's lines say; a shielded
 * site's score is not measured: a gap (no Slack block, the PNG draws it), never a zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TECH_SECURITY_CHART, TECH_TRUST_CHART } from '../../../src/features/tech/views/tech-chart.js';
import { techView } from '../../../src/features/tech/views/tech-view.js';
import { readTechTrust } from '../../../src/service/index.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { chartBlocks, tableRowLines } from '../../support/view-checks.js';

describe('/radar tech charts', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterAll(() => h?.stop());

  it('two bar charts of the sites, their figures in the sites table; the shielded site a gap, never a zero', async () => {
    const answer = await h.command('tech', { channel: CHANNELS.intel });
    // The trust signals: every site measured, so Slack's block, exactly the counts the lines say.
    const [trust, ...others] = chartBlocks(answer.args.blocks as unknown[]);
    expect(others).toEqual([]);
    expect(trust).toMatchObject({ block_id: TECH_TRUST_CHART, title: 'Trust signals found by site (of 26)', chart: { type: 'bar' } });
    const data = trust?.chart.series?.[0]?.data ?? [];
    expect(data.map((d) => d.label)).toEqual(['northwindcrm.… (you)', 'pipedrift.com', 'hubforge.io', 'closewise.com', 'salesloom.com', 'dealstream.io', 'relatekit.com']);
    for (const { label, value } of data.slice(1)) expect(tableRowLines(answer.args.blocks as unknown[], label)).toContain(`*Trust signals:* ${value === 0 ? 'none of the 26' : `${value} of 26`} found`);
    // dealstream.io found none: a real zero bar, said as "none of the 26 found".
    expect(data.find((d) => d.label === 'dealstream.io')?.value).toBe(0);
  });

  it('the security chart leaves the shielded site a gap: no Slack block (it would need a number), the PNG draws it', async () => {
    const body = await h.deps.service.getDimension('prj_northwind', 'tech-trust', {});
    const facts = readTechTrust(body);
    const rows = facts.rows.kind === 'value' ? facts.rows.value : null;
    const view = techView('Northwind CRM', facts, rows, { full: false });
    const security = view.charts.find((c) => c.blockId === TECH_SECURITY_CHART)?.facts;
    expect(security?.series[0]?.points.slice(0, 4)).toEqual([
      { label: 'northwindcrm.… (you)', value: 72 },
      { label: 'pipedrift.com', value: 91 },
      { label: 'hubforge.io', value: null },
      { label: 'closewise.com', value: 55 },
    ]);
    expect(chartBlocks(view.blocks).map((b) => b.block_id)).toEqual([TECH_TRUST_CHART]);
  });
});
