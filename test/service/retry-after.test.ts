import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors.js';
import { isRetryable, parseRetryAfter } from '../../src/service/retry.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-02T03:04:05Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
  });

  it('reads an HTTP-date relative to now, never negative', () => {
    expect(parseRetryAfter('Thu, 02 Jan 2025 03:04:08 GMT', now)).toBe(3_000);
    expect(parseRetryAfter('Thu, 02 Jan 2025 03:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('isRetryable', () => {
  const error = (status: number | null, cause?: unknown) =>
    new ServiceError({ code: 'x', status, message: 'x', endpoint: 'X /v1/x', path: '/v1/x', cause });
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  const headersTimeout = Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' });

  it.each([
    ['429', error(429), true, true],
    ['503', error(503), true, false],
    ['500 (any 5xx is transient for a read, spec 7)', error(500), true, false],
    ['599', error(599), true, false],
    ['499', error(499), false, false],
    ['404', error(404), false, false],
    ['ECONNREFUSED', error(null, refused), true, true],
    ['ECONNREFUSED in an AggregateError', error(null, new AggregateError([refused])), true, true],
    ['ECONNRESET', error(null, reset), true, false],
    ['headers timeout', error(null, headersTimeout), false, false],
  ] as const)('%s: GET %s, POST %s', (_label, e, get, post) => {
    expect(isRetryable(e, 'GET')).toBe(get);
    expect(isRetryable(e, 'POST')).toBe(post);
  });
});
