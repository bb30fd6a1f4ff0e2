/** Whose turn it is at the HTTP edge (`fair-intake.ts`), and who sent a request (`senderOf`). */
import { describe, expect, it } from 'vitest';
import { createFairIntake, senderOf } from '../../../src/slack/receivers/fair-intake.js';

describe('fair intake', () => {
  it('never holds a sender alone; while another sender has requests in, a sender past its share waits its turn', () => {
    const intake = createFairIntake({ perSender: 2, maxQueued: 10 });
    const handed: string[] = [];
    const acks = new Map<string, () => void>();
    const admit = (sender: string, name: string) =>
      intake.admit(sender, (acked) => {
        handed.push(name);
        acks.set(name, acked);
      });
    for (let i = 1; i <= 3; i++) admit('T:alice', `a${i}`);
    // Alone, Alice's burst goes as fast as it is acked.
    expect(handed).toEqual(['a1', 'a2', 'a3']);
    admit('T:bob', 'b1');
    admit('T:alice', 'a4');
    admit('T:alice', 'a5');
    // Bob goes at once; Alice, past her share of 2 while Bob has a request in, waits.
    expect(handed).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(intake.counts()).toEqual({ handedOver: 4, waiting: 2 });
    acks.get('a1')?.();
    acks.get('a1')?.(); // acked twice counts once
    expect(handed).toEqual(['a1', 'a2', 'a3', 'b1']);
    acks.get('a2')?.();
    // Alice is down to one handed over: within her share, a4 goes.
    expect(handed).toEqual(['a1', 'a2', 'a3', 'b1', 'a4']);
    acks.get('b1')?.();
    // Alone again: the rest of her queue goes.
    expect(handed).toEqual(['a1', 'a2', 'a3', 'b1', 'a4', 'a5']);
    expect(intake.counts()).toEqual({ handedOver: 3, waiting: 0 });
  });

  it("refuses once a sender's queue is full, and only that sender", () => {
    const intake = createFairIntake({ perSender: 1, maxQueued: 2 });
    expect(intake.admit('T:bob', () => undefined)).toBe(true);
    const results = Array.from({ length: 4 }, () => intake.admit('T:alice', () => undefined));
    expect(results).toEqual([true, true, true, false]);
    expect(intake.counts()).toEqual({ handedOver: 2, waiting: 2 });
    expect(intake.admit('T:carol', () => undefined)).toBe(true);
  });
});

describe('senderOf', () => {
  const payload = (value: unknown) => `payload=${encodeURIComponent(JSON.stringify(value))}`;
  it.each([
    ['a slash command', 'command=%2Fradar&text=help&team_id=T1&user_id=U1', 'application/x-www-form-urlencoded', 'T1:U1'],
    ['a block action', payload({ type: 'block_actions', team: { id: 'T1' }, user: { id: 'U2', team_id: 'T1' } }), 'application/x-www-form-urlencoded', 'T1:U2'],
    ['an options request without team', payload({ type: 'block_suggestion', user: { id: 'U3', team_id: 'T9' } }), 'application/x-www-form-urlencoded', 'T9:U3'],
    ['an event', JSON.stringify({ team_id: 'T1', event: { type: 'app_home_opened', user: 'U4' } }), 'application/json', 'T1:U4'],
    ['a URL verification', JSON.stringify({ type: 'url_verification', challenge: 'x' }), 'application/json', ''],
    ['a body that is not what it says', '{not json', 'application/json', ''],
    ['a payload that is not JSON', 'payload=%7Bnope', 'application/x-www-form-urlencoded', ''],
  ])('%s', (_, body, type, expected) => {
    expect(senderOf(body, type)).toBe(expected);
  });
});
