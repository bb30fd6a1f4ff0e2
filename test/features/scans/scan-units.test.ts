import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLimiter } from '../../../src/limiter.js';
import { delayAfterRateLimit, nextPollDelay } from '../../../src/features/scans/poll-schedule.js';
import { normaliseScanDomain } from '../../../src/features/scans/scan-target.js';
import { formatElapsed, packLines } from '../../../src/features/scans/views/parts.js';
import { trustDetailsView } from '../../../src/features/scans/views/trust-view.js';
import { trustSignalsResult } from '../../../src/sandbox/routes/scans/trust-result.js';
import { trustSignalsResultSchema } from '../../../src/service/index.js';
import { trustResultFacts } from '../../../src/service/read/scans.js';
import { LIMITS } from '../../../src/slack/blocks/index.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';

const SPEC = { scanPollMinMs: 2_000, scanPollMaxMs: 5_000 };

describe('poll schedule', () => {
  it('starts near the minimum and backs off towards the maximum', () => {
    const middle = () => 0.5;
    expect(nextPollDelay(0, SPEC, middle)).toBe(2_000);
    expect(nextPollDelay(1, SPEC, middle)).toBe(3_000);
    expect(nextPollDelay(2, SPEC, middle)).toBe(4_500);
    expect(nextPollDelay(10, SPEC, middle)).toBe(5_000);
  });

  it('always stays within the spec’s 2 to 5 seconds, whatever the jitter', () => {
    fc.assert(
      fc.property(fc.nat(1_000), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (polls, r) => {
        const delay = nextPollDelay(polls, SPEC, () => r);
        return delay >= 2_000 && delay <= 5_000;
      }),
    );
  });

  it('spreads scans started together apart', () => {
    expect(nextPollDelay(1, SPEC, () => 0)).toBeLessThan(nextPollDelay(1, SPEC, () => 0.99));
  });

  it('waits at least as long as a 429 asked', () => {
    expect(delayAfterRateLimit(30_000, 2_000)).toBe(30_000);
    expect(delayAfterRateLimit(undefined, 2_000)).toBe(2_000);
    expect(delayAfterRateLimit(500, 2_000)).toBe(2_000);
  });
});

describe('limiter', () => {
  it('never runs more than its bound at once, and runs everything', async () => {
    const limiter = createLimiter(3);
    let running = 0;
    let peak = 0;
    const task = async (i: number) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop, so runs overlap
      running -= 1;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => limiter.run(() => task(i))));
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it('frees its slot when a task fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('scan target', () => {
  it.each([
    ['NorthwindCRM.com', 'northwindcrm.com'],
    ['https://www.NorthwindCRM.com/pricing?plan=pro#top', 'www.northwindcrm.com'],
    ['http://northwindcrm.com:8080', 'northwindcrm.com'],
    ['northwindcrm.com:8443/path', 'northwindcrm.com'],
    ['northwindcrm.com.', 'northwindcrm.com'],
    ['<https://northwindcrm.com|northwindcrm.com>', 'northwindcrm.com'],
  ])('normalises %s to %s like the service', (input, expected) => {
    expect(normaliseScanDomain(input)).toBe(expected);
  });

  it.each(['localhost', 'not a domain', '192.168.1.1', 'ftp://northwindcrm.com', 'mailto:a@b.com', '', '-bad-.com', 'https://'])('refuses %j', (input) => {
    expect(normaliseScanDomain(input)).toBeNull();
  });
});

describe('view parts', () => {
  it('packs lines into as few sections as fit', () => {
    const line = 'x'.repeat(1_000);
    const blocks = packLines([line, line, line, line]);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(JSON.stringify(block).length).toBeLessThan(LIMITS.sectionText + 100);
  });

  it('formats elapsed time', () => {
    expect(formatElapsed(12_400)).toBe('12 s');
    expect(formatElapsed(185_000)).toBe('3 min 5 s');
    expect(formatElapsed(120_000)).toBe('2 min');
    expect(formatElapsed(3_720_000)).toBe('1 h 2 min');
  });
});

describe('trust-signals details', () => {
  it('lists the gaps most prevalent first, as the summary does', () => {
    const result = trustSignalsResultSchema.parse(trustSignalsResult('northwindcrm.com', '2026-11-20T12:00:00Z', 4_200));
    const gaps = [
      { signal: 'rareSignal', category: 'socialProof', benchmarkPrevalence: 0.1, ciInsight: null },
      { signal: 'commonSignal', category: 'socialProof', benchmarkPrevalence: 0.9, ciInsight: null },
      { signal: 'unscaledSignal', category: 'socialProof', benchmarkPrevalence: null, ciInsight: null },
      { signal: 'middleSignal', category: 'socialProof', benchmarkPrevalence: 0.5, ciInsight: null },
    ];
    const subject = { kind: 'trust', domain: 'northwindcrm.com', startedBy: 'U1', scanId: 'scan_1' } as const;
    const text = renderBlocksText(trustDetailsView(subject, trustResultFacts({ ...result, gapsVsBenchmark: gaps })).blocks);
    const order = ['Common signal', 'Middle signal', 'Rare signal', 'Unscaled signal'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
