/**
 * Service faults injected through the sandbox's control surface: reads recover through the
 * client's retries; what cannot recover ends in one clear sentence; nothing crashes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../src/sandbox/control/faults.js';
import { expectNoViolations } from '../support/fake-slack.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';

describe('service faults on reads', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ serviceTimeouts: { headersMs: 300, bodyMs: 300 } });
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  afterAll(() => h?.stop());

  const PRICING = '/v1/projects/prj_northwind/pricing';
  const recoverable: [string, Omit<FaultSpec, 'path'>][] = [
    ['429 with Retry-After', { kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0, times: 2 }],
    ['500', { kind: 'status', status: 500, code: 'internal_error', times: 1 }],
    ['502', { kind: 'status', status: 502, code: 'bad_gateway', times: 1 }],
    ['503', { kind: 'status', status: 503, code: 'unavailable', times: 2 }],
    ['a connection reset', { kind: 'reset', times: 2 }],
  ];

  for (const [name, fault] of recoverable) {
    it(`a read recovers from ${name}`, async () => {
      h.sandbox.control.clearRequests();
      h.sandbox.control.addFault({ path: PRICING, ...fault });
      const text = replyText(await h.command('pricing --project northwind', { channel: CHANNELS.general }));
      // Spec 7: 429 and any 5xx are transient; a read (GET) is asked again, a plain 500 included (issue 27).
      expect(text).toContain('Northwind CRM: pricing gaps');
      expect(h.sandbox.control.requests().filter((r) => r.path === PRICING).length).toBe((fault.times ?? 1) + 1);
    });
  }

  it('latency past the timeout ends in one sentence, and the next read works', async () => {
    h.sandbox.control.addFault({ path: PRICING, kind: 'latency', latencyMs: 1_000 });
    const slow = replyText(await h.command('pricing --project northwind', { channel: CHANNELS.general }));
    expect(slow).toContain('not answering right now');
    h.sandbox.control.clearFaults();
    expect(replyText(await h.command('pricing --project northwind', { channel: CHANNELS.general }))).toContain('pricing gaps');
  });

  it('malformed JSON ends in one sentence', async () => {
    h.sandbox.control.addFault({ path: PRICING, kind: 'malformed' });
    expect(replyText(await h.command('pricing --project northwind', { channel: CHANNELS.general }))).toContain("couldn't read");
  });
});
