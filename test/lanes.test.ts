/** Turns at a shared resource (`src/lanes.ts`): per-sender lanes taking turns, order kept within a lane. */
import { describe, expect, it } from 'vitest';
import { createLanes } from '../src/lanes.js';

/** A call that resolves when told to, recording when it started. */
function held(log: string[], name: string) {
  let release: (value: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => (release = resolve));
  return {
    call: () => {
      log.push(name);
      return done;
    },
    release: () => release(name),
  };
}

describe('lanes', () => {
  it('runs a lone caller at once', async () => {
    const lanes = createLanes(1);
    const log: string[] = [];
    const a = held(log, 'a1');
    const result = lanes.run('alice', a.call);
    expect(log).toEqual(['a1']);
    a.release();
    expect(await result).toBe('a1');
    expect(lanes.counts()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it("starts another sender's first call at once beside a burst (one place over the limit), and puts the rest next, ahead of the burst", async () => {
    const lanes = createLanes(1);
    const log: string[] = [];
    const alice = Array.from({ length: 5 }, (_, i) => held(log, `a${i + 1}`));
    const bob = Array.from({ length: 2 }, (_, i) => held(log, `b${i + 1}`));
    const carol = held(log, 'c1');
    const runs = alice.map((a) => lanes.run('alice', a.call));
    // Bob has nothing under way: his call takes the one place over the limit.
    const bobRuns = bob.map((b) => lanes.run('bob', b.call));
    expect(log).toEqual(['a1', 'b1']);
    // Carol is a newcomer too, but the place over the limit is taken: she waits, first in line.
    const carolRun = lanes.run('carol', carol.call);
    expect(lanes.counts()).toEqual({ inFlight: 2, waiting: 6 });
    // Alice's call comes back: two were under way, one still is (Bob's), so nothing starts.
    alice[0]?.release();
    await runs[0];
    await Promise.resolve();
    expect(log).toEqual(['a1', 'b1']);
    // Bob's comes back: Carol, who has had no turn, goes before the burst and before Bob's second.
    bob[0]?.release();
    await bobRuns[0];
    await Promise.resolve();
    expect(log).toEqual(['a1', 'b1', 'c1']);
    carol.release();
    await carolRun;
    // Then one at a time, the lane with the fewest turns first; within a lane in order.
    const rest = [...alice.slice(1), bob[1]];
    for (let i = 0; i < rest.length; i++) {
      await Promise.resolve();
      await Promise.resolve();
      for (const r of rest) r?.release();
    }
    await Promise.all([...runs, ...bobRuns]);
    expect(log.slice(0, 3)).toEqual(['a1', 'b1', 'c1']);
    expect(log.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    // Bob's second call went as soon as the lanes had given Alice as many turns as him, not after her whole burst.
    expect(log.indexOf('b2')).toBeLessThan(log.indexOf('a4'));
    expect(lanes.counts()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('passes a rejection to its caller and goes on with the next call', async () => {
    const lanes = createLanes(1);
    const failing = lanes.run('alice', () => Promise.reject(new Error('store down')));
    const next = lanes.run('alice', () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('store down');
    expect(await next).toBe('next');
  });
});
