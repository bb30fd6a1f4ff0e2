import { describe, expect, it } from 'vitest';
import { encodeQuery, expandPath, normaliseBaseUrl } from '../../src/service/url.js';

describe('normaliseBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:1234', 'http://127.0.0.1:1234'],
    ['http://127.0.0.1:1234/', 'http://127.0.0.1:1234'],
    ['http://127.0.0.1:1234/v1', 'http://127.0.0.1:1234'],
    ['https://api.example.com/svc/v1/', 'https://api.example.com/svc'],
  ])('%s -> root %s', (base, root) => {
    expect(normaliseBaseUrl(base).root).toBe(root);
  });
});

describe('expandPath', () => {
  it('encodes each segment and refuses a missing parameter', () => {
    expect(expandPath('/v1/projects/{projectId}/x', { projectId: 'a b/c' })).toBe('/v1/projects/a%20b%2Fc/x');
    expect(() => expandPath('/v1/projects/{projectId}', {})).toThrow(/projectId/);
    for (const bad of ['', '.', '..']) expect(() => expandPath('/v1/projects/{projectId}', { projectId: bad })).toThrow(RangeError);
  });
});

describe('encodeQuery', () => {
  it('leaves out undefined keys and keeps false and 0', () => {
    expect(encodeQuery({ a: undefined, b: false, c: 0 })).toBe('?b=false&c=0');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery()).toBe('');
  });

  it('joins arrays with literal commas, encoding each element', () => {
    expect(encodeQuery({ status: ['triage', 'in_progress'], q: 'a,b' })).toBe('?status=triage,in_progress&q=a%2Cb');
  });
});
