/**
 * Dimension reads for tech-trust, content, positioning and pricing (spec 2.5, 4.2).
 *
 * Dashboard, history and run payloads are not shown beyond the stated rules, so they pass through
 * as loose objects; pricing has its own typed read in `pricing.ts`.
 */
import * as z from 'zod';
import { looseRecordSchema, paginationSchema } from './common.js';

/** The dimensions with the latest / history / run triple of spec 4.2. */
export const DIMENSION_READS = ['tech-trust', 'content', 'positioning', 'pricing'] as const;
export type DimensionRead = (typeof DIMENSION_READS)[number];

/** Content category values (spec 2.5). */
export const CONTENT_CATEGORIES = [
  'blog',
  'docs',
  'tools',
  'landing',
  'caseStudies',
  'comparison',
  'integrations',
  'changelog',
  'webinars',
  'legal',
  'programmatic',
  'other',
] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

export const dimensionDashboardSchema = looseRecordSchema;
export type DimensionDashboard = z.infer<typeof dimensionDashboardSchema>;

export const dimensionHistoryRowSchema = looseRecordSchema;
export type DimensionHistoryRow = z.infer<typeof dimensionHistoryRowSchema>;

export const dimensionRunSchema = looseRecordSchema;
export type DimensionRun = z.infer<typeof dimensionRunSchema>;

/** One changelog row: counts and sample URLs per category, field names not shown. */
export const changelogRowSchema = looseRecordSchema;
export type ChangelogRow = z.infer<typeof changelogRowSchema>;

/**
 * `{ items, pagination, truncated }` of the content changelog. The rows' shape is not shown: each is
 * read on its own by `readChangelogRow` (`content.ts`), so a row of another shape (even one that is
 * not an object) is one "couldn't read" line, never a failed read.
 */
export const contentChangelogSchema = z.looseObject({
  items: z.array(z.unknown()),
  pagination: paginationSchema,
  truncated: z.boolean(),
});
export type ContentChangelog = z.infer<typeof contentChangelogSchema>;

export interface ContentChangelogQuery {
  page?: number;
  limit?: number;
  competitorId?: string;
  category?: ContentCategory;
  allUrlsPerCategory?: boolean;
}
