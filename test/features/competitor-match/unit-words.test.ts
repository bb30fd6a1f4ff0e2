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
    expect(moneyText(29, 'USD', 'per_seat_month')).toBe('$29 per seat a month');
  });

  it('money: a whole amount says no cents ("$49"), an amount with cents keeps them ("$29.50"), one format for every consumer', () => {
    expect(moneyText(49, 'USD', null)).toBe('$49');
    expect(moneyText(49.5, 'USD', null)).toBe('$49.50');
    expect(moneyText(0.3, 'USD', 'per_transaction')).toBe('$0.30 per transaction');
    expect(moneyText(1234, 'EUR', null)).toBe('€1,234');
    expect(moneyText(39.25, 'USD', null)).toBe('$39.25');
    expect(moneyText(49, 'XYZ1', null)).toBe('49 XYZ1');
    expect(moneyText(49, null, null)).toBe('49');
  });
});
