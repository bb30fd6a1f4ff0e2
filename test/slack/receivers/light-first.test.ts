/** Light senders first (`light-first.ts`): a busy sender waits while a light one's work is under way. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settled } from '../../support/settled.js';
import { createLightFirst } from '../../../src/slack/receivers/light-first.js';
import { asSender } from '../../../src/sender.js';

describe('light senders first', () => {
  afterEach(() => vi.useRealTimers());

  it('lets a busy sender alone go at once at its turn, one a turn of the event loop (no timer)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const light = createLightFirst({ busyAt: 2 });
    for (let i = 0; i < 10; i++) light.begin('T:alice');
    const gone: number[] = [];
    for (let i = 0; i < 3; i++) void light.turn('T:alice').then(() => gone.push(i));
    await Promise.resolve();
    expect(gone).toEqual([]);
    await nextTurn();
    expect(gone).toEqual([0]);
    await nextTurn();
    expect(gone).toEqual([0, 1]);
    await nextTurn();
    expect(gone).toEqual([0, 1, 2]);
  });

  it('holds a busy sender while a light sender has work under way, and lets it go when that is done', async () => {
    const light = createLightFirst({ busyAt: 2 });
    light.begin('T:alice');
    light.begin('T:alice');
    const bob = asSender('T:bob', () => light.begin());
    // Bob is light: never held.
    expect(await settled(light.turn('T:bob'))).toBe(true);
    const alice = light.turn('T:alice');
    expect(await settled(alice)).toBe(false);
    bob();
    expect(await settled(alice)).toBe(true);
  });

  it('never holds a busy sender longer than its limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const light = createLightFirst({ busyAt: 1, maxWaitMs: 100 });
    light.begin('T:alice');
    light.begin('T:bob');
    // Bob has one under way: at busyAt 1 he is busy too, so Alice is not held for him, only paced.
    const paced = light.turn('T:alice');
    await nextTurn();
    expect(await settled(paced)).toBe(true);
    const strict = createLightFirst({ busyAt: 2, maxWaitMs: 100 });
    strict.begin('T:alice');
    strict.begin('T:alice');
    strict.begin('T:bob');
    const held = strict.turn('T:alice');
    await vi.advanceTimersByTimeAsync(99);
    await nextTurn();
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(held)).toBe(true);
  });

  it('lets a busy sender’s held work go one step per turn of the event loop once the light sender is done', async () => {
    const light = createLightFirst({ busyAt: 2 });
    for (let i = 0; i < 5; i++) light.begin('T:alice');
    const bob = light.begin('T:bob');
    const gone: number[] = [];
    for (let i = 0; i < 3; i++) void light.turn('T:alice').then(() => gone.push(i));
    await nextTurn();
    expect(gone).toEqual([]);
    bob();
    await Promise.resolve();
    expect(gone).toEqual([0]);
    await nextTurn();
    expect(gone).toEqual([0, 1]);
    await nextTurn();
    expect(gone).toEqual([0, 1, 2]);
  });

  it('holds each call at most its own bound when one is given (the edge’s hand-over hold is shorter than an answer’s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const light = createLightFirst({ busyAt: 2, maxWaitMs: 1_000 });
    light.begin('T:alice');
    light.begin('T:alice');
    light.begin('T:bob');
    const handOver = light.turn('T:alice', 250);
    const answer = light.turn('T:alice');
    vi.advanceTimersByTime(250);
    await nextTurn();
    expect(await settled(handOver)).toBe(true);
    expect(await settled(answer)).toBe(false);
    vi.advanceTimersByTime(750);
    await nextTurn();
    expect(await settled(answer)).toBe(true);
  });
});
