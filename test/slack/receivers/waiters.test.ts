/** Waiting for a condition with a deadline (`waiters.ts`), at once or paced one a turn of the event loop. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWaiters } from '../../../src/slack/receivers/waiters.js';

/** Starts `count` waits on `isReady`; `done` lists the indices resolved so far, in order. */
function waitAll(waiters: ReturnType<typeof createWaiters>, count: number, isReady: () => boolean, maxWaitMs = 10_000) {
  const done: number[] = [];
  for (let i = 0; i < count; i++) void waiters.wait(isReady, maxWaitMs).then(() => done.push(i));
  return done;
}

describe('waiters', () => {
  afterEach(() => vi.useRealTimers());

  it('lets every ready waiter go at one wake, unpaced', async () => {
    const waiters = createWaiters();
    let ready = false;
    const done = waitAll(waiters, 3, () => ready);
    await nextTurn();
    expect(done).toEqual([]);
    ready = true;
    waiters.wake();
    await Promise.resolve();
    expect(done).toEqual([0, 1, 2]);
  });

  it('paced: lets ready waiters go one per turn of the event loop, oldest first', async () => {
    const waiters = createWaiters({ paced: true });
    let ready = false;
    const done = waitAll(waiters, 3, () => ready);
    ready = true;
    waiters.wake();
    waiters.wake(); // a second wake while releasing starts no second line
    await Promise.resolve();
    expect(done).toEqual([0]);
    await nextTurn();
    expect(done).toEqual([0, 1]);
    await nextTurn();
    expect(done).toEqual([0, 1, 2]);
  });

  it('paced: checks the condition again at each turn, so waiters stop going once it no longer holds', async () => {
    const waiters = createWaiters({ paced: true });
    let ready = false;
    const done = waitAll(waiters, 3, () => ready);
    ready = true;
    waiters.wake();
    await Promise.resolve();
    expect(done).toEqual([0]);
    ready = false;
    await nextTurn();
    await nextTurn();
    expect(done).toEqual([0]);
    // Holding again: the next wake lets the rest go, still one a turn.
    ready = true;
    waiters.wake();
    await Promise.resolve();
    expect(done).toEqual([0, 1]);
    await nextTurn();
    expect(done).toEqual([0, 1, 2]);
  });

  it('paced: `pace` goes at its turn, one a turn, in line with ready waiters and past held ones; unpaced, at once', async () => {
    let ready = false;
    const waiters = createWaiters({ paced: true });
    const done = waitAll(waiters, 2, () => ready);
    const paced: string[] = [];
    void waiters.pace().then(() => paced.push('p1'));
    void waiters.pace().then(() => paced.push('p2'));
    await nextTurn();
    // Nothing ahead of them is ready: the two held waiters stay, the paced ones go one a turn past them.
    expect(done).toEqual([]);
    expect(paced).toEqual(['p1']);
    // Now the held ones are ready and older than p2: they go first, still one a turn.
    ready = true;
    waiters.wake();
    await nextTurn();
    expect(done).toEqual([0]);
    expect(paced).toEqual(['p1']);
    await nextTurn();
    expect(done).toEqual([0, 1]);
    expect(paced).toEqual(['p1']);
    await nextTurn();
    expect(paced).toEqual(['p1', 'p2']);
    expect(await Promise.race([createWaiters().pace().then(() => 'at once'), Promise.resolve().then(() => 'later')])).toBe('at once');
  });

  it('paced: a long line goes a sixteenth a turn, oldest first, so thousands never take thousands of turns', async () => {
    const waiters = createWaiters({ paced: true });
    const done: number[] = [];
    for (let i = 0; i < 64; i++) void waiters.pace().then(() => done.push(i));
    await nextTurn();
    expect(done).toEqual([0, 1, 2, 3]); // 64 / 16
    await nextTurn();
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6]); // 60 / 16
    let turns = 2;
    while (done.length < 64) {
      await nextTurn();
      turns += 1;
    }
    expect(done).toEqual(Array.from({ length: 64 }, (_, i) => i));
    // One a turn once the line is short: more turns than a sixteenth would take, far fewer than 64.
    expect(turns).toBeGreaterThan(16);
    expect(turns).toBeLessThan(64);
  });

  it('paced: waiters whose time ran out also go one per turn, not all at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiters = createWaiters({ paced: true });
    const done = waitAll(waiters, 3, () => false, 100);
    vi.advanceTimersByTime(99);
    await Promise.resolve();
    expect(done).toEqual([]);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(done).toEqual([0]);
    await nextTurn();
    await nextTurn();
    expect(done).toEqual([0, 1, 2]);
  });
});
