/**
 * The daily digest and the quiet-hours message carry a watch message's actions per change (issue 30):
 * Create ticket, Mute <competitor> and the Snooze menu on each line shown, sealed to the channel and
 * acted on by the same handlers; within Block Kit's limits, with a sentence when lines have none.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldMessages, HELD_ACTION_CHANGES } from '../../../src/features/watches/views/held-message.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import type { HeldEntry } from '../../../src/store/watch-held.js';
import { DEFAULT_WATCH_SCHEDULE, WATCH_DIMENSIONS } from '../../../src/store/watches.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { publishRun, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const HOUR = 60 * 60_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

interface Element {
  action_id?: string;
  value?: string;
  text?: { text?: string };
  options?: { text: { text: string }; value: string }[];
}
type Blocks = { type: string; block_id?: string; elements?: Element[]; text?: { text?: string } }[];
const actionBlocks = (m: { blocks?: unknown }) => (m.blocks as Blocks).filter((b) => b.type === 'actions');

describe('actions on held changes', () => {
  it('each line shown carries its actions, the first HELD_ACTION_CHANGES of them, within 50 blocks, and a sentence for the rest', () => {
    const entry = (dimension: (typeof WATCH_DIMENSIONS)[number], run: number): HeldEntry => ({
      id: `digest:${dimension}:r${run}`,
      reason: 'digest',
      projectId: 'p',
      dimension,
      runId: `r${run}`,
      runAt: null,
      heldAt: '2026-11-27T10:00:00.000Z',
      changes: Array.from({ length: 8 }, (_, i) => ({ kind: 'other', competitor: `c${i}.com`, weight: i, line: `line ${run}.${i}` })),
    });
    const entries = WATCH_DIMENSIONS.flatMap((d) => [entry(d, 1), entry(d, 2)]);
    const values = { ticket: 't'.repeat(2000), mute: 'm'.repeat(200), snooze: [1, 7, 30].map((n) => ({ text: `for ${n}`, value: `s${n}`.repeat(30) })) };
    const { main } = heldMessages({ reason: 'digest', projectName: 'P', schedule: DEFAULT_WATCH_SCHEDULE, entries }, () => values);
    expect(main.blocks.length).toBeLessThanOrEqual(50);
    const acts = actionBlocks(main);
    expect(acts).toHaveLength(HELD_ACTION_CHANGES);
    expect(new Set(acts.map((b) => b.block_id)).size).toBe(acts.length);
    for (const b of acts) expect(b.elements?.map((e) => e.action_id)).toEqual([ACTION_IDS.watchTicket, ACTION_IDS.watchMute, ACTION_IDS.watchSnooze]);
    const text = JSON.stringify(main.blocks);
    expect(text).toContain(`The first ${HELD_ACTION_CHANGES} changes have buttons`);
    // Every dimension still says its most significant lines, with buttons or without.
    expect(text.match(/\(2 runs\)/g)?.length).toBe(WATCH_DIMENSIONS.length);
    expect(text.match(/line [12]\.7/g)?.length).toBe(2 * WATCH_DIMENSIONS.length);
    // Without buttons (no sealer): the lines as before, no actions.
    expect(actionBlocks(heldMessages({ reason: 'digest', projectName: 'P', schedule: DEFAULT_WATCH_SCHEDULE, entries }).main)).toHaveLength(0);
  });

  describe('through the poller', () => {
    let h: RadarHarness;
    let clock = 0;
    beforeEach(async () => {
      const today = new Date();
      clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 10);
      h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' }, now: () => new Date(clock) });
      await h.command('bind northwind', { channel: CHANNELS.intel });
    });
    afterEach(async () => {
      expectNoViolations(h.slack);
      await h.stop();
    });

    it('the daily digest: Create ticket, Mute and Snooze on each change act like a watch message’s', async () => {
      await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
      await h.command('watch pricing --digest all', { channel: CHANNELS.intel });
      await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { planCount: 9 }, 'closewise.com': { hasFreePlan: true } }) } });
      await watchPoller(h).tick();
      clock += 24 * HOUR;
      await watchPoller(h).tick();
      await watchPoller(h).tick();
      const [digest] = watchesIn(h, CHANNELS.intel).filter((m) => m.metadata?.event_payload.held === 'digest');
      if (!digest) throw new Error('no digest posted');
      expect(digest.metadata?.event_payload).toMatchObject({ project_id: NW, dimension: 'pricing', held: 'digest' });
      const acts = actionBlocks(digest);
      expect(acts).toHaveLength(2);
      const find = (m: StoredMessage, actionId: string, label: string) => {
        const element = actionBlocks(m).flatMap((b) => b.elements ?? []).find((e) => e.action_id === actionId && JSON.stringify(e).includes(label));
        if (!element) throw new Error(`no ${actionId} naming ${label}`);
        return element;
      };

      // Mute hubforge.io from its line: the watch mutes it.
      const mute = find(digest, ACTION_IDS.watchMute, 'hubforge.io');
      expect(replyText(await h.answerTo(await h.driver.blockAction(ACTION_IDS.watchMute, mute.value ?? '', { channel: CHANNELS.intel, message: digest })))).toContain('hubforge.io');
      expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('muted: hubforge.io');

      // Snooze closewise.com for a week from its line.
      const menu = find(digest, ACTION_IDS.watchSnooze, 'closewise.com');
      const week = menu.options?.find((o) => o.text.text === 'closewise.com for 1 week');
      expect(week).toBeDefined();
      await h.answerTo(await h.driver.blockAction(ACTION_IDS.watchSnooze, week!.value, { channel: CHANNELS.intel, message: digest }));
      expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toMatch(/closewise\.com.*snoozed|Snoozed.*closewise\.com/s);

      // Create ticket from closewise's line: the modal is prefilled with that change.
      const ticket = find(digest, ACTION_IDS.watchTicket, 'Create ticket');
      const closewise = acts.find((b) => JSON.stringify(b).includes('closewise.com'))!.elements![0]!;
      expect(closewise.action_id).toBe(ACTION_IDS.watchTicket);
      const opened = await h.viewOpenedBy(await h.driver.blockAction(ACTION_IDS.watchTicket, closewise.value ?? ticket.value ?? '', { channel: CHANNELS.intel, message: digest }));
      expect(JSON.stringify(opened.view)).toContain('closewise.com');
      expect(textOf(digest)).toContain('*Snooze* stops posting');
    });
  });
});
