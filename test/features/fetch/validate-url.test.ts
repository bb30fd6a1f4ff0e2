import { describe, expect, it } from 'vitest';
import { typedUrl, validateFetchUrl } from '../../../src/features/fetch/validate-url.js';

describe('validateFetchUrl', () => {
  it('accepts public hosts and addresses; a bare host gets https; a Slack-wrapped link is unwrapped', () => {
    expect(validateFetchUrl('pipedrift.com/pricing').toString()).toBe('https://pipedrift.com/pricing');
    expect(validateFetchUrl('<https://pipedrift.com/a|pipedrift.com/a>').toString()).toBe('https://pipedrift.com/a');
    expect(validateFetchUrl('http://8.8.8.8/').hostname).toBe('8.8.8.8');
    expect(validateFetchUrl('https://[2606:4700::1111]/').hostname).toBe('[2606:4700::1111]');
    expect(typedUrl('example.com:8080/x')).toBe('https://example.com:8080/x');
  });

  it('refuses other schemes, local names, single labels and private, loopback, link-local, shared and mapped addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://localhost/',
      'http://app.localhost/',
      'http://db.internal/',
      'http://router/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f.1/',
      'not a url at all',
    ]) {
      expect(() => validateFetchUrl(bad), bad).toThrow();
    }
  });
});
