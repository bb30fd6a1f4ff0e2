/** Dates as people read them: "3 days ago (2026-11-19 14:02 UTC)", with date-fns. */
// Subpath imports: the package index loads every date-fns function (about 200 ms and 10 MiB at start).
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { escapeMrkdwn } from './text.js';

/** The absolute form in UTC, independent of the server's time zone. */
export function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Relative and absolute, as mrkdwn; `never` (mrkdwn of ours) for null, the raw text escaped when
 * unparsable (timestamps are kept as the service sent them, so any string may arrive).
 */
export function relativeAndAbsolute(iso: string | null | undefined, now: Date, never = 'never'): string {
  if (iso === null || iso === undefined) return never;
  const date = parseISO(iso);
  if (!isValid(date)) return escapeMrkdwn(iso);
  return `${formatDistanceStrict(date, now, { addSuffix: true })} (${utcStamp(date)})`;
}

/** A calendar day (YYYY-MM-DD) or a timestamp shown as its UTC day. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = parseISO(iso);
  return isValid(date) ? date.toISOString().slice(0, 10) : iso;
}

/** A timestamp in the absolute form ("2026-11-19 14:02 UTC"); the raw text escaped when unparsable. */
export function stampOf(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? utcStamp(date) : escapeMrkdwn(iso);
}
