import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBindingsRepo } from '../../src/store/bindings.js';
import { createDigestSettingsRepo } from '../../src/store/digest-settings.js';
import { createPendingScansRepo } from '../../src/store/pending-scans.js';
import { deleteTeamData, TEAM_NAMESPACES } from '../../src/store/team-data.js';
import { TEAM_ENTERPRISES_NAMESPACE } from '../../src/store/team-installations.js';
import { BINDINGS_NAMESPACE } from '../../src/store/bindings.js';
import { DIGEST_SETTINGS_NAMESPACE } from '../../src/store/digest-settings.js';
import { FOLLOWS_NAMESPACE } from '../../src/store/follows.js';
import { NOTIFY_OUTBOX_NAMESPACE } from '../../src/store/notify-outbox.js';
import { REPORT_SETTINGS_NAMESPACE } from '../../src/store/report-settings.js';
import { SNOOZES_NAMESPACE } from '../../src/store/snoozes.js';
import { SYNC_SETTINGS_NAMESPACE } from '../../src/store/sync-settings.js';
import { TICKET_THREADS_NAMESPACE } from '../../src/store/ticket-threads.js';
import { WATCH_HELD_NAMESPACE } from '../../src/store/watch-held.js';
import { WATCHES_NAMESPACE } from '../../src/store/watches.js';
import { SCAN_STARTS_NAMESPACE } from '../../src/store/pending-scans.js';
import { CHANNEL_PRIVACY_NAMESPACE } from '../../src/features/home/channel-privacy.js';
import { HOME_REFRESH_NAMESPACE } from '../../src/features/home/throttle.js';
import { LIVING_LEDGER_NAMESPACE } from '../../src/features/living/show.js';
import { REPORT_LEDGER_NAMESPACE } from '../../src/features/reports/deliver.js';
import { WATCH_LEDGER_NAMESPACE } from '../../src/features/watches/deliver.js';
import { SERVICE_KEYS_NAMESPACE } from '../../src/store/service-keys.js';
import { FOLLOW_BOARD_NAMESPACE } from '../../src/features/follows/board-poller.js';
import { PLACE_KINDS, type Place } from './places.js';

describe('what Radar keeps for a team', () => {
  it('names every team-keyed namespace the store and the features write', () => {
    const known = [
      BINDINGS_NAMESPACE,
      DIGEST_SETTINGS_NAMESPACE,
      'digest-ledger',
      FOLLOWS_NAMESPACE,
      NOTIFY_OUTBOX_NAMESPACE,
      REPORT_SETTINGS_NAMESPACE,
      SNOOZES_NAMESPACE,
      SYNC_SETTINGS_NAMESPACE,
      TICKET_THREADS_NAMESPACE,
      WATCH_HELD_NAMESPACE,
      WATCHES_NAMESPACE,
      SCAN_STARTS_NAMESPACE,
      'pending-scans',
      CHANNEL_PRIVACY_NAMESPACE,
      HOME_REFRESH_NAMESPACE,
      LIVING_LEDGER_NAMESPACE,
      REPORT_LEDGER_NAMESPACE,
      WATCH_LEDGER_NAMESPACE,
      SERVICE_KEYS_NAMESPACE,
      FOLLOW_BOARD_NAMESPACE,
      TEAM_ENTERPRISES_NAMESPACE,
    ];
    expect(Object.keys(TEAM_NAMESPACES).sort()).toEqual([...known].sort());
  });
});

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`deleteTeamData on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('removes every record of the team, unreadable ones too, and leaves other teams (even with a prefix-like id) alone', async () => {
      const store = await place.open();
      const bindings = createBindingsRepo(store);
      const scans = createPendingScansRepo(store);
      const binding = (teamId: string, channelId: string) => ({ teamId, channelId, projectId: 'p', projectName: 'P', boundBy: 'U1', boundAt: '2026-01-01T00:00:00Z' });
      await bindings.set(binding('T1', 'C1'));
      await bindings.set(binding('T1', 'C2'));
      await bindings.set(binding('T10', 'C1'));
      await createDigestSettingsRepo(store).set('T1', 'C1', { digestsEnabled: true, lastSeenRunId: null, failing: null });
      await store.update('watches', 'T1:C1', () => ({ not: 'a readable watch' }));
      await store.update('digest-ledger', 'T1:C1:run1', () => ({ state: 'posted' }), { ttlMs: 60_000 });
      await store.update('scan-starts', 'person:T1:U1', () => ({ tok: 1 }));
      await store.update('scan-starts', 'channel:T10:C1', () => ({ tok: 1 }));
      const scan = { kind: 'trust' as const, domain: 'a.example', channelId: 'C1', messageTs: '1.1', startedBy: 'U1', startedAt: '2026-01-01T00:00:00Z', includeFixPrompts: false, lastStatus: 'running' as const, pollCount: 0, nextPollAt: '2026-01-01T00:00:00Z' };
      await scans.put({ ...scan, scanId: 's1', teamId: 'T1' });
      await scans.put({ ...scan, scanId: 's2', teamId: 'T10' });

      const counts = await deleteTeamData(store, 'T1');
      expect(counts).toEqual({ bindings: 2, 'digest-settings': 1, watches: 1, 'digest-ledger': 1, 'scan-starts': 1, 'pending-scans': 1 });
      expect((await bindings.listAll()).map((b) => `${b.teamId}:${b.channelId}`)).toEqual(['T10:C1']);
      expect((await scans.listAll()).map((s) => s.scanId)).toEqual(['s2']);
      expect((await store.entries('scan-starts')).map((e) => e.key)).toEqual(['channel:T10:C1']);
      expect(await deleteTeamData(store, 'T1')).toEqual({});
      await expect(deleteTeamData(store, 'T1:C1')).rejects.toThrow(/not a team id/);
    });
  });
}
