import { describe, expect, it } from 'vitest';
import { bodyMessage, fetchView } from '../../../../src/features/fetch/views/fetch-view.js';
import { messageText } from '../../../support/view-checks.js';

const base = { statusCode: 200, finalUrl: 'https://a.example/', durationMs: 12 };

describe('fetchView', () => {
  it('headersAvailable false with {} is hidden headers; {} with headersAvailable true is none sent; not asked is not reported', () => {
    const hidden = messageText(fetchView('https://a.example/', { ...base, headersAvailable: false, headers: {} }, { headers: true, body: false }));
    expect(hidden).toContain('the site hides its response headers');
    expect(hidden).not.toContain('the site sent none');
    const none = messageText(fetchView('https://a.example/', { ...base, headersAvailable: true, headers: {} }, { headers: true, body: false }));
    expect(none).toContain('the site sent none');
    expect(messageText(fetchView('https://a.example/', base, { headers: true, body: false }))).toContain('not reported by the service');
  });

  it('size from the body without cleanStats; content type not reported when absent', () => {
    const text = messageText(fetchView('https://a.example/', { ...base, body: 'x'.repeat(2048) }, { headers: false, body: false }));
    expect(text).toContain('*Size*\n2.0 KB');
    expect(text).toContain('*Content type*\n_not reported_');
  });

  it('a long body is cut to Slack’s limits and said so, escaped, never breaking its code block', () => {
    const view = bodyMessage('https://a.example/', `<b>&${'```'}${'y'.repeat(40_000)}`);
    expect(JSON.stringify(view.blocks)).not.toContain('<b>');
    const text = messageText(view);
    expect(text).toMatch(/Cut to fit Slack: [\d,]+ of 40,007 characters shown/);
    expect(view.blocks.length).toBeLessThanOrEqual(6);
  });
});
