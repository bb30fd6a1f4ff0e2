/** Small value formats the card's parts share (null contract: null is "not measured", omitted "not reported"). */
import { UNREADABLE_VALUE, type Part } from '../../../service/tolerant.js';
import { escapeMrkdwn } from '../../../slack/blocks/index.js';
import { unitWords } from '../../competitor-match/pricing-words.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_REPORTED = '_not reported_';

/** `part` rendered by `render`, or the one of "not reported" / "couldn't read" it is. */
export function partText<T>(part: Part<T>, render: (value: T) => string): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return render(part.value);
}

/** An amount with its currency and unit, e.g. `$29.00 per seat a month`. */
export function priceText(amount: number, currency: string | null, unit: string | null): string {
  let money = String(amount);
  if (currency) {
    try {
      money = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
    } catch {
      money = `${amount} ${currency}`;
    }
  }
  return `${escapeMrkdwn(money)}${unit ? ` ${escapeMrkdwn(unitWords(unit))}` : ''}`;
}

/** A rate as sent: a fraction from 0 to 1 as a percentage, anything else verbatim. */
export function rateText(rate: number): string {
  return rate >= 0 && rate <= 1 ? `${Math.round(rate * 1000) / 10}%` : escapeMrkdwn(String(rate));
}
