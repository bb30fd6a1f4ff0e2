/**
 * Redis frozen or gone under a running store: every call fails within the command timeout with a
 * StoreUnavailableError (never hangs), the outage is logged once, and the store works again when
 * Redis does. The faults are made by a relay in front of the real Redis (test/support/tcp-link.ts),
 * so only this file's connections are affected.
 *
 * With REDIS_URL set these tests need that Redis: they fail, not skip, when it does not answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '../../src/log.js';
import { openStore, type Store } from '../../src/store/backends/open-store.js';
import { StoreUnavailableError } from '../../src/store/backends/errors.js';
import { startTcpLink, type TcpLink } from '../support/tcp-link.js';
import { REDIS_URL } from './places.js';

const TIMEOUT_MS = 300;

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

/** Resolves with how long `call` took to fail, and what it failed with. */
async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

/**
 * Polls `check` until it passes. No deadline of its own: the test's timeout is the only bound, so a
 * store that never recovers fails the test instead of a guess at how long recovery takes on a busy machine.
 * `what` names the wait in the failure the test timeout reports (vitest shows the pending line).
 */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  void what;
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

describe.skipIf(!REDIS_URL)('a Redis store whose Redis freezes or goes away', () => {
  let link: TcpLink;
  let store: Store;
  let captured: ReturnType<typeof capturingLogger>;
  const prefix = `test-faults-${randomUUID().slice(0, 8)}-`;

  beforeEach(async () => {
    link = await startTcpLink(REDIS_URL!);
    captured = capturingLogger();
    store = await openStore(link.url, { logger: captured.logger, namespacePrefix: prefix, commandTimeoutMs: TIMEOUT_MS });
    await store.keyv('things').set('k', { v: 1 });
  });
  afterEach(async () => {
    link.thaw();
    await store.close();
    await link.close();
    const redis = new Redis(REDIS_URL!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });

  const unavailableLines = () => captured.lines.filter((l) => l.msg === 'store unavailable');

  it('fails every kind of call within the command timeout while Redis is frozen, then works again', async () => {
    expect(await store.probe()).toBe(true);
    link.freeze();
    const calls: [string, () => Promise<unknown>][] = [
      ['get', () => store.keyv('things').get('k')],
      ['set', () => store.keyv('things').set('k', { v: 2 })],
      ['update', () => store.update('things', 'k', () => ({ v: 3 }))],
      ['list', () => store.list('things')],
      ['claim', () => store.claim('seen', 'x', 60_000)],
      ['lease', () => store.coordinator.tryLead('digests', 1_000)],
    ];
    const results = await Promise.all(calls.map(async ([name, call]) => ({ name, ...(await failure(call)) })));
    // Each call fails on the command timeout (its fault says so, and it waited that long), not by hanging:
    // a hung call would leave Promise.all pending and the test would fail on its own timeout.
    for (const { name, error, ms } of results) {
      expect(error, name).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).fault, name).toBe('timeout');
      expect(ms, name).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    }
    expect(await store.probe()).toBe(false);
    expect(unavailableLines()).toHaveLength(1);
    expect(unavailableLines()[0]).toMatchObject({ level: 'error', component: 'store', fault: 'timeout' });

    link.thaw();
    await eventually(() => store.probe(), 'the probe to pass after the thaw');
    expect(await store.keyv('things').get('k')).toBeDefined();
    expect(captured.lines.filter((l) => l.msg === 'store available again')).toHaveLength(1);
  });

  it('fails calls at once while Redis is unreachable, and reconnects when it is back', async () => {
    await link.cut();
    await eventually(async () => {
      const { error } = await failure(() => store.keyv('things').get('k'));
      return error instanceof StoreUnavailableError && error.fault === 'unreachable';
    }, 'calls to fail as unreachable');
    // Failed at once: the fault is 'unreachable' (the offline queue refused it), not 'timeout' (waited out).
    const { error } = await failure(() => store.update('things', 'k', () => ({ v: 4 })));
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).fault).toBe('unreachable');
    expect(await store.probe()).toBe(false);
    await expect(store.coordinator.tryLead('digests', 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(unavailableLines()).toHaveLength(1);

    await link.restore();
    await eventually(() => store.probe(), 'the store to reconnect');
    expect(await store.update('things', 'k', () => ({ v: 5 }))).toEqual({ value: { v: 5 }, written: true });
    const lease = await store.coordinator.tryLead('digests', 1_000);
    expect(lease).not.toBeNull();
    await lease?.release();
  });

  it('keeps a held lease through an outage shorter than its ttl', async () => {
    const lease = await store.coordinator.tryLead('scan:s1', 5_000);
    expect(lease).not.toBeNull();
    link.freeze();
    // The extension is not answered: the lease is unconfirmed, not lost.
    expect(await lease!.extend()).toBe(true);
    expect(lease!.signal.aborted).toBe(false);
    link.thaw();
    await eventually(async () => (await lease!.extend()) && !lease!.signal.aborted, 'the lease to be extended again');
    await lease!.release();
  });
});
