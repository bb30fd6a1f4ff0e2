/**
 * The two narrow windows of held changes (issue 30), each closed by an order that cannot lose or
 * duplicate, tested by interleaving the steps:
 * - a run seen again after quiet hours end (its cursor not written before a crash) is not posted at
 *   once after its quiet-hours message, and a run posted at once and seen again in quiet hours is not
 *   held again (the held store's `route`: one way per run, decided once);
 * - a change held a moment after a digest was read for posting, on a replica that then dies after
 *   posting and before recording, is not marked posted by the recovery: the batch was frozen before
 *   the post (`freeze`), so the change comes in a message of its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWatchDelivery } from '../../../src/features/watches/deliver.js';
import { deliverHeld } from '../../../src/features/watches/held.js';
import { SEED } from '../../../src/sandbox/seed.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { createWatchHeldRepo, type WatchHeldRepo } from '../../../src/store/watch-held.js';
import { createWatchesRepo } from '../../../src/store/watches.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { publishRun, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const HOUR = 60 * 60_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));
const pricing = (o: Record<string, Record<string, unknown>> = {}, avg = 39) => ({ dimension: 'pricing' as const, patch: { competitors: pricingRows(o), summary: { marketAvgPrice: avg } } });

const heldIn = (h: RadarHarness, reason: 'digest' | 'quiet'): StoredMessage[] => watchesIn(h, CHANNELS.intel).filter((m) => m.metadata?.event_payload.held === reason);
const runMessages = (h: RadarHarness, run: string) => watchesIn(h, CHANNELS.intel, run).filter((m) => m.metadata?.event_payload.held === undefined);

describe('the narrow windows of held changes', () => {
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

  /** A crash before the watch's cursor was written: the cursor as it was before `runId` was dealt with. */
  const cursorBack = (runId: string) =>
    createWatchesRepo(h.radar.deps.store).update(TEAM.id, CHANNELS.intel, NW, (current) => {
      const watch = current.watches.find((w) => w.dimension === 'pricing');
      if (watch) watch.lastSeenRunId = runId;
      return current;
    });

  it('a run held in quiet hours and seen again after they end is posted once; a run posted at once and seen again in quiet hours is not held', async () => {
    const base = await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await h.command('watch quiet 09:00-11:00 UTC', { channel: CHANNELS.intel });
    const quietRun = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 6 } }));
    await watchPoller(h).tick();
    expect(runMessages(h, quietRun)).toHaveLength(0);
    await cursorBack(base);
    clock += 2 * HOUR; // 12:00: the quiet hours ended at 11:00
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    expect(heldIn(h, 'quiet')).toHaveLength(1);
    expect(textOf(heldIn(h, 'quiet')[0]!)).toContain('plan count 4 → 6');
    expect(runMessages(h, quietRun)).toHaveLength(0);

    // The other way: posted at once at 12:00, seen again in quiet hours (cursor back), never held and posted again.
    const nowRun = await publishRun(h, NW, pricing({ 'pipedrift.com': { planCount: 6 }, 'hubforge.io': { hasFreePlan: true } }));
    await watchPoller(h).tick();
    expect(runMessages(h, nowRun)).toHaveLength(1);
    await cursorBack(quietRun);
    await h.command('watch quiet 12:00-14:00 UTC', { channel: CHANNELS.intel });
    clock += 30 * 60_000;
    await watchPoller(h).tick();
    clock += 2 * HOUR;
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    expect(heldIn(h, 'quiet')).toHaveLength(1);
    expect(runMessages(h, nowRun)).toHaveLength(1);
    expect(watchesIn(h, CHANNELS.intel).filter((m) => textOf(m).includes('hubforge.io'))).toHaveLength(1);
  });

  it('a change held a moment after a digest was read, on a replica that dies after posting it, is shown later, never marked posted unseen', async () => {
    await publishRun(h, NW, pricing());
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await publishRun(h, NW, pricing({}, 31));
    await watchPoller(h).tick(); // 10:00: the market move held for tomorrow's 09:00 digest
    clock += 23 * HOUR + 30 * 60_000; // tomorrow 09:30

    // Replica A posts the digest and dies before recording its entries posted.
    const store = h.radar.deps.store;
    const held = createWatchHeldRepo(store);
    const dying: WatchHeldRepo = {
      ...held,
      markPosted: () => Promise.reject(new Error('killed between posting and recording')),
    };
    const watches = createWatchesRepo(store);
    const delivery = createWatchDelivery(h.radar.deps, h.radar.app.client);
    await expect(deliverHeld(h.radar.deps, watches, dying, delivery, TEAM.id, CHANNELS.intel)).rejects.toThrow('killed');
    expect(heldIn(h, 'digest')).toHaveLength(1);

    // Meanwhile a change is held with a time before the digest's slot (09:00): A's post does not show it.
    const slot = Date.parse(new Date(clock).toISOString().slice(0, 10) + 'T09:00:00.000Z');
    await held.add(
      TEAM.id,
      CHANNELS.intel,
      { id: 'digest:pricing:late-run', reason: 'digest', projectId: NW, dimension: 'pricing', runId: 'late-run', runAt: null, heldAt: new Date(slot - 1).toISOString(), changes: [{ kind: 'market', competitor: null, weight: 1, line: 'the late change' }] },
      new Date(clock),
    );

    // Replica B takes over: the post is recovered for what it shows, and the late change is posted after.
    await watchPoller(h).tick();
    expect((await held.get(TEAM.id, CHANNELS.intel))?.entries.map((e) => e.id)).toEqual(['digest:pricing:late-run']);
    await watchPoller(h).tick();
    const digests = heldIn(h, 'digest');
    expect(digests).toHaveLength(2);
    expect(textOf(digests[0]!)).not.toContain('the late change');
    expect(textOf(digests[1]!)).toContain('the late change');
    expect((await held.get(TEAM.id, CHANNELS.intel))?.entries ?? []).toEqual([]);
    await watchPoller(h).tick();
    expect(heldIn(h, 'digest')).toHaveLength(2);
  });
});
