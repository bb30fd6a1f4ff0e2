/** `/radar project`, `/radar alerts`, `/radar schedules` through signed requests against the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { expectValidMessage } from '../../support/view-checks.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';

const valid = (reply: Pick<WebApiCall, 'args'>) => expectValidMessage({ text: String(reply.args.text), blocks: reply.args.blocks as unknown[] });

describe('the project reads', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('/radar project shows freshness per dimension and the AI monitoring prompts, from one detail read', async () => {
    h.sandbox.control.clearRequests();
    const reply = await h.command('project', { channel: CHANNELS.intel });
    valid(reply);
    const text = replyText(reply);
    expect(h.sandbox.control.requests().filter((r) => r.path === '/v1/projects/prj_northwind')).toHaveLength(1);
    expect(text).toContain('Northwind CRM: project');
    expect(text).toContain('northwindcrm.com');
    expect(text).toContain('*Monitoring freshness, per dimension*');
    expect(text).not.toContain('monitoringFreshness');
    expect(text).toMatch(/\*Pricing:\* \d+ (days?|hours?) ago \(<!date\^\d+\^/);
    expect(text).toMatch(/\*Tech and trust:\* /);
    expect(text).toMatch(/\*AI monitoring prompts\* \(\d+ prompts?\)\n1\. /);
    expect(JSON.stringify(reply.args.blocks)).toContain('"share"');
  });

  it('/radar alerts and /radar schedules list whatever comes, humanised, and say Radar passes them through', async () => {
    const alerts = await h.command('alerts', { channel: CHANNELS.intel });
    valid(alerts);
    const a = replyText(alerts);
    expect(a).toContain('3 alerts');
    expect(a).toContain('*pricing change*');
    expect(a).toMatch(/• \*Conditions:\*\n\s+• \*Dimension:\* pricing/);
    // A null timestamp says nothing was given; ids stay out; a time is a date token.
    expect(a).toContain('last triggered _not given_');
    expect(a).not.toMatch(/alr_|_null_/);
    expect(a).toMatch(/created \d+ months? ago \(<!date\^\d+\^/);
    expect(a).toContain('Radar passes alerts through as the service sends them');
    const schedules = replyText(await h.command('schedules', { channel: CHANNELS.intel }));
    expect(schedules).toContain('*strategic briefing*');
    expect(schedules).toContain('cadence weekly');
    // "next run on …", never "next run at in 5 days"; "30_days" as words.
    expect(schedules).toMatch(/next run <!date\^\d+\^(\{date_pretty\} at|on \{date_short(_pretty)?\} at) \{time\}\|/);
    expect(schedules).not.toMatch(/at in \d|sch_|30_days/);
    expect(schedules).toContain('cadence 30 days');
    expect(schedules).toContain('Radar passes schedules through');
  });

  it('an unknown project in --project answers with the usual sentence', async () => {
    expect(replyText(await h.command('alerts --project nosuch', { channel: CHANNELS.intel }))).toMatch(/no project|can't find|doesn't match/i);
  });
});
