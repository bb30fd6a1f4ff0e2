/** Content values under the null contract (spec 2.2, 2.5): counts, gap lists and their states. */
import type { Part } from '../../service/tolerant.js';
import { UNREADABLE_VALUE } from '../../service/tolerant.js';
import { contentCategoryOf } from '../../service/index.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { categoryName } from './categories.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_REPORTED = '_not reported_';
export const NO_COMPARISON = '_no comparison ran_';
export const NONE_FOUND = '_compared, none found_';

/** A count: the number (0 is a real zero), null "not measured", omitted "not reported". */
export function countText(part: Part<number | null>): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  if (part.value === null) return NOT_MEASURED;
  return part.value.toLocaleString('en-US');
}

/** Up to `max` elements, then "…and N more". */
export function listed(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, …and ${items.length - max} more` : shown;
}

/** How the rest of a long gap list is reached. */
export const GAPS_COMMAND = '/radar content gaps';

/** A gap's element as said: a category by its name, anything else escaped. */
export function gapElementText(v: string): string {
  const category = contentCategoryOf(v);
  return category ? categoryName(category).toLowerCase() : escapeMrkdwn(v);
}

/**
 * A gap list: null "no comparison ran", [] "compared, none found", else its elements (a category by its
 * name); past `max`, the first `max` with "max of N" and the way to the rest (`/radar content gaps`).
 */
export function gapListText(part: Part<string[] | null>, max = 25): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  if (part.value === null) return NO_COMPARISON;
  if (part.value.length === 0) return NONE_FOUND;
  const names = part.value.map(gapElementText);
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} _(${max} of ${names.length}: \`${GAPS_COMMAND}\` lists them all)_`;
}
