import { describe, expect, it } from 'vitest';
import {
  agentAdoptionScanSchema,
  briefingReadSchema,
  ticketSchema,
  trustSignalsScanSchema,
} from '../../src/service/index.js';
import { briefingDone, ticket } from './fixtures.js';
import { isUnreadable, mustRead } from '../../src/service/tolerant.js';
import { aiVisibilityReadSchema, latestCheckAvailability } from '../../src/service/index.js';

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
    const read = mustRead(scan.result);
    expect(read?.verdict).toBeNull();
    expect(read?.suspiciousPatterns).toEqual([]);
    expect(mustRead(read?.meta ?? {})).toMatchObject({ signalsEvaluated: null });
    expect(read && 'headerInspection' in read).toBe(false);
  });

  it('a queued scan has no result, no error, no startedAt', () => {
    const scan = agentAdoptionScanSchema.parse({ ...scanBase, status: 'queued' });
    expect(['result', 'error', 'startedAt'].filter((k) => k in scan)).toEqual([]);
  });

  it('a failed scan keeps its error code; an unknown status is refused', () => {
    expect(agentAdoptionScanSchema.parse({ ...scanBase, status: 'failed', error: { code: 'scan_failed' } }).error).toMatchObject({
      code: 'scan_failed',
    });
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
    expect(read.meta.status === 'running' && mustRead(read.meta.progress)?.step).toBe('analysing');
  });

  it('a done run missing its runId reads, with only the runId unreadable; a meta without status is refused', () => {
    const { runId: _dropped, ...meta } = briefingDone.meta;
    const read = briefingReadSchema.parse({ ...briefingDone, meta });
    expect(read.meta.status).toBe('done');
    expect(read.meta.status === 'done' && isUnreadable(read.meta.runId)).toBe(true);
    const { status: _status, ...noStatus } = briefingDone.meta;
    expect(briefingReadSchema.safeParse({ ...briefingDone, meta: noStatus }).success).toBe(false);
  });
});

describe('ticket schema', () => {
  it('a status outside the five columns is unreadable, never taken as a column; a ticket without id is refused', () => {
    const read = ticketSchema.parse({ ...ticket, status: 'archived' });
    expect(isUnreadable(read.status)).toBe(true);
    expect(read.status).toMatchObject({ raw: 'archived' });
    const { id: _id, ...noId } = ticket;
    expect(ticketSchema.safeParse(noId).success).toBe(false);
  });
});

describe('AI visibility availability marker', () => {
  it('any shape of latestCheckDataAvailable reads; found in any case; only an explicit available reads as available', () => {
    const read = (body: unknown) => latestCheckAvailability(aiVisibilityReadSchema.parse(body));
    expect(read({})).toEqual({ unavailable: false, reason: undefined });
    expect(read({ latestCheckDataAvailable: { available: false, reason: 'latest_check_incomplete' } })).toEqual({ unavailable: true, reason: 'latest_check_incomplete' });
    expect(read({ LatestCheckDataAvailable: 'latest_check_incomplete' })).toEqual({ unavailable: true, reason: 'latest_check_incomplete' });
    expect(read({ latestCheckDataAvailable: { available: true } })).toEqual({ unavailable: false, reason: undefined });
    expect(read({ latestCheckDataAvailable: 7 }).unavailable).toBe(true);
  });
});
