import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimeout as delay } from 'node:timers/promises';
import { createCoordinator, LeaseLostError } from '../../src/store/backends/coordination.js';
import type { Coordinator } from '../../src/store/backends/coordination.js';
import { createMemoryLocks } from '../../src/store/backends/memory-locks.js';
import { REDIS_URL, redisPlace } from './places.js';
import type { Place } from './places.js';

describe('coordinator over in-process locks (SQLite deployments)', () => {
  let coordinator: Coordinator;
  beforeEach(() => {
    vi.useFakeTimers();
    coordinator = createCoordinator(createMemoryLocks());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets one holder lead until it releases', async () => {
    const lease = await coordinator.tryLead('digests', 1_000);
    expect(lease).not.toBeNull();
    expect(await coordinator.tryLead('digests', 1_000)).toBeNull();
    expect(await coordinator.tryLead('scans', 1_000)).not.toBeNull();

    await lease?.release();
    expect(lease?.signal.aborted).toBe(true);
    expect(await coordinator.tryLead('digests', 1_000)).not.toBeNull();
  });

  it('keeps a lease that is extended, and loses one that is not once its ttl passes', async () => {
    const lease = await coordinator.tryLead('digests', 1_000);
    await vi.advanceTimersByTimeAsync(800);
    expect(await lease?.extend()).toBe(true);
    await vi.advanceTimersByTimeAsync(800);
    expect(lease?.signal.aborted).toBe(false);
    expect(await coordinator.tryLead('digests', 1_000)).toBeNull();

    await vi.advanceTimersByTimeAsync(201);
    expect(lease?.signal.aborted).toBe(true);
    expect(lease?.signal.reason).toBeInstanceOf(LeaseLostError);
    expect(await lease?.extend()).toBe(false);
    expect(await coordinator.tryLead('digests', 1_000)).not.toBeNull();
  });

  it('runs exclusive work once, extends its lease while it runs, then frees it', async () => {
    let finish: () => void = () => undefined;
    const first = coordinator.runExclusive('scan-follower', 1_000, (signal) => new Promise<string>((resolve) => {
      finish = () => resolve(signal.aborted ? 'aborted' : 'done');
    }));
    await vi.advanceTimersByTimeAsync(0);
    expect(await coordinator.runExclusive('scan-follower', 1_000, async () => 'second')).toEqual({ ran: false });

    await vi.advanceTimersByTimeAsync(5_000); // five ttls: only extension keeps the lease
    expect(await coordinator.runExclusive('scan-follower', 1_000, async () => 'second')).toEqual({ ran: false });
    finish();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(await coordinator.runExclusive('scan-follower', 1_000, async () => 'second')).toEqual({ ran: true, value: 'second' });
  });

  it('frees the lease when the exclusive work throws', async () => {
    await expect(coordinator.runExclusive('x', 1_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await coordinator.runExclusive('x', 1_000, async () => 1)).toEqual({ ran: true, value: 1 });
  });
});

describe.skipIf(!REDIS_URL)('coordinator over Redis (two replicas)', () => {
  const TTL = 300;
  let place: Place;
  beforeEach(() => {
    place = redisPlace();
  });
  afterEach(() => place.cleanup());

  it('lets only one replica lead; the other takes over after a silent leader’s ttl', async () => {
    const [a, b] = await Promise.all([place.open(), place.open()]);
    const [leaseA, leaseB] = await Promise.all([a.coordinator.tryLead('digests', TTL), b.coordinator.tryLead('digests', TTL)]);
    expect([leaseA, leaseB].filter(Boolean)).toHaveLength(1);
    const leader = (leaseA ?? leaseB)!;
    const follower = leaseA ? b : a;

    // The leader "dies": it never extends. Until the ttl passes the follower is refused...
    expect(await follower.coordinator.tryLead('digests', TTL)).toBeNull();
    await delay(TTL + 50);
    // ...then it takes over, and the old holder's signal says the lease is gone.
    const takeover = await follower.coordinator.tryLead('digests', TTL);
    expect(takeover).not.toBeNull();
    expect(leader.signal.aborted).toBe(true);
    expect(await leader.extend()).toBe(false);
    await takeover?.release();
  });

  it('keeps leadership while the leader extends, and hands it over on release', async () => {
    const [a, b] = await Promise.all([place.open(), place.open()]);
    const lease = await a.coordinator.tryLead('scans', TTL);
    for (let i = 0; i < 3; i++) {
      await delay(TTL / 2);
      expect(await lease?.extend()).toBe(true);
      expect(await b.coordinator.tryLead('scans', TTL)).toBeNull();
    }
    await lease?.release();
    expect(await b.coordinator.tryLead('scans', TTL)).not.toBeNull();
  });

  it('runs exclusive work on exactly one replica, beyond its ttl', async () => {
    const [a, b] = await Promise.all([place.open(), place.open()]);
    let runs = 0;
    const work = async (signal: AbortSignal) => {
      runs++;
      await delay(TTL * 2);
      return signal.aborted;
    };
    const results = await Promise.all([a.coordinator.runExclusive('poll', TTL, work), b.coordinator.runExclusive('poll', TTL, work)]);
    expect(runs).toBe(1);
    expect(results).toContainEqual({ ran: false });
    expect(results).toContainEqual({ ran: true, value: false });
  });

  it('fails, rather than reporting another leader, when its Redis is gone', async () => {
    const store = await place.open();
    await store.close();
    await expect(store.coordinator.tryLead('digests', TTL)).rejects.toThrow();
  });
});
