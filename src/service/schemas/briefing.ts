/** The strategic briefing: current read, history, one edition (spec 2.6, 3.3, 4.5). */
import { z } from 'zod';
import { calendarDaySchema, timestampSchema } from './common.js';

export const BRIEFING_RUN_STATUSES = ['done', 'running', 'failed'] as const;
export type BriefingRunStatus = (typeof BRIEFING_RUN_STATUSES)[number];

/** `{ step, startedAt, updatedAt }`, present while a run is running. */
export const briefingProgressSchema = z.looseObject({
  step: z.unknown(),
  startedAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** `meta` of a run that exists. */
const runMetaSchema = z.looseObject({
  runId: z.string(),
  status: z.enum(BRIEFING_RUN_STATUSES),
  /** Null for failed or running runs. */
  editionNumber: z.number().int().nullable(),
  startedAt: timestampSchema,
  /** Null for failed or running runs. */
  briefingDate: timestampSchema.nullable(),
  progress: briefingProgressSchema.optional(),
});

/** `meta` when the project never had a briefing run: `status` null, nothing else stated. */
const noRunMetaSchema = z.looseObject({ status: z.null() });

export const briefingMetaSchema = z.union([runMetaSchema, noRunMetaSchema]);
export type BriefingMeta = z.infer<typeof briefingMetaSchema>;

/** A hub block: `{ type, ... }`; a `headline` block carries `verdict`, diagnosis rows may carry `deepDive`. */
export const hubBlockSchema = z.looseObject({ type: z.string() });
export type HubBlock = z.infer<typeof hubBlockSchema>;

export const hubSchema = z.looseObject({ kind: z.literal('hub'), blocks: z.array(hubBlockSchema) });
export type Hub = z.infer<typeof hubSchema>;

/** `item`: keyed by section; only the hub's structure is stated. */
export const briefingItemSchema = z.looseObject({ hub: hubSchema.optional() });
export type BriefingItem = z.infer<typeof briefingItemSchema>;

export const briefingCoverageSchema = z.looseObject({ type: z.literal('coverage'), items: z.array(z.string()) });

const countSchema = z.number().int();

export const briefingTicketsSchema = z.looseObject({
  total: countSchema,
  byStatus: z.looseObject({
    triage: countSchema,
    todo: countSchema,
    in_progress: countSchema,
    done: countSchema,
    dismissed: countSchema,
  }),
  opened: z.array(z.string()),
  commented: z.array(z.looseObject({ ticketId: z.string(), commentId: z.string(), kind: z.string(), body: z.string() })),
  alreadyOnBoard: z.array(z.looseObject({ ticketId: z.string(), move: z.string(), status: z.string() })),
  recheckedUnchanged: z.array(z.string()),
});
export type BriefingTickets = z.infer<typeof briefingTicketsSchema>;

/**
 * A briefing read, current or one edition: `item`, `coverage`, `contains` and `tickets` are null
 * unless `meta.status` is `done`. A null `item` does not mean no briefing exists.
 */
export const briefingReadSchema = z.looseObject({
  meta: briefingMetaSchema,
  item: briefingItemSchema.nullable(),
  coverage: briefingCoverageSchema.nullable(),
  contains: z.array(z.string()).nullable(),
  tickets: briefingTicketsSchema.nullable(),
});
export type BriefingRead = z.infer<typeof briefingReadSchema>;

/** A history row, newest first; failed and running runs are included. */
export const briefingHistoryRowSchema = z.looseObject({
  runId: z.string(),
  /** Null for failed or running runs. */
  editionNumber: z.number().int().nullable(),
  /** Null for failed or running runs. */
  briefingDate: timestampSchema.nullable(),
  documentDate: calendarDaySchema,
  status: z.enum(BRIEFING_RUN_STATUSES),
  /** One-line verdict; null for failed or running runs. */
  headline: z.string().nullable(),
});
export type BriefingHistoryRow = z.infer<typeof briefingHistoryRowSchema>;

/**
 * `sections`: `hub`, `competitors`, `deep-<dimension>`, `all`. Sent comma-separated, like the other
 * array parameters of the API (spec 4.6).
 */
export interface BriefingQuery {
  sections?: readonly string[];
  includeCharts?: boolean;
}
