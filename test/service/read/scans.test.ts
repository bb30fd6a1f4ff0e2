/**
 * The scan reader (src/service/read/scans.ts) over shape variants (issue 27): whatever the status,
 * wherever the domain sits (on the scan or its result, any key case), with `expiresAt` readable or not,
 * the facts are the same: where the scan stands, until when it is kept, the site it scanned.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanFactsOf, trustResultFacts, timeOf, MISSING_RESULT } from '../../../src/service/read/scans.js';
import { Unreadable } from '../../../src/service/tolerant.js';
import type { TrustSignalsResult } from '../../../src/service/index.js';

const finish = (result: TrustSignalsResult) => ({ kind: 'trust' as const, result: trustResultFacts(result) });

describe('scanFactsOf', () => {
  it('shape variants (property): status, expiresAt and domain read the same wherever they sit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('queued', 'running', 'completed', 'failed') ,
        fc.option(fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true }), { nil: null }),
        fc.constantFrom('domain', 'Domain', 'DOMAIN'),
        fc.boolean(),
        fc.constantFrom('acme.example.com', '<!here>.example.com'),
        (status, expires, domainKey, onResult, domain) => {
          const result = { verdict: null, ...(onResult ? { [domainKey]: domain } : {}) } as unknown as TrustSignalsResult;
          const scan = {
            id: 'scan_1',
            status: status as 'queued',
            expiresAt: expires === null ? new Unreadable(42) : expires.toISOString(),
            ...(onResult ? {} : { [domainKey]: domain }),
            ...(status === 'running' ? { startedAt: '2026-06-01T00:00:00Z' } : {}),
            ...(status === 'completed' ? { result } : {}),
            ...(status === 'failed' ? { error: { code: 'scan_failed' } } : {}),
          };
          const facts = scanFactsOf(scan, finish);
          expect(facts.status).toBe(status);
          expect(facts.expiresAt === null ? null : timeOf(facts.expiresAt)).toBe(expires === null ? null : expires.getTime());
          // The domain on the result is found only when the scan is completed (a result is there).
          expect(facts.domain).toBe(onResult && status !== 'completed' ? null : domain);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a completed scan without a result is a failure with its own code, never a result of zeros', () => {
    const scan = { id: 's', status: 'completed' as const, expiresAt: '2026-06-02T00:00:00Z' };
    const facts = scanFactsOf(scan, finish);
    expect(facts).toMatchObject({ status: 'failed', code: MISSING_RESULT, expiresAt: '2026-06-02T00:00:00Z' });
  });
});
