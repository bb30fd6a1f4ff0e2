/**
 * The picker's search on its own, with a service that answers when told and a clock the test moves:
 * at most four searches in flight (p-limit), a waiting search replaced by a newer query of its view
 * or past its budget is never sent, and the cache keeps the 2,000 queries asked most recently
 * (lru-cache). The burst through Slack is in ticket-picker.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadarDeps } from '../../../src/deps.js';
import type { ListTicketsQuery } from '../../../src/service/index.js';
import { createPickerSearch } from '../../../src/features/tickets/ticket-picker.js';

function fakeService() {
  const calls: { query: ListTicketsQuery; answer: () => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const service = {
    listTickets: (_projectId: string, query: ListTicketsQuery) =>
      new Promise((resolve) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        calls.push({
          query,
          answer: () => {
            inFlight -= 1;
            resolve({ items: [{ id: `t_${calls.length}`, number: calls.length, title: `Ticket for ${query.q ?? query.number}` }] });
          },
        });
      }),
  };
  const deps = { service, logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } } as unknown as Pick<RadarDeps, 'service' | 'logger'>;
  return { deps, calls, maxInFlight: () => maxInFlight };
}

/** Lets every settled promise run its callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('createPickerSearch', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('sends at most four searches at once; the rest wait their turn', async () => {
    const { deps, calls, maxInFlight } = fakeService();
    const picker = createPickerSearch(deps, clock);
    const answers = Array.from({ length: 10 }, (_, i) => picker.answer(`view${i}`, 'prj', `query ${i}`));
    await settle();
    expect(calls).toHaveLength(4);
    for (const expected of [4, 2, 0]) {
      for (const c of calls.splice(0)) c.answer();
      await settle();
      expect(calls).toHaveLength(expected);
    }
    const options = await Promise.all(answers);
    expect(maxInFlight()).toBe(4);
    expect(options.map((o) => o[0]?.text.text)).toEqual(Array.from({ length: 10 }, (_, i) => expect.stringContaining(`query ${i}`)));
  });

  it('never sends a waiting search that a newer query of its view replaced, or one past its budget', async () => {
    const { deps, calls } = fakeService();
    const picker = createPickerSearch(deps, clock);
    const busy = Array.from({ length: 4 }, (_, i) => picker.answer(`busy${i}`, 'prj', `busy ${i}`));
    await settle();
    const late = picker.answer('other', 'prj', 'late');
    now = 2_000;
    const replaced = picker.answer('typing', 'prj', 'pri');
    const newest = picker.answer('typing', 'prj', 'pricing');
    now = 3_000; // `late` has waited past its 2.5 s budget when a slot frees; `pricing` has not
    for (const c of calls.splice(0)) c.answer();
    await settle();
    expect(calls.map((c) => c.query.q)).toEqual(['pricing']);
    for (const c of calls.splice(0)) c.answer();
    await vi.advanceTimersByTimeAsync(2_500);
    await Promise.all([...busy, replaced, late]);
    expect((await newest)[0]?.text.text).toContain('pricing');
  });

  it('answers a query asked again from the cache, and forgets the least recently asked past 2,000', async () => {
    const { deps, calls } = fakeService();
    const picker = createPickerSearch(deps, clock);
    /** Asks for `q` and answers its search, if one was sent; says whether one was. */
    const ask = async (q: string) => {
      const answer = picker.answer('view', 'prj', q);
      await settle();
      const sent = calls.splice(0);
      for (const c of sent) c.answer();
      await answer;
      return sent.length;
    };
    expect(await ask('first')).toBe(1);
    expect(await ask('first')).toBe(0);
    for (let i = 0; i < 1_999; i++) await ask(`q${i}`);
    expect(await ask('first')).toBe(0); // 2,000 queries: all kept, and `first` is now the most recent
    for (let i = 0; i < 2_000; i++) await ask(`r${i}`);
    expect(await ask('first')).toBe(1);
  });
});
