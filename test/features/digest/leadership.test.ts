/**
 * How soon another replica takes over from a leader that died, on fake timers rather than a wall
 * clock: the dead holder's lease lapses after its ttl, and the survivor, trying on every beat (a
 * third of a ttl), leads no later than one ttl and one beat after the last extension.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeadership, type Leadership } from '../../../src/features/background/leadership.js';
import { createLogger } from '../../../src/log.js';
import { createCoordinator, type HeldLock, type LockBackend } from '../../../src/store/backends/coordination.js';
import { createMemoryLocks } from '../../../src/store/backends/memory-locks.js';

const TTL_MS = 900;
const BEAT_MS = TTL_MS / 3;
const logger = createLogger({ level: 'silent', secrets: [] });

/** A backend whose every call hangs once `dead` is set: a holder that was killed -9. */
function killable<L extends HeldLock>(backend: LockBackend<L>): { backend: LockBackend<L>; kill(): void } {
  let dead = false;
  const never = new Promise<never>(() => {});
  return {
    kill: () => void (dead = true),
    backend: {
      acquire: (name, ttl) => (dead ? never : backend.acquire(name, ttl)),
      extend: (held, ttl) => (dead ? never : backend.extend(held, ttl)),
      release: (held) => (dead ? never : backend.release(held)),
    },
  };
}

describe('digest leadership when the leader dies', () => {
  let leaderships: Leadership[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    leaderships = [];
  });
  afterEach(() => {
    for (const l of leaderships) void l.stop().catch(() => {});
    vi.useRealTimers();
  });

  it('the survivor leads after the dead holder’s lease lapses, and no later than one ttl and one beat after', async () => {
    const locks = createMemoryLocks();
    const a = killable(locks);
    const elected: string[] = [];
    const make = (name: string, backend: LockBackend) => {
      const l = createLeadership({ coordinator: createCoordinator(backend), name: 'digest:poller', ttlMs: TTL_MS, logger, onElected: () => elected.push(name) });
      leaderships.push(l);
      return l;
    };
    const leader = make('a', a.backend);
    const survivor = make('b', locks);
    expect(await leader.ensure()).toBe(true);
    leader.start();
    survivor.start();
    await vi.advanceTimersByTimeAsync(2 * TTL_MS);
    // While the leader extends, the other never leads.
    expect(elected).toEqual(['a']);

    // Killed right after an extension: its lease is good for one more ttl at most.
    a.kill();
    // Not before the lease lapses…
    await vi.advanceTimersByTimeAsync(TTL_MS - 1);
    expect(elected).toEqual(['a']);
    // …and by the survivor's next beat after it.
    await vi.advanceTimersByTimeAsync(BEAT_MS + 1);
    expect(elected).toEqual(['a', 'b']);
    expect(survivor.signal).not.toBeNull();
  });
});
