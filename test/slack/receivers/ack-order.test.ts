import { afterEach, describe, expect, it, vi } from 'vitest';
import { settled } from '../../support/settled.js';
import { createAckOrder } from '../../../src/slack/receivers/ack-order.js';
import { asSender } from '../../../src/sender.js';

describe('acks before answers', () => {
  afterEach(() => vi.useRealTimers());

  it('lets an answer go at once when no request is waiting for its ack', async () => {
    const order = createAckOrder();
    expect(await settled(order.acksBefore())).toBe(true);
    const leave = order.enter();
    leave();
    leave();
    expect(order.pending()).toBe(0);
    expect(await settled(order.acksBefore())).toBe(true);
  });

  it('holds an answer until every request admitted before it is answered, but not those admitted after', async () => {
    const order = createAckOrder();
    const first = order.enter();
    const second = order.enter();
    const answer = order.acksBefore();
    const later = order.enter();
    second();
    expect(await settled(answer)).toBe(false);
    first();
    expect(await settled(answer)).toBe(true);
    expect(order.pending()).toBe(1);
    later();
    expect(order.pending()).toBe(0);
  });

  it('never holds an answer longer than its limit', async () => {
    vi.useFakeTimers();
    const order = createAckOrder(1_000);
    order.enter();
    const answer = order.acksBefore();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(answer)).toBe(true);
  });

  it("holds an answer only for its own sender's requests: another person's burst never delays it", async () => {
    const order = createAckOrder();
    const alice = asSender('T1:alice', () => order.enter());
    order.enter('T1:alice');
    expect(await settled(asSender('T1:bob', () => order.acksBefore()))).toBe(true);
    const aliceAnswer = order.acksBefore('T1:alice');
    expect(await settled(aliceAnswer)).toBe(false);
    expect(order.pending()).toBe(2);
    alice();
    expect(await settled(aliceAnswer)).toBe(false);
  });
});
