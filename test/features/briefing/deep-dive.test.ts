import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';

const NW = SEED.projects.northwind;
const briefingReads = (h: RadarListeners) => h.sandbox.control.requests().filter((r) => r.path.includes('/strategic-briefing'));

describe('/radar briefing <dimension>', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterAll(() => h?.stop());

  it('a row with a deepDive pointer: the hub, then only deep-<dimension> of that edition, charts not asked', async () => {
    const text = replyText(await h.command('briefing pricing --project northwind', { channel: CHANNELS.general }));
    const reads = briefingReads(h);
    expect(reads.map((r) => r.path)).toEqual([`/v1/projects/${NW.id}/strategic-briefing`, `/v1/projects/${NW.id}/strategic-briefing/history/${NW.briefingRunIds[0]}`]);
    expect(reads[0]?.query).toEqual({});
    expect(reads[1]?.query).toEqual({ sections: 'deep-pricing' });
    expect(text).toContain('Pricing deep dive');
    expect(text).toContain('*Pricing: what moved this edition*');
    // A list, a table as text, and a chart as its title and note only.
    expect(text).toContain('*What changed*');
    expect(text).toMatch(/Competitor \| This edition \| Previous/);
    expect(text).toMatch(/Northwind CRM \| 55 \| 52/);
    expect(text).toContain(':bar_chart: *Pricing over the last editions*: Own project against the tracked competitors.');
    expect(text).not.toContain('points');
    expect(text).toContain('Share to channel');
  });

  it('--charts asks includeCharts and describes the series in words', async () => {
    const text = replyText(await h.command('briefing pricing --charts --project northwind', { channel: CHANNELS.intel }));
    expect(briefingReads(h)[1]?.query).toEqual({ sections: 'deep-pricing', includeCharts: 'true' });
    expect(text).toMatch(/• Northwind CRM: 3 points, from 48 to 55 \(low 48, high 55\)/);
  });

  it('a row without a pointer, not in contains: "no deep dive this edition" with the row’s note, and no section read', async () => {
    const answer = await h.command('briefing tech --project northwind', { channel: CHANNELS.general });
    const text = replyText(answer);
    expect(text).toContain('No deep dive this edition for *Tech and trust*');
    expect(text).toContain('HubForge shields its headers');
    expect(briefingReads(h)).toHaveLength(1);
    expect(text).not.toContain('Share to channel');
  });

  it('"did you mean" for a mistyped word, before any read; briefing and briefing history still work', async () => {
    expect(replyText(await h.command('briefing pricnig --project northwind', { channel: CHANNELS.general }))).toContain('Did you mean `/radar briefing pricing`?');
    expect(replyText(await h.command('briefing histroy --project northwind', { channel: CHANNELS.general }))).toContain('Did you mean `/radar briefing history`?');
    expect(briefingReads(h)).toHaveLength(0);
    expect(replyText(await h.command('briefing history --project northwind', { channel: CHANNELS.general }))).toContain('Briefing history');
  });

  it('while a run is under way, the deep dive comes from the last done edition', async () => {
    const text = replyText(await h.command('briefing pricing --project lumen', { channel: CHANNELS.general }));
    const last = briefingReads(h).at(-1);
    expect(last?.path).toBe(`/v1/projects/${SEED.projects.lumen.id}/strategic-briefing/history/${SEED.projects.lumen.briefingRunIds[1]}`);
    expect(last?.query).toEqual({ sections: 'deep-pricing' });
    expect(text).toContain('deep dive');
  });
});
