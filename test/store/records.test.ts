/**
 * Records as Radar writes them today (the raw JSON, written straight to the backend: on Redis with no
 * index entry, as before the index) read through the repositories; defaults for fields an older
 * record lacks; a record that cannot be read skipped and logged once, never thrown; and the digest
 * fields of an old-shape binding moved to the digest settings by the first write.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLogger } from '../../src/log.js';
import type { Store } from '../../src/store/backends/open-store.js';
import { createBindingsRepo } from '../../src/store/bindings.js';
import { createDigestSettingsRepo } from '../../src/store/digest-settings.js';
import { createPendingScansRepo } from '../../src/store/pending-scans.js';
import { createDigestLedger } from '../../src/store/digest-ledger.js';
import { createSubmissionsRepo } from '../../src/store/submissions.js';
import { PLACE_KINDS, REDIS_URL } from './places.js';
import type { Place, PlaceKind } from './places.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

/** Writes `value` under `key` exactly as Radar's Keyv wrote it before this change (`{"value": …}`, no ttl, no index). */
async function writeRaw(kind: PlaceKind['name'], store: Store, namespace: string, key: string, value: unknown): Promise<void> {
  const raw = JSON.stringify({ value });
  const qualified = store.keyv(namespace).namespace!;
  if (kind === 'sqlite') {
    await store.keyv(namespace).store.set(`${qualified}:${key}`, raw);
    return;
  }
  const redis = new Redis(REDIS_URL!);
  try {
    await redis.set(`${qualified}::${key}`, raw);
  } finally {
    await redis.quit();
  }
}

