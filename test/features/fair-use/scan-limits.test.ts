/**
 * The admission of scan starts (`scan-limits.ts`) over a real SQLite store: a start that fits is
 * never refused because of the tokens of starts that do not.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import { openStore, type Store } from '../../../src/store/backends/open-store.js';
import { createPendingScansRepo, type PendingScan } from '../../../src/store/pending-scans.js';
import { admitScan } from '../../../src/features/fair-use/scan-limits.js';
import type { RadarDeps } from '../../../src/deps.js';

const running = (scanId: string): PendingScan => ({
  scanId,
  kind: 'trust',
  domain: `${scanId}.example.com`,
  teamId: 'T1',
  channelId: 'C1',
  messageTs: '1.2',
  startedBy: 'U1',
  startedAt: '2026-01-01T00:00:00.000Z',
  includeFixPrompts: false,
  lastStatus: 'queued',
  pollCount: 0,
  nextPollAt: '2026-01-01T00:00:05.000Z',
});

describe('admitting scan starts', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite://:memory:', { logger: silentLogger });
  });
  afterEach(() => store.close());

  it('admits the one start that fits, though the others count while every start holds its token', async () => {
    const pendingScans = createPendingScansRepo(store);
    await pendingScans.put(running('s1'));
    // After taking its token, each start reads the tokens to count them. Those reads are held until
    // every start has reached its read or ended: the interleaving in which every token is there
    // when each start counts (as when a burst's starts take turns at the store).
    const STARTS = 4;
    let ended = 0;
    const waiting: (() => void)[] = [];
    const releaseIfAllThere = () => {
      if (waiting.length + ended === STARTS) for (const go of waiting.splice(0)) go();
    };
    const heldStore = {
      ...store,
      keyv: (namespace: string) => {
        const keyv = store.keyv(namespace);
        if (namespace !== 'scan-starts') return keyv;
        return Object.assign(Object.create(keyv) as typeof keyv, {
          get: async (key: string) => {
            await new Promise<void>((resolve) => {
              waiting.push(resolve);
              releaseIfAllThere();
            });
            return keyv.get(key);
          },
        });
      },
    };
    const deps = { config: { scanLimits: { perPerson: 2, perChannel: 20 } }, store: heldStore, pendingScans, now: () => new Date() } as unknown as Pick<
      RadarDeps,
      'config' | 'store' | 'pendingScans' | 'now'
    >;
    const who = { teamId: 'T1', userId: 'U1', channelId: 'C1' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: STARTS }, () =>
        admitScan(deps, who).finally(() => {
          ended += 1;
          releaseIfAllThere();
        }),
      ),
    );
    // One scan running, a limit of two: exactly one start fits, and it is admitted.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(String(o.reason)).toContain('You have 2 scans running');
  });
});
