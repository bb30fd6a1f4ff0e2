/**
 * Pricing values under the null contract (spec 2.2, 2.5): null is "not measured" and never a zero
 * or a "no"; `hasFreePlan` is tri-state; availability reasons are shown as the service gave them.
 */
import { availabilityReason, type Availability } from '../../service/index.js';
import { escapeMrkdwn, humanise } from '../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';

export function reasonText(marker: Availability | undefined): string | null {
  const reason = availabilityReason(marker);
  return reason ? escapeMrkdwn(humanise(reason)) : null;
}

/** true -> "yes", false -> "no", null -> "not checked". */
export function freePlanText(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return '_not checked_';
}

/** A gap flag: true "gap", false "no gap", null "not measured" with why. */
export function gapText(value: unknown, whyNull: string): string {
  if (value === true) return ':large_orange_diamond: gap';
  if (value === false) return 'no gap';
  return `${NOT_MEASURED} (${whyNull})`;
}

export function priceText(amount: unknown, currency: unknown, unit: unknown): string {
  if (typeof amount !== 'number') return NOT_MEASURED;
  const code = typeof currency === 'string' ? currency : null;
  let money = String(amount);
  if (code) {
    try {
      money = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 2 }).format(amount);
    } catch {
      money = `${amount} ${code}`;
    }
  }
  return `${escapeMrkdwn(money)}${typeof unit === 'string' ? ` ${escapeMrkdwn(humanise(unit))}` : ''}`;
}

/** Any other value, shown verbatim; null is "not measured". */
export function valueText(value: unknown): string {
  if (value === null) return NOT_MEASURED;
  if (value === undefined) return '_not reported_';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return escapeMrkdwn(String(value));
  return escapeMrkdwn(JSON.stringify(value));
}
