/** The SQLite store's group commit for single claims (`groupClaims`): one write per turn, each caller its own answer. */
import { describe, expect, it } from 'vitest';
import { groupClaims } from '../../src/store/backends/sqlite-store.js';

function recordingClaimMany(taken = new Set<string>()) {
  const calls: { namespace: string; keys: readonly string[]; ttlMs: number }[] = [];
  const claimMany = async (namespace: string, keys: readonly string[], ttlMs: number) => {
    calls.push({ namespace, keys, ttlMs });
    return keys.map((key) => {
      const id = `${namespace}:${key}`;
      if (taken.has(id)) return false;
      taken.add(id);
      return true;
    });
  };
  return { calls, claimMany };
}

describe('groupClaims', () => {
  it('writes the claims asked in one turn as one claimMany per namespace and ttl, and answers each caller', async () => {
    const { calls, claimMany } = recordingClaimMany(new Set(['seen:old']));
    const claim = groupClaims(claimMany);
    const answers = await Promise.all([claim('seen', 'a', 60_000), claim('seen', 'old', 60_000), claim('seen', 'b', 60_000), claim('other', 'a', 60_000), claim('seen', 'c', 1_000)]);
    expect(answers).toEqual([true, false, true, true, true]);
    expect(calls).toEqual([
      { namespace: 'seen', keys: ['a', 'old', 'b'], ttlMs: 60_000 },
      { namespace: 'other', keys: ['a'], ttlMs: 60_000 },
      { namespace: 'seen', keys: ['c'], ttlMs: 1_000 },
    ]);
  });

  it('gives a key asked twice in one turn to its first asker only, and writes it once', async () => {
    const { calls, claimMany } = recordingClaimMany();
    const claim = groupClaims(claimMany);
    expect(await Promise.all([claim('seen', 'k', 60_000), claim('seen', 'k', 60_000), claim('seen', 'k', 60_000)])).toEqual([true, false, false]);
    expect(calls).toEqual([{ namespace: 'seen', keys: ['k'], ttlMs: 60_000 }]);
  });

  it('starts a new group after a turn: a later claim of the same key is a second write, and refused', async () => {
    const { calls, claimMany } = recordingClaimMany();
    const claim = groupClaims(claimMany);
    expect(await claim('seen', 'k', 60_000)).toBe(true);
    expect(await claim('seen', 'k', 60_000)).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('rejects every caller of a group whose write failed, and the next group is written afresh', async () => {
    let fail = true;
    const claim = groupClaims(async (_namespace, keys) => {
      if (fail) throw new Error('database is locked');
      return keys.map(() => true);
    });
    const results = await Promise.allSettled([claim('seen', 'a', 1_000), claim('seen', 'b', 1_000)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await claim('seen', 'a', 1_000)).toBe(true);
  });
});