const OLD_BINDING = {
  teamId: 'T1',
  channelId: 'C1',
  projectId: 'proj-a',
  projectName: 'Acme',
  boundBy: 'U1',
  boundAt: '2025-01-02T03:04:05.000Z',
  digestsEnabled: false,
  lastSeenRunId: 'run-3',
  failing: { reason: 'not_in_channel', since: '2025-02-01T00:00:00.000Z' },
};
const { digestsEnabled, lastSeenRunId, failing, ...BINDING } = OLD_BINDING;
const OLD_DIGEST = { digestsEnabled, lastSeenRunId, failing };
const SCAN = {
  scanId: 's1',
  kind: 'trust',
  domain: 'example.com',
  teamId: 'T1',
  channelId: 'C1',
  messageTs: '1700000000.000100',
  startedBy: 'U1',
  startedAt: '2025-01-01T00:00:00.000Z',
  includeFixPrompts: true,
  lastStatus: 'running',
  pollCount: 2,
  nextPollAt: '2025-01-01T00:00:09.000Z',
};
const POSTED = { state: 'posted', owner: 'a', claimedAt: '2025-03-01T12:00:00.000Z', ts: '1700000000.000200', postedAt: '2025-03-01T12:00:01.000Z' };
const DONE = { state: 'done', key: 'V1', startedAt: '2025-03-01T10:00:00.000Z', result: { ticketId: 'tkt_1', ticketNumber: 42, ticketTitle: 'Match Acme' } };
const LEDGER_KEY = { teamId: 'T1', channelId: 'C1', runId: 'run-3' };

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`records on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('reads records written in today’s shape through the repositories', async () => {
      const store = await place.open();
      await writeRaw(kind.name, store, 'bindings', 'T1:C1', OLD_BINDING);
      await writeRaw(kind.name, store, 'pending-scans', 's1', SCAN);
      await writeRaw(kind.name, store, 'digest-ledger', 'T1:C1:run-3', POSTED);
      await writeRaw(kind.name, store, 'submissions', 'V1', DONE);

      const bindings = createBindingsRepo(store);
      expect(await bindings.get('T1', 'C1')).toMatchObject(BINDING);
      expect((await bindings.listAll()).map((b) => b.channelId)).toEqual(['C1']);
      expect(await bindings.distinctProjects()).toEqual(['proj-a']);
      expect(await createDigestSettingsRepo(store).get('T1', 'C1')).toEqual(OLD_DIGEST);

      const scans = createPendingScansRepo(store);
      expect(await scans.get('s1')).toEqual(SCAN);
      expect(await scans.listAll()).toEqual([SCAN]);

      const ledger = createDigestLedger(store);
      expect(await ledger.get(LEDGER_KEY)).toEqual(POSTED);
      expect(await ledger.claim(LEDGER_KEY, 'b', 60_000)).toEqual({ granted: false, current: POSTED });

      const submissions = createSubmissionsRepo(store);
      expect(await submissions.get('V1')).toEqual(DONE);
      expect(await submissions.claim('V1', new Date())).toEqual({ claimed: false, existing: DONE });
    });

    it('fills defaults for fields an older record lacks', async () => {
      const store = await place.open();
      const { includeFixPrompts: _i, pollCount: _p, ...olderScan } = SCAN;
      await writeRaw(kind.name, store, 'pending-scans', 's1', olderScan);
      await writeRaw(kind.name, store, 'bindings', 'T1:C2', { ...BINDING, channelId: 'C2', lastSeenRunId: 'run-1' });
      const { owner: _o, ...ownerless } = POSTED;
      await writeRaw(kind.name, store, 'digest-ledger', 'T1:C1:run-3', ownerless);

      expect(await createPendingScansRepo(store).get('s1')).toEqual({ ...SCAN, includeFixPrompts: false, pollCount: 0 });
      expect(await createDigestSettingsRepo(store).get('T1', 'C2')).toEqual({ digestsEnabled: true, lastSeenRunId: 'run-1', failing: null });
      expect(await createDigestLedger(store).get(LEDGER_KEY)).toEqual({ ...POSTED, owner: null });
    });

    it('skips a record it cannot read and logs it once; one key reads as absent', async () => {
      const { lines, logger } = capturingLogger();
      const store = await place.open(logger);
      const bindings = createBindingsRepo(store);
      await bindings.set({ ...BINDING, channelId: 'C2' });
      await writeRaw(kind.name, store, 'bindings', 'T1:C1', { teamId: 'T1', channelId: 'C1' });
      await writeRaw(kind.name, store, 'bindings', 'T1:C3', 'not a record');

      expect((await bindings.listAll()).map((b) => b.channelId)).toEqual(['C2']);
      expect((await bindings.listAll()).map((b) => b.channelId)).toEqual(['C2']);
      expect(await bindings.get('T1', 'C1')).toBeUndefined();
      expect(await bindings.update('T1', 'C1', { projectName: 'x' })).toBeUndefined();
      const logged = lines.filter((l) => l.msg === 'a stored record cannot be read; it is skipped');
      expect(logged.map((l) => l.key).sort()).toEqual(['T1:C1', 'T1:C3']);
      expect(logged[0]).toMatchObject({ level: 'warn', namespace: 'bindings' });
      // Unbinding still works.
      expect(await bindings.remove('T1', 'C1')).toBe(true);
    });

    it('moves an old binding’s digest fields to the digest settings on the first write', async () => {
      const store = await place.open();
      await writeRaw(kind.name, store, 'bindings', 'T1:C1', OLD_BINDING);
      const digests = createDigestSettingsRepo(store);
      const bindings = createBindingsRepo(store);

      // A binding update keeps the old fields (they are still the channel's settings).
      await bindings.update('T1', 'C1', { projectName: 'Acme Corp' });
      expect(await digests.get('T1', 'C1')).toEqual(OLD_DIGEST);

      expect(await digests.update('T1', 'C1', { lastSeenRunId: 'run-4' })).toEqual({ ...OLD_DIGEST, lastSeenRunId: 'run-4' });
      expect(await store.keyv('bindings').get('T1:C1')).toEqual({ ...BINDING, projectName: 'Acme Corp' });
      expect(await digests.get('T1', 'C1')).toMatchObject({ ...OLD_DIGEST, lastSeenRunId: 'run-4' });
      expect(await bindings.get('T1', 'C1')).toEqual({ ...BINDING, projectName: 'Acme Corp' });

      // An old-shape binding written again later does not override the channel's own settings.
      await bindings.set({ ...BINDING, digestsEnabled: true, lastSeenRunId: null, failing: null });
      expect(await digests.get('T1', 'C1')).toMatchObject({ ...OLD_DIGEST, lastSeenRunId: 'run-4' });
    });
  });
}
