/**
 * Pricing values under the null contract (spec 2.2, 2.5): null is "not measured" and never a zero
 * or a "no"; `hasFreePlan` is tri-state; availability reasons are shown as the service gave them.
 */
import type { Metric } from '../../service/index.js';
import { extraText } from '../../service/extras.js';
import { UNREADABLE_VALUE } from '../../service/tolerant.js';
import { currencyText, escapeMrkdwn, humanise } from '../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
/** An omitted key (spec 2.2.3): neither a value nor "not measured". */
export const NOT_REPORTED = '_not reported_';

/** An availability reason, humanised and escaped; null when the marker gave none. */
export function reasonText(reason: string | null | undefined): string | null {
  return reason ? escapeMrkdwn(humanise(reason)) : null;
}

/** A metric that is not a value: omitted "not reported", unreadable said so; null for a value. */
export function absentText(metric: Metric<unknown>): string | null {
  if (metric.kind === 'omitted') return NOT_REPORTED;
  if (metric.kind === 'unreadable') return UNREADABLE_VALUE;
  return null;
}

/** true -> "yes", false -> "no", null -> "not checked"; omitted "not reported". */
export function freePlanText(metric: Metric<boolean | null>): string {
  const absent = absentText(metric);
  if (absent) return absent;
  if (metric.kind !== 'value') return UNREADABLE_VALUE;
  if (metric.value === true) return 'yes';
  if (metric.value === false) return 'no';
  return '_not checked_';
}

/** A price metric with its currency and unit. */
export function priceMetricText(amount: Metric<number | null>, currency: Metric<string | null>, unit: Metric<string | null>): string {
  const absent = absentText(amount);
  if (absent) return absent;
  const v = <T,>(m: Metric<T>) => (m.kind === 'value' ? m.value : undefined);
  return priceText(v(amount), v(currency), v(unit));
}

/** A metric shown verbatim: null "not measured", omitted "not reported". */
export function metricText(metric: Metric<unknown>): string {
  return absentText(metric) ?? valueText(metric.kind === 'value' ? metric.value : undefined);
}

/** A gap flag: true "gap", false "no gap", null "not measured" with why. */
export function gapText(value: unknown, whyNull: string): string {
  if (value === true) return ':large_orange_diamond: gap';
  if (value === false) return 'no gap';
  return `${NOT_MEASURED} (${whyNull})`;
}

export function priceText(amount: unknown, currency: unknown, unit: unknown): string {
  if (typeof amount !== 'number') return NOT_MEASURED;
  return escapeMrkdwn(moneyText(amount, currency, unit));
}

/** The price position in words, never a bare sign: "26.1% below the market average", "4% above …", "at the market average". */
export function positionWords(value: number): string {
  if (value === 0) return 'at the market average';
  return `${escapeMrkdwn(String(Math.abs(value)))}% ${value < 0 ? 'below' : 'above'} the market average`;
}

/** Whether an amount has no cents (to the cent: 49.001 is whole, 49.5 is not). */
const isWhole = (amount: number) => Math.round(amount * 100) % 100 === 0;

/**
 * An amount as plain text with its currency and unit, the one money format every answer, card, chart
 * table and watch uses: `$49` (a whole amount says no cents), `$29.50 per seat a month` (cents kept
 * when there are any), `€45`, `49 XYZ` (a code Intl does not know), `49` (no currency given).
 */
export function moneyText(amount: number, currency: unknown, unit: unknown): string {
  const code = typeof currency === 'string' && currency !== '' ? currency : null;
  const whole = isWhole(amount);
  let money = whole ? String(Math.round(amount)) : String(amount);
  if (code) {
    try {
      money = currencyText(amount, code, whole);
    } catch {
      money = `${whole ? Math.round(amount) : amount} ${code}`;
    }
  }
  return `${money}${typeof unit === 'string' && unit !== '' ? ` ${unitWords(unit)}` : ''}`;
}

const PERIODS = 'day|week|month|quarter|year';

/**
 * A pricing unit as words: `per_seat_month` "per seat a month", `flat_month` "a month, flat",
 * `per_month` "a month", `per_transaction` "per transaction"; any other code humanised.
 */
export function unitWords(unit: string): string {
  const words = humanise(unit);
  const perPeriod = new RegExp(`^per (.+?) (?:per |a )?(${PERIODS})$`).exec(words);
  if (perPeriod) return `per ${perPeriod[1]} a ${perPeriod[2]}`;
  const period = new RegExp(`^(?:per |a )?(${PERIODS})$`).exec(words);
  if (period) return `a ${period[1]}`;
  const flat = new RegExp(`^flat (?:per |a )?(${PERIODS})$`).exec(words);
  if (flat) return `a ${flat[1]}, flat`;
  return words;
}

/** Any other value, shown verbatim; null is "not measured". */
export function valueText(value: unknown): string {
  if (value === null) return NOT_MEASURED;
  if (value === undefined) return '_not reported_';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return escapeMrkdwn(String(value));
  // Lists and objects the service sent, as readable text ("a: 1, b: 2"), never JSON braces.
  return escapeMrkdwn(extraText(value));
}
