/** Small value formats the card's parts share (null contract: null is "not measured", omitted "not reported"). */
import { UNREADABLE_VALUE, type Part } from '../../../service/tolerant.js';
import { escapeMrkdwn } from '../../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_REPORTED = '_not reported_';

/** `part` rendered by `render`, or the one of "not reported" / "couldn't read" it is. */
export function partText<T>(part: Part<T>, render: (value: T) => string): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return render(part.value);
}

/** A rate as sent: a fraction from 0 to 1 as a percentage, anything else verbatim. */
export function rateText(rate: number): string {
  return rate >= 0 && rate <= 1 ? `${Math.round(rate * 1000) / 10}%` : escapeMrkdwn(String(rate));
}
