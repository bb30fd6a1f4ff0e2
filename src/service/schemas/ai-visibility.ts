/**
 * AI visibility reads (spec 2.5 "AI visibility", 4.3). Payload fields beyond the stated rules are not
 * shown, so the reads are loose objects with the few stated keys typed.
 */
import { z } from 'zod';
import { availabilitySchema, looseRecordSchema, paginationSchema } from './common.js';
import type { View } from './common.js';

/** The latest dashboard and a check's detail share one shape. */
export const aiVisibilityReadSchema = z.looseObject({
  /** Present when the most recent check was abandoned as incomplete; the rest describes an earlier check. */
  latestCheckDataAvailable: availabilitySchema.optional(),
});
export type AiVisibilityRead = z.infer<typeof aiVisibilityReadSchema>;

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
