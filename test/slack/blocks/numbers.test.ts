/** The kept number formatters say exactly what `toLocaleString` / a fresh `Intl.NumberFormat` says. */
import { describe, expect, it } from 'vitest';
import { currencyText, decimalText } from '../../../src/slack/blocks/index.js';

const values = [0, -0, 1, -1, 0.005, 0.015, 1.005, 12.345, -4.7, 1234.5678, 1e21, -987654321.129, 2 ** 53];

describe('number formatters', () => {
  it('decimalText is toLocaleString en-US with at most two decimals', () => {
    for (const n of values) expect(decimalText(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
    expect(decimalText(1234.5678)).toBe('1,234.57');
  });

  it('currencyText is a fresh Intl currency format, whole or with cents, and refuses a code Intl does not know', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'GBP']) {
      for (const n of values) {
        expect(currencyText(n, code, true)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(n));
        expect(currencyText(n, code, false)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 2 }).format(n));
      }
    }
    expect(currencyText(29.5, 'USD', false)).toBe('$29.50');
    expect(() => currencyText(49, 'XYZW', true)).toThrow(RangeError);
  });
});
