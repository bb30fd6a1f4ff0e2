/**
 * Zod building blocks the route modules describe themselves with (spec 2.1 conventions, spec 8
 * paging). The query helpers parse the strings of a query into the values the spec names, so the
 * generated document shows `integer` and `boolean` parameters, not strings.
 */
import * as z from 'zod';

/** `true` or `false`, exactly as the routes accept them. */
export const boolQuery = () => z.stringbool({ truthy: ['true'], falsy: ['false'] });

/** An integer query parameter within [min, max]. */
export const intQuery = (min: number, max?: number) => {
  const base = z.coerce.number().int().min(min);
  return max === undefined ? base : base.max(max);
};

/** `page` (min 1, default 1) and `limit` (1 to 100, default 20), spec 8. */
export const pagingQuery = z.object({
  page: intQuery(1).optional().meta({ description: 'Page number, from 1 (default 1).' }),
  limit: intQuery(1, 100).optional().meta({ description: 'Rows per page, 1 to 100 (default 20).' }),
});

/** A JSON object whose fields the spec leaves open: described as an object, passed through. */
export const openObject = z.looseObject({});

export const timestamp = z.string().meta({ description: 'ISO 8601 UTC date-time' });
export const calendarDay = z.string().meta({ description: 'YYYY-MM-DD' });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
});

/** `{ item }` around a single resource. */
export const itemOf = <T extends z.ZodType>(item: T) => z.object({ item });
/** `{ items }` around a whole collection. */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
/** `{ items, pagination }` around one page. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pagination: paginationSchema });

/** The error envelope of spec 7. */
export const errorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), status: z.number().int() }),
});

/** An availability marker as the sandbox serves it (docs/assumptions.md). */
export const availabilitySchema = z.looseObject({ available: z.boolean(), reason: z.string() });

/** `{ item: { success, id } }` of a delete. */
export const deleteResultSchema = itemOf(z.object({ success: z.boolean(), id: z.string() }));
