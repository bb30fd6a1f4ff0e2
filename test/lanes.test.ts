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

  it("puts another sender's call next, ahead of a burst queued before it; order within a lane is kept", async () => {
    const lanes = createLanes(1);
    const log: string[] = [];
    const alice = Array.from({ length: 5 }, (_, i) => held(log, `a${i + 1}`));
    const bob = held(log, 'b1');
    const runs = alice.map((a) => lanes.run('alice', a.call));
    const bobRun = lanes.run('bob', bob.call);
    expect(lanes.counts()).toEqual({ inFlight: 1, waiting: 5 });
    alice[0]?.release();
    await runs[0];
    await Promise.resolve();
    expect(log).toEqual(['a1', 'b1']);
    bob.release();
    await bobRun;
    for (const a of alice.slice(1)) {
      await Promise.resolve();
      a.release();
    }
    await Promise.all(runs);
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('passes a rejection to its caller and goes on with the next call', async () => {
    const lanes = createLanes(1);
    const failing = lanes.run('alice', () => Promise.reject(new Error('store down')));
    const next = lanes.run('alice', () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('store down');
    expect(await next).toBe('next');
  });
});
