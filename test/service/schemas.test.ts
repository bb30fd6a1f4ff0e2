import { describe, expect, it } from 'vitest';
import {
  agentAdoptionScanSchema,
  briefingReadSchema,
  ticketSchema,
  trustSignalsScanSchema,
} from '../../src/service/index.js';
import { briefingDone, ticket } from './fixtures.js';

const scanBase = { id: 'scn_1', createdAt: '2025-01-02T03:04:05Z', expiresAt: '2025-01-03T03:04:05Z' };

describe('scan schemas', () => {
  it('a trust-signals result stored before inspection: nulls kept, empty arrays kept', () => {
    const result = {
      domain: 'a.example',
      finalUrl: 'https://a.example/',
      fetchedAt: '2025-01-02T03:04:05Z',
      verdict: null,
      categoryScores: null,
      signalsDetected: null,
      suspiciousPatterns: [],
      gapsVsBenchmark: null,
      meta: { signalsEvaluated: null, benchmarkSource: 'x', scanDurationMs: 5 },
    };
    const scan = trustSignalsScanSchema.parse({ ...scanBase, status: 'completed', completedAt: scanBase.createdAt, result });
    expect(scan.result?.verdict).toBeNull();
    expect(scan.result?.suspiciousPatterns).toEqual([]);
    expect(scan.result?.meta.signalsEvaluated).toBeNull();
    expect(scan.result && 'headerInspection' in scan.result).toBe(false);
  });

  it('a queued scan has no result, no error, no startedAt', () => {
    const scan = agentAdoptionScanSchema.parse({ ...scanBase, status: 'queued' });
    expect(['result', 'error', 'startedAt'].filter((k) => k in scan)).toEqual([]);
  });

  it('a failed scan keeps its error code; an unknown status is refused', () => {
    expect(agentAdoptionScanSchema.parse({ ...scanBase, status: 'failed', error: { code: 'scan_failed' } }).error?.code).toBe(
      'scan_failed',
    );
    expect(agentAdoptionScanSchema.safeParse({ ...scanBase, status: 'paused' }).success).toBe(false);
  });
});

describe('briefing schema', () => {
  it('a running run: item null, progress kept', () => {
    const running = {
      meta: {
        runId: 'run_4',
        status: 'running',
        editionNumber: null,
        startedAt: '2025-01-02T03:04:05Z',
        briefingDate: null,
        progress: { step: 'analysing', startedAt: '2025-01-02T03:04:05Z', updatedAt: '2025-01-02T03:05:05Z' },
      },
      item: null,
      coverage: null,
      contains: null,
      tickets: null,
    };
    const read = briefingReadSchema.parse(running);
    expect(read.meta.status === 'running' && read.meta.progress?.step).toBe('analysing');
  });

  it('a done run missing its runId is refused', () => {
    const { runId: _dropped, ...meta } = briefingDone.meta;
    expect(briefingReadSchema.safeParse({ ...briefingDone, meta }).success).toBe(false);
  });
});

describe('ticket schema', () => {
  it('refuses a status outside the five columns', () => {
    expect(ticketSchema.safeParse({ ...ticket, status: 'archived' }).success).toBe(false);
  });
});
