/**
 * Each person's turn. A person's `/radar` answers run at most `perPerson` at a time, in the order
 * they were typed; the rest wait their turn (at most `maxWaiting`, after which the command is
 * answered "too many waiting" at once). One person sending two hundred commands so gets two of
 * them worked on at a time, and everyone else's commands go ahead beside them instead of queueing
 * behind all two hundred for the event loop, the store and the service client. Acks are never
 * held: this orders the work after the ack.
 */
export interface Turns {
  /**
   * Runs `task` in `who`'s turn; resolves with its result, or with `'too_many_waiting'` without
   * running it when `who` already has `maxWaiting` commands waiting.
   */
  take<T>(who: string, task: () => Promise<T>): Promise<T | 'too_many_waiting'>;
  /** Commands of `who` running or waiting (tests). */
  load(who: string): number;
}

export interface TurnsOptions {
  perPerson?: number;
  maxWaiting?: number;
}

export const DEFAULT_TURNS: Required<TurnsOptions> = { perPerson: 2, maxWaiting: 50 };

export function createTurns(options: TurnsOptions = {}): Turns {
  const { perPerson, maxWaiting } = { ...DEFAULT_TURNS, ...options };
  const people = new Map<string, { running: number; waiting: (() => void)[] }>();

  return {
    async take(who, task) {
      let person = people.get(who);
      if (!person) people.set(who, (person = { running: 0, waiting: [] }));
      if (person.running >= perPerson) {
        if (person.waiting.length >= maxWaiting) return 'too_many_waiting';
        await new Promise<void>((resolve) => person?.waiting.push(resolve));
      } else person.running += 1;
      try {
        return await task();
      } finally {
        const next = person.waiting.shift();
        if (next) next();
        else {
          person.running -= 1;
          if (person.running === 0) people.delete(who);
        }
      }
    },
    load(who) {
      const person = people.get(who);
      return person ? person.running + person.waiting.length : 0;
    },
  };
}
