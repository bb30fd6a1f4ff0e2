import { describe, expect, it } from 'vitest';
import { createTurns } from '../../../src/slack/commands/turns.js';

/** A task that runs until released, recording when it started. */
function gated(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: async () => (log.push(name), await done, name), release };
}
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("each person's turn", () => {
  it('runs at most two of one person’s commands at once, in the order sent, while another person’s go ahead', async () => {
    const turns = createTurns({ perPerson: 2, maxWaiting: 10 });
    const log: string[] = [];
    const [a1, a2, a3, b1] = [gated(log, 'a1'), gated(log, 'a2'), gated(log, 'a3'), gated(log, 'b1')];
    const results = [turns.take('alice', a1.task), turns.take('alice', a2.task), turns.take('alice', a3.task), turns.take('bob', b1.task)];
    await flush();
    expect(log).toEqual(['a1', 'a2', 'b1']);
    expect(turns.load('alice')).toBe(3);
    a2.release();
    await flush();
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3']);
    a1.release();
    a3.release();
    b1.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(turns.load('alice')).toBe(0);
    expect(turns.load('bob')).toBe(0);
  });

  it('answers "too many waiting" without running a command past the waiting limit, and frees the turn after a failure', async () => {
    const turns = createTurns({ perPerson: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = gated(log, 'first');
    const running = turns.take('alice', first.task);
    const waiting = turns.take('alice', async () => 'second');
    expect(await turns.take('alice', async () => 'third')).toBe('too_many_waiting');
    first.release();
    expect(await running).toBe('first');
    expect(await waiting).toBe('second');
    await expect(turns.take('alice', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await turns.take('alice', async () => 'after')).toBe('after');
    expect(turns.load('alice')).toBe(0);
  });
});
