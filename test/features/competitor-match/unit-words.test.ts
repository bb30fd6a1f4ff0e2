/** Issue 29: a pricing unit reads as words ("per seat a month"), never as its key (`per_seat_month`). */
import { describe, expect, it } from 'vitest';
import { moneyText, unitWords } from '../../../src/features/competitor-match/pricing-words.js';

describe('unitWords', () => {
  it('says per-period units as people do, and humanises any other code', () => {
    expect(unitWords('per_seat_month')).toBe('per seat a month');
    expect(unitWords('perEditorYear')).toBe('per editor a year');
    expect(unitWords('per_month')).toBe('a month');
    expect(unitWords('flat_month')).toBe('a month, flat');
    expect(unitWords('per_transaction')).toBe('per transaction');
    expect(moneyText(29, 'USD', 'per_seat_month')).toBe('$29.00 per seat a month');
  });
});
