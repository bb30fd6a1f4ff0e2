/**
 * AI visibility reads (spec 2.5 "AI visibility", 4.3). Payload fields beyond the stated rules are not
 * shown, so the reads are loose objects with the few stated keys typed.
 */
import { z } from 'zod';
import { lookup } from '../tolerant.js';
import { availabilityReason, availabilitySchema, looseRecordSchema, markerSaysUnavailable, paginationSchema } from './common.js';
import type { View } from './common.js';

/** The latest dashboard and a check's detail share one shape. */
export const aiVisibilityReadSchema = z.looseObject({
  /**
   * Present when the most recent check was abandoned as incomplete; the rest describes an earlier
   * check. An availability marker of unstated shape: never validated here (a shape Radar does not
   * expect must not fail the read), read through `latestCheckAvailability`.
   */
  latestCheckDataAvailable: z.unknown().optional(),
});
export type AiVisibilityRead = z.infer<typeof aiVisibilityReadSchema>;

/**
 * What `latestCheckDataAvailable` says, read through the tolerant marker reader: found in any case,
 * on the read or one level down. `unavailable` true means the latest check was abandoned and the
 * figures describe an earlier one; `reason` is the marker's reason when it gives one.
 */
export function latestCheckAvailability(read: AiVisibilityRead): { unavailable: boolean; reason: string | undefined } {
  const hit = lookup(read, 'latestCheckDataAvailable');
  const marker = hit.found ? hit.value : undefined;
  const parsed = availabilitySchema.safeParse(marker);
  const unavailable = markerSaysUnavailable(marker);
  return { unavailable, reason: unavailable && parsed.success ? availabilityReason(marker, read) : undefined };
}

export const aiVisibilityHistoryRowSchema = looseRecordSchema;
export type AiVisibilityHistoryRow = z.infer<typeof aiVisibilityHistoryRowSchema>;

/**
 * `{ items, pagination, truncated }`: `truncated` true means whole entries were dropped from the end
 * of `items` by the response size cap (lower `limit` rather than paging forward).
 */
export const aiVisibilityHistorySchema = z.looseObject({
  items: z.array(aiVisibilityHistoryRowSchema),
  pagination: paginationSchema,
  truncated: z.boolean(),
});
export type AiVisibilityHistory = z.infer<typeof aiVisibilityHistorySchema>;

/** Query of the latest read and the check detail (spec 4.3); the service refuses bad combinations. */
export interface AiVisibilityQuery {
  includeAnswers?: boolean;
  /** Needs `includeAnswers: true`. */
  provider?: string;
  /** A domain; needs `includeAnswers: true`. */
  brand?: string;
  /** Zero-based; needs `includeAnswers: true`. */
  promptIndex?: number;
  view?: View;
  includeSummary?: boolean;
  /** Paging of the compact lists. */
  offset?: number;
  limit?: number;
}
