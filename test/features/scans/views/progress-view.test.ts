/** A scan's channel message while it is followed, and when it stops without a result. */
import { describe, expect, it } from 'vitest';
import { progressView, stoppedView } from '../../../../src/features/scans/views/progress-view.js';
import type { ScanSubject } from '../../../../src/features/scans/views/parts.js';
import { messageText } from '../../../support/view-checks.js';

const subject: ScanSubject = { kind: 'trust', domain: 'acme.example.com', startedBy: 'U07ALICE01', scanId: 'scan_123' };

describe('progressView', () => {
  it('starting (no scan id yet), queued, running with the elapsed time', () => {
    const starting = progressView({ ...subject, scanId: null }, { state: 'starting' });
    expect(starting.text).toBe('Trust-signals scan of acme.example.com: starting');
    expect(messageText(starting)).toContain('@U07ALICE01 started a trust-signals scan of *acme.example.com*.\n:hourglass_flowing_sand: Starting…');
    expect(messageText(starting)).not.toContain('Scan id');
    const queued = messageText(progressView(subject, { state: 'queued' }));
    expect(queued).toContain('Queued: waiting for the scanner to pick it up.');
    expect(queued).toContain('Scan id `scan_123` · the result will replace this message');
    expect(messageText(progressView({ ...subject, kind: 'agents' }, { state: 'running', elapsedMs: 75_000 }))).toMatch(/started an agent-adoption scan of \*acme\.example\.com\*\.\n:hourglass_flowing_sand: Running for .+\./);
  });
});

describe('stoppedView', () => {
  it('failed: the homepage could not be fetched, the service failed, another code', () => {
    expect(messageText(stoppedView(subject, { reason: 'failed', code: 'homepage_fetch_failed' }))).toContain('could not fetch the homepage of *acme.example.com*');
    expect(messageText(stoppedView(subject, { reason: 'failed', code: 'scan_failed' }))).toContain('quote the scan id to support');
    const other = stoppedView(subject, { reason: 'failed', code: 'weird_code' });
    expect(other.text).toBe('Trust-signals scan of acme.example.com: failed');
    expect(messageText(other)).toContain(':x: The scan failed (`weird_code`).');
  });

  it('given up, expired, not found, refused', () => {
    const gaveUpView = stoppedView(subject, { reason: 'gave_up', afterMs: 600_000, readableUntil: '2026-11-28T09:30:00Z' });
    const gaveUp = messageText(gaveUpView);
    const token = `<!date^${Date.parse('2026-11-28T09:30:00Z') / 1000}^`;
    expect(gaveUp).toContain('Radar has stopped following it. Its id is `scan_123`');
    // Read by id until the scan's own expiresAt, not "24 hours".
    // A date token: each reader sees the time in their own zone.
    expect(gaveUp).toContain('`/radar scan scan_123` reads it until ');
    expect(JSON.stringify(gaveUpView.blocks)).toContain(`reads it until ${token}`);
    expect(gaveUp).not.toContain('24 hours');
    expect(messageText(stoppedView(subject, { reason: 'gave_up', afterMs: 600_000, readableUntil: null }))).toContain('its expiry time has passed');
    expect(JSON.stringify(stoppedView(subject, { reason: 'expired', at: '2026-11-28T09:30:00Z' }).blocks)).toContain(`the service kept it until ${token}`);
    expect(messageText(stoppedView(subject, { reason: 'not_found' }))).toContain('The monitoring service no longer knows scan `scan_123`');
    const refused = stoppedView(subject, { reason: 'refused', sentence: 'The plan does not include scans.', retryCommand: '/radar scan trust acme.example.com' });
    expect(refused.text).toBe('Trust-signals scan of acme.example.com: not run');
    expect(messageText(refused)).toContain(':warning: The plan does not include scans. Run `/radar scan trust acme.example.com` again once that is fixed.');
  });
});
