/**
 * The monitored page URLs of a competitor detail read (spec 2.4: "homepage and pricing"; their field
 * names are not shown). Looked up tolerantly: the nearest key, down to two levels, whose name holds
 * `homepage` / `pricing` (any case) and whose value is a string or null (docs/assumptions.md,
 * "Competitors and the competitor card").
 */
import { collect, type JsonRecord, type Part, OMITTED, UNREADABLE, valuePart } from '../../service/tolerant.js';

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
