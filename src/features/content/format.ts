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

/** A gap list: null "no comparison ran", [] "compared, none found", else its elements (a category by its name). */
export function gapListText(part: Part<string[] | null>, max = 25): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  if (part.value === null) return NO_COMPARISON;
  if (part.value.length === 0) return NONE_FOUND;
  return listed(
    part.value.map((v) => {
      const category = contentCategoryOf(v);
      return category ? categoryName(category).toLowerCase() : escapeMrkdwn(v);
    }),
    max,
  );
}
