/**
 * Snooze with an end (issue 30, item 3) and the change metadata on watch messages (item 7): through
 * signed block actions, the sandbox's runs and Radar's clock moved (no sleeps), across a restart on the
 * same store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { FORGED_VALUE } from '../../../src/slack/error-text.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { publishRun, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const DAY = 24 * 60 * 60_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

interface Select {
  action_id?: string;
  options?: { text: { text: string }; value: string }[];
}
const snoozeMenu = (m: StoredMessage): Select => {
  const found = (m.blocks as { elements?: Select[] }[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchSnooze);
  if (!found) throw new Error('no Snooze menu on the message');
  return found;
};
const choice = (m: StoredMessage, label: string) => {
  const o = snoozeMenu(m).options?.find((x) => x.text.text === label);
  if (!o) throw new Error(`no Snooze choice "${label}" in ${JSON.stringify(snoozeMenu(m).options?.map((x) => x.text.text))}`);
  return o.value;
};

describe('watch snooze and change metadata', () => {
  let h: RadarHarness;
  let clock = Date.now();
  beforeEach(async () => {
    clock = Date.now();
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' }, now: () => new Date(clock) });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  const snooze = async (message: StoredMessage, value: string, channel: string = CHANNELS.intel) => {
    const ack = await h.driver.blockAction(ACTION_IDS.watchSnooze, value, { channel, message });
    expect(ack.status).toBe(200);
    return replyText(await h.answerTo(ack));
  };

  it('every watch message carries radar_change metadata: project, competitor, dimension, run', async () => {
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 6 } }) } });
    await watchPoller(h).tick();
    const [message] = watchesIn(h, CHANNELS.intel, run);
    expect(message?.metadata).toEqual({ event_type: 'radar_change', event_payload: { project_id: NW, competitor: 'closewise.com', dimension: 'pricing', run_id: run } });
    // The recorded Web API call carries it too (what other apps read).
    const call = h.slack.calls.find((c) => c.method === 'chat.postMessage' && JSON.stringify(c.args.metadata ?? '').includes(run));
    expect(call?.args.metadata).toMatchObject({ event_type: 'radar_change', event_payload: { run_id: run, competitor: 'closewise.com' } });
    expect(snoozeMenu(message!).options?.map((o) => o.text.text)).toEqual([
      'closewise.com for 1 day',
      'closewise.com for 1 week',
      'closewise.com for 30 days',
      'Whole watch for 1 day',
      'Whole watch for 1 week',
      'Whole watch for 30 days',
    ]);
    expect(textOf(message!)).toContain('never posted later');
  });

  it('a competitor snoozed for a day: its changes are marked seen, not posted, across a restart; the end is silent', async () => {
    const first = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 6 } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, first)[0]!;
    expect(await snooze(message, choice(message, 'closewise.com for 1 day'))).toContain('snoozed *closewise.com*');
    const listed = replyText(await h.command('watch', { channel: CHANNELS.intel }));
    expect(listed).toContain('*Pricing*: closewise.com until <!date^');
    expect(listed).toContain(`^{date_short_pretty} {time}|${new Date(clock + DAY).toISOString().slice(0, 10)}`);

    const snoozedRun = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 7 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, snoozedRun)).toHaveLength(0);

    await h.restart();
    clock += DAY - 60_000; // still snoozed, a minute before the end
    const mixed = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 8 }, 'pipedrift.com': { planCount: 2 } }) } });
    await watchPoller(h).tick();
    const told = watchesIn(h, CHANNELS.intel, mixed);
    expect(told).toHaveLength(1);
    expect(told[0]!.metadata?.event_payload.competitor).toBe('pipedrift.com');
    expect(textOf(told[0]!)).not.toContain('closewise.com: ');
    expect(textOf(told[0]!)).not.toMatch(/closewise[^"]*plan/);

    // The end passes: nothing is posted for it, and the runs seen while snoozed stay unposted.
    const before = watchesIn(h, CHANNELS.intel).length;
    clock += 2 * 60_000;
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel)).toHaveLength(before);
    expect(watchesIn(h, CHANNELS.intel, snoozedRun)).toHaveLength(0);
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).not.toContain('Snoozed');

    const after = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 9 }, 'pipedrift.com': { planCount: 2 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, after)[0]?.metadata?.event_payload.competitor).toBe('closewise.com');
  });

  it('the whole watch snoozed for a week posts nothing for a week, then posts again', async () => {
    const first = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 6 } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, first)[0]!;
    expect(await snooze(message, choice(message, 'Whole watch for 1 week'))).toContain("snoozed this channel's *Pricing* watch for 1 week");
    clock += 6 * DAY;
    const quiet = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 7 }, 'pipedrift.com': { planCount: 1 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, quiet)).toHaveLength(0);
    clock += DAY + 1;
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, quiet)).toHaveLength(0);
    const loud = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 8 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, loud)).toHaveLength(1);
  });

  it('unwatching ends its snoozes: watching again starts unsnoozed', async () => {
    const first = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 6 } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, first)[0]!;
    await snooze(message, choice(message, 'Whole watch for 30 days'));
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('*Pricing*: whole watch until');
    await h.command('unwatch pricing', { channel: CHANNELS.intel });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).not.toContain('Snoozed');
    const next = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 7 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, next)).toHaveLength(1);
  });

  it('a snooze sent from another channel (the sealed value forged onto it) is refused and stores nothing', async () => {
    await h.command('bind northwind', { channel: CHANNELS.general });
    await h.command('watch pricing', { channel: CHANNELS.general });
    const first = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 6 } }) } });
    await watchPoller(h).tick();
    const message = watchesIn(h, CHANNELS.intel, first)[0]!;
    expect(await snooze(message, choice(message, 'Whole watch for 30 days'), CHANNELS.general)).toContain(FORGED_VALUE);
    expect(await h.radar.deps.store.keyv('watch-snoozes').get(`${TEAM.id}:${CHANNELS.general}`)).toBeUndefined();
    expect(await h.radar.deps.store.keyv('watch-snoozes').get(`${TEAM.id}:${CHANNELS.intel}`)).toBeUndefined();
    const next = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'closewise.com': { planCount: 7 } }) } });
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.general, next)).toHaveLength(1);
  });
});
