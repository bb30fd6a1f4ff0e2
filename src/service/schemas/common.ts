/**
 * Shapes shared by every area (spec 2.1, 2.2).
 *
 * Every object is a `z.looseObject`: unknown keys pass through untouched. A key is `.nullable()` only
 * where the spec says null may arrive, `.optional()` only where it may be omitted; null is never
 * coerced to 0, false or an empty list.
 */
import * as z from 'zod';
import { isRecord, lookup, tolerantArray, tolerantPart, type Unreadable } from '../tolerant.js';

/** An ISO 8601 UTC date-time, kept as the string the service sent. */
export const timestampSchema = z.string();

/** A calendar day, `YYYY-MM-DD`, kept as sent. */
export const calendarDaySchema = z.string();

/** A payload whose fields the spec does not show: any JSON object, passed through. */
export const looseRecordSchema = z.looseObject({});
export type LooseRecord = z.infer<typeof looseRecordSchema>;

/**
 * An availability marker (`pricingDataAvailable`, `pricingAnalysisAvailable`,
 * `latestCheckDataAvailable`): its shape is not shown, so a string, a boolean or an object is accepted.
 */
export const availabilitySchema = z.union([z.string(), z.boolean(), looseRecordSchema]);
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * The reason an availability marker gives: the string itself, or an object's string `reason` (found
 * whatever its case, one level down, or on `up`, the object carrying the marker). Undefined when the marker gives none Radar can read.
 */
export function availabilityReason(marker: unknown, up?: unknown): string | undefined {
  if (typeof marker === 'string') return marker;
  if (!isRecord(marker)) return undefined;
  const hit = lookup(marker, 'reason', { up });
  return hit.found && typeof hit.value === 'string' ? hit.value : undefined;
}

/**
 * Whether a marker that arrived says the value is unavailable. Its shape is not shown, so only an
 * explicit "available" (`true`, or an object whose `available` is `true`) reads as available; any
 * other marker that is present (not undefined, not null) is a reason for a missing value.
 */
export function markerSaysUnavailable(marker: unknown): boolean {
  if (marker === undefined || marker === null || marker === true) return false;
  if (isRecord(marker)) {
    const available = lookup(marker, 'available', { down: false });
    if (available.found && available.value === true) return false;
  }
  return true;
}

/** `{ userId, fullName }`: a ticket author, an assignee, a comment author. */
export const personSchema = z.looseObject({ userId: z.string(), fullName: z.string() });
export type Person = z.infer<typeof personSchema>;

export const paginationSchema = z.looseObject({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `{ item }` around a single resource. */
export function itemEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ item });
}

/** `{ items }` around a whole collection. */
export function itemsEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ items: z.array(item) });
}

/** `{ items, pagination }` around one page of a collection. */
export function paginatedEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ items: z.array(item), pagination: paginationSchema });
}

/** `{ items }` whose items are checked one by one: an item that fails is `Unreadable`, the list still reads. */
export function tolerantItemsEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ items: tolerantArray(item) });
}

/** `{ items, pagination }` whose items are checked one by one (counts still come from `pagination.total`). */
export function tolerantPaginatedEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ items: tolerantArray(item), pagination: paginationSchema });
}

/** An item of a list read tolerantly: the item, or `Unreadable` with its raw value. */
export type Listed<T> = T | Unreadable;

/** One page of a paginated collection, as the client returns it. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** `{ error: { code, message, status } }` (spec 7); the HTTP status is the one the client reports. */
export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});

/**
 * `{ item: { success, id } }` answered by ticket and comment deletes. `success` decides what the
 * answer says (false: not deleted, issue 27); `id` is read tolerantly, so `{ success: false }` alone
 * still reads as the refusal it is.
 */
export const deleteResultSchema = z.looseObject({ success: z.boolean(), id: tolerantPart(z.string()) });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/** `view` on the long reads (spec 2.5): `compact` is the service default. */
export type View = 'compact' | 'full';

export interface PageQuery {
  page?: number;
  limit?: number;
}
