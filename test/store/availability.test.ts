/**
 * The store's availability as its calls find out: an outage is logged once when it starts and once
 * when a call made during it succeeds; a call already under way when the store came back, failing
 * after, does not open (and log) another.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createAvailability } from '../../src/store/backends/availability.js';
import { StoreUnavailableError } from '../../src/store/backends/errors.js';

function setup() {
  const lines: { msg: string }[] = [];
  const logger = createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as { msg: string }) });
  const availability = createAvailability({ logger, classify: () => null });
  const messages = () => lines.map((l) => l.msg).filter((m) => m.startsWith('store'));
  const timeout = () => new StoreUnavailableError('timeout', 'the store did not answer within 2000 ms');
  /** A call that settles when told to. */
  const held = () => {
    let settle: (ok: boolean) => void = () => undefined;
    const call = availability.guard(() => new Promise<string>((resolve, reject) => (settle = (ok) => (ok ? resolve('ok') : reject(timeout()))))).catch((e: unknown) => e);
    return { call, settle: (ok: boolean) => settle(ok) };
  };
  return { availability, messages, timeout, held };
}

describe('store availability', () => {
  it('logs an outage once however many calls fail, and its end once a call made during it succeeds', async () => {
    const { availability, messages, timeout } = setup();
    for (let i = 0; i < 3; i++) await availability.guard(() => Promise.reject(timeout())).catch(() => undefined);
    expect(availability.available).toBe(false);
    await availability.guard(() => Promise.resolve('ok'));
    expect(availability.available).toBe(true);
    expect(messages()).toEqual(['store unavailable', 'store available again']);
  });

  it('a call under way across the recovery that then fails opens no second outage; a call started after it does', async () => {
    const { availability, messages, timeout, held } = setup();
    const early = held();
    await availability.guard(() => Promise.reject(timeout())).catch(() => undefined);
    // Sent into the frozen store, still waiting when the store comes back.
    const stuck = held();
    await availability.guard(() => Promise.resolve('ok'));
    stuck.settle(false);
    expect(await stuck.call).toBeInstanceOf(StoreUnavailableError);
    early.settle(false);
    expect(await early.call).toBeInstanceOf(StoreUnavailableError);
    expect(availability.available).toBe(true);
    expect(messages()).toEqual(['store unavailable', 'store available again']);

    await availability.guard(() => Promise.reject(timeout())).catch(() => undefined);
    expect(availability.available).toBe(false);
    expect(messages()).toEqual(['store unavailable', 'store available again', 'store unavailable']);
  });
});
