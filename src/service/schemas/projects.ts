/** Health, projects, competitors, alerts and schedules (spec 2.3, 2.4, 2.11, 4.1, 4.4). */
import * as z from 'zod';
import { tolerantPart } from '../tolerant.js';
import { looseRecordSchema, timestampSchema } from './common.js';
import { collect, isRecord, OMITTED, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';
import { identityOf } from './competitor-row.js';

/** Health payload: carries the server timestamp under a name the spec does not show. */
export const healthSchema = looseRecordSchema;
export type Health = z.infer<typeof healthSchema>;

/**
 * A project list item (spec 2.3). `id`, `name` and `domain` are required (Radar finds a project by
 * them and names it); the other named fields are read tolerantly. `status` values are not shown, so any string is kept.
 */
export const projectSchema = z.looseObject({
  id: z.string(),
  organizationId: tolerantPart(z.string()),
  name: z.string(),
  domain: z.string(),
  status: tolerantPart(z.string()),
  competitorCount: tolerantPart(z.number().int()),
  /**
   * The most recent completed monitoring. The spec states no null here; null is accepted because a
   * project never monitored yet has no such time, and under the null contract (spec 2.2) that reads
   * "not measured". The sandbox serves it for a project with no run.
   */
  lastMonitoredAt: tolerantPart(timestampSchema.nullable()),
  createdAt: tolerantPart(timestampSchema),
});
export type Project = z.infer<typeof projectSchema>;

/** Project detail: field names are not shown, so the payload passes through. */
export const projectDetailSchema = looseRecordSchema;
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/**
 * A competitor (spec 2.4): the project's own domain is listed too, with `isOwn: true`. Only `isOwn`
 * and the domain are stated, not where they sit: an item carrying them in a nested object (`{ id,
 * competitor: { domain, is_own } }`) has them found there (`identityOf`, the way every row's identity
 * is found) and set on the item; an item with no domain anywhere is one Radar couldn't read. The page
 * URLs of the detail read have no stated names.
 */
export const competitorSchema = z.preprocess(
  (raw) => {
    if (!isRecord(raw) || typeof raw.domain === 'string') return raw;
    const identity = identityOf(raw);
    if (identity.domain === null) return raw;
    return { ...raw, domain: identity.domain, ...(raw.isOwn === undefined && identity.isOwn ? { isOwn: true } : {}) };
  },
  z.looseObject({ isOwn: tolerantPart(z.boolean()), domain: z.string() }),
);
export type Competitor = z.infer<typeof competitorSchema>;

/**
 * Alerts and schedules: parameters and payloads are not shown (spec 4.4), not even whether the
 * answer is `{ item }` or `{ items }`, so the whole response body passes through.
 */
export const alertsSchema = looseRecordSchema;
export type Alerts = z.infer<typeof alertsSchema>;
export const schedulesSchema = looseRecordSchema;
export type Schedules = z.infer<typeof schedulesSchema>;

/**
 * The monitored page URLs of a competitor detail read (spec 2.4: "homepage and pricing"; their field
 * names are not shown). Looked up tolerantly: the nearest key, down to two levels, whose name holds
 * `homepage` / `pricing` (any case or style) and whose value is a string or null (docs/assumptions.md,
 * "Competitors and the competitor card").
 */
export interface PageUrls {
  homepage: Part<string | null>;
  pricing: Part<string | null>;
}

function urlAt(detail: JsonRecord, pattern: RegExp): Part<string | null> {
  const hits = collect(detail, (k) => pattern.test(k), 2);
  if (hits.length === 0) return OMITTED;
  const usable = hits.find(([, v]) => v === null || typeof v === 'string');
  return usable ? valuePart(usable[1] as string | null) : UNREADABLE;
}

export function pageUrlsOf(detail: JsonRecord): PageUrls {
  return { homepage: urlAt(detail, /home\s*_?page/i), pricing: urlAt(detail, /^(pricing(_?(page|url))?|pricingPageUrl)$/i) };
}
