/** The strategic briefing: current read, history, one edition (spec 2.6, 3.3, 4.5). */
import * as z from 'zod';
import { tolerantArray, tolerantPart } from '../tolerant.js';
import { calendarDaySchema, timestampSchema } from './common.js';

export const BRIEFING_RUN_STATUSES = ['done', 'running', 'failed'] as const;
export type BriefingRunStatus = (typeof BRIEFING_RUN_STATUSES)[number];

/** `{ step, startedAt, updatedAt }`, present while a run is running. */
export const briefingProgressSchema = z.looseObject({
  step: z.unknown(),
  startedAt: timestampSchema,
  updatedAt: timestampSchema,
});

/**
 * `meta` of a run that exists. Only `status` is required: it decides what a briefing read is (done,
 * running, failed, never run). The other named fields are `tolerantPart`s: missing or mistyped, they
 * are `Unreadable` and only their part says so (docs/assumptions.md).
 */
const runMetaSchema = z.looseObject({
  runId: tolerantPart(z.string()),
  status: z.enum(BRIEFING_RUN_STATUSES),
  /** Null for failed or running runs. */
  editionNumber: tolerantPart(z.number().int().nullable()),
  startedAt: tolerantPart(timestampSchema),
  /** Null for failed or running runs. */
  briefingDate: tolerantPart(timestampSchema.nullable()),
  progress: tolerantPart(briefingProgressSchema.optional()),
});

/** `meta` when the project never had a briefing run: `status` null, nothing else stated. */
const noRunMetaSchema = z.looseObject({ status: z.null() });

export const briefingMetaSchema = z.union([runMetaSchema, noRunMetaSchema]);
export type BriefingMeta = z.infer<typeof briefingMetaSchema>;

/** A hub block: `{ type, ... }`; a `headline` block carries `verdict`, diagnosis rows may carry `deepDive`. */
export const hubBlockSchema = z.looseObject({ type: z.string() });
export type HubBlock = z.infer<typeof hubBlockSchema>;

/** A block without a readable `type` is an `Unreadable` item; the other blocks are kept. */
export const hubSchema = z.looseObject({ kind: z.literal('hub'), blocks: tolerantArray(hubBlockSchema) });
export type Hub = z.infer<typeof hubSchema>;

/** `item`: keyed by section; only the hub's structure is stated. */
export const briefingItemSchema = z.looseObject({ hub: tolerantPart(hubSchema.optional()) });
export type BriefingItem = z.infer<typeof briefingItemSchema>;

export const briefingCoverageSchema = z.looseObject({ type: z.literal('coverage'), items: z.array(z.string()) });

const countSchema = z.number().int();

const idsSchema = tolerantPart(z.array(z.string()));

/** `tickets` of a done edition: each named part is read on its own, so one unreadable part leaves the others shown. */
export const briefingTicketsSchema = z.looseObject({
  total: tolerantPart(countSchema),
  byStatus: tolerantPart(
    z.looseObject({
      triage: tolerantPart(countSchema),
      todo: tolerantPart(countSchema),
      in_progress: tolerantPart(countSchema),
      done: tolerantPart(countSchema),
      dismissed: tolerantPart(countSchema),
    }),
  ),
  opened: idsSchema,
  commented: tolerantPart(tolerantArray(z.looseObject({ ticketId: z.string(), commentId: z.string(), kind: z.string(), body: z.string() }))),
  alreadyOnBoard: tolerantPart(tolerantArray(z.looseObject({ ticketId: z.string(), move: z.string(), status: z.string() }))),
  recheckedUnchanged: idsSchema,
});
export type BriefingTickets = z.infer<typeof briefingTicketsSchema>;

/**
 * A briefing read, current or one edition: `item`, `coverage`, `contains` and `tickets` are null
 * unless `meta.status` is `done`. A null `item` does not mean no briefing exists.
 */
export const briefingReadSchema = z.looseObject({
  meta: briefingMetaSchema,
  item: tolerantPart(briefingItemSchema.nullable()),
  coverage: tolerantPart(briefingCoverageSchema.nullable()),
  contains: tolerantPart(z.array(z.string()).nullable()),
  tickets: tolerantPart(briefingTicketsSchema.nullable()),
});
export type BriefingRead = z.infer<typeof briefingReadSchema>;

/**
 * A history row, newest first; failed and running runs are included. `runId` and `status` are
 * required (the digest's cursor stands on them); the rest is read tolerantly.
 */
export const briefingHistoryRowSchema = z.looseObject({
  runId: z.string(),
  /** Null for failed or running runs. */
  editionNumber: tolerantPart(z.number().int().nullable()),
  /** Null for failed or running runs. */
  briefingDate: tolerantPart(timestampSchema.nullable()),
  documentDate: tolerantPart(calendarDaySchema),
  status: z.enum(BRIEFING_RUN_STATUSES),
  /** One-line verdict; null for failed or running runs. */
  headline: tolerantPart(z.string().nullable()),
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
