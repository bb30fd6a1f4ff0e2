/**
 * Dates as people read them, with date-fns: "3 days ago (Nov 19 14:02)", the absolute part a Slack
 * date token, so each reader sees it in their own zone (the console in the machine's).
 */
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
 * Relative and absolute, as mrkdwn: "3 days ago (<date token>)"; `never` (mrkdwn of ours) for null,
 * the raw text escaped when unparsable (timestamps are kept as the service sent them, so any string
 * may arrive). Mrkdwn only: a plain_text field shows a token as typed.
 */
export function relativeAndAbsolute(iso: string | null | undefined, now: Date, never = 'never'): string {
  if (iso === null || iso === undefined) return never;
  const date = parseISO(iso);
  if (!isValid(date)) return escapeMrkdwn(iso);
  return `${agoText(date, now)} (${dateToken(date)})`;
}

/** A calendar day (YYYY-MM-DD) or a timestamp shown as its UTC day. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = parseISO(iso);
  return isValid(date) ? date.toISOString().slice(0, 10) : iso;
}

/**
 * Built once: `toLocaleDateString(locale, options)` builds a new `Intl.DateTimeFormat` on every call,
 * a few tenths of a millisecond each against microseconds for a kept one, and a briefing's answer
 * names several days, on the event loop that also acks every other request.
 */
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const WEEKDAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/**
 * A calendar day in words, "Nov 25, 2026" (plain text: headers too): a day the service wrote
 * (YYYY-MM-DD) has no zone, so it reads the same for everyone; a timestamp gives its UTC day. Null
 * for nothing; the text as given when it is no date.
 */
export function dayWords(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : parseISO(iso);
  return isValid(day) ? DAY_FORMAT.format(day) : iso;
}

/**
 * A day as mrkdwn: a calendar day (YYYY-MM-DD) in words ("Nov 25, 2026"); a timestamp as a date
 * token of its day in the reader's zone ("today", "Nov 25, 2026"); escaped text when it is no date.
 */
export function dayText(iso: string | null | undefined, never = 'no date given'): string {
  if (!iso) return never;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return escapeMrkdwn(dayWords(iso) ?? iso);
  const date = parseISO(iso);
  return isValid(date) ? dateToken(date, '{date_short_pretty}', dayWords(iso) ?? iso) : escapeMrkdwn(iso);
}

/** A timestamp in the absolute form ("2026-11-19 14:02 UTC"); the raw text escaped when unparsable. Where mrkdwn goes, `dateTokenOf`. */
export function stampOf(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? utcStamp(date) : escapeMrkdwn(iso);
}

/**
 * A Slack date token: each reader sees the time in their own zone (`<!date^epoch^format|fallback>`,
 * docs.slack.dev "Formatting text": date formatting). The fallback, for clients that cannot render
 * the token, is the UTC form. Default format "{date_short_pretty} {time}" reads "today 14:02",
 * "Nov 19 14:02".
 */
export function dateToken(date: Date, format = '{date_short_pretty} {time}', fallback: string = utcStamp(date)): string {
  const epoch = Math.floor(date.getTime() / 1000);
  // The fallback sits inside <…|…>: `|` and `>` would end it early.
  return `<!date^${epoch}^${format}|${escapeMrkdwn(fallback).replace(/\|/g, '/')}>`;
}

/** A service timestamp as a date token; `never` for null, the raw text escaped when unparsable. */
export function dateTokenOf(iso: string | null | undefined, never = 'never', format?: string): string {
  if (iso === null || iso === undefined) return never;
  const date = parseISO(iso);
  return isValid(date) ? dateToken(date, format) : escapeMrkdwn(iso);
}

/** How long ago or from now, as people say it: "3 days ago", "in 5 hours", "just now". */
export function agoText(date: Date, now: Date): string {
  if (Math.abs(date.getTime() - now.getTime()) < 60_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' });
}

/**
 * "next run today at 14:00", "next run on Monday at 09:00", "next run on Nov 30 at 09:00": the day
 * and time from a date token (the reader's zone), the fallback said the same way in UTC. A time
 * already past reads "next run was due 2 hours ago".
 */
export function nextRunText(date: Date, now: Date): string {
  if (date.getTime() <= now.getTime()) return `next run was due ${agoText(date, now)}`;
  const days = (date.getTime() - now.getTime()) / 86_400_000;
  const weekday = WEEKDAY_FORMAT.format(date);
  const time = date.toISOString().slice(11, 16);
  if (days < 1) return `next run ${dateToken(date, '{date_pretty} at {time}', `at ${time} UTC`)}`;
  if (days < 6) return `next run ${dateToken(date, 'on {date_short_pretty} at {time}', `on ${weekday} at ${time} UTC`)}`;
  return `next run ${dateToken(date, 'on {date_short} at {time}', `on ${utcStamp(date)}`)}`;
}
