/**
 * The parts of an edition every briefing answer shows, rendered once here so `/radar briefing` and
 * the digest say the same things the same way: the title, the verdict, what the edition did on the
 * board (with `tickets.total`), the diagnosis rows (readable dimension names, their notes, the deep
 * dive each earned), the coverage caveats as text, and the tickets it opened (impact and size).
 * Each thing is said once: no caveat count beside the caveats, no list of deep dives beside the rows
 * that point to them, no "no deep dive" after a note that already says so.
 */
import type { BriefingTickets, TicketFacts } from '../../../service/index.js';
import { chunkLines, dayWords, escapeMrkdwn, humanise, plural, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { isUnreadable, readableOr, shown, UNREADABLE_VALUE, unreadableText, type Unreadable } from '../../../service/tolerant.js';
import { COMMAND } from '../../../slack/ids.js';
import { sizeWords } from '../../board/views/ticket-format.js';
import { columnName, impactName } from '../../board/vocabulary.js';
import { dimensionName } from '../hub.js';
import type { BriefingFacts, DiagnosisRow, Extras, HubFacts, HubNote } from '../../../service/read/briefing.js';
import { extraLines } from '../../../slack/blocks/extras.js';

export function editionTitle(read: BriefingFacts): string {
  const meta = read.runMeta;
  const edition = isUnreadable(meta?.editionNumber) ? "Edition (number Radar couldn't read)" : typeof meta?.editionNumber === 'number' ? `Edition ${meta.editionNumber}` : 'Edition';
  // Plain text (headers carry it): a day in words, never a token.
  const date = isUnreadable(meta?.briefingDate) ? "date Radar couldn't read" : dayWords(meta?.briefingDate);
  return date ? `${edition} · ${date}` : edition;
}

/** The headline verdict as mrkdwn, or the sentence saying there is none or it could not be read. */
export function verdictText(hub: HubFacts): string {
  return hub.verdict ? `*${escapeMrkdwn(hub.verdict)}*` : hub.hubUnreadable ? unreadableText('Headline') : '_This edition has no headline verdict._';
}

/** The verdict (with whatever else the headline block says) and what the edition did on the board: the head of every edition answer. */
export function editionBlocks(read: BriefingFacts): Block[] {
  const hub = read.hubFacts;
  const head = [verdictText(hub), ...extraLines(hub.headlineExtras.extras, hub.headlineExtras.more)];
  return [...linesBlocks(head), ...linesBlocks(boardLines(read))];
}

/** Most comments the edition wrote (`tickets.commented`) quoted one per line; the rest are counted. */
const COMMENTED_SHOWN = 5;

/** The head line of `tickets`: the whole count (`total`) and what the edition did (opened, commented, already on board, rechecked). */
export function boardText(read: Pick<BriefingFacts, 'tickets' | 'commented'>): string {
  const { tickets, commented } = read;
  if (isUnreadable(tickets)) return `*On the board:* ${UNREADABLE_VALUE}`;
  if (!tickets) return '*On the board:* not reported';
  const count = (list: readonly unknown[] | Unreadable) => shown(list, (l) => String(l.length));
  const total = shown(tickets.total, (n) => plural(n, 'ticket'));
  const comments = commented.kind === 'entries' ? ` · commented ${commented.entries.length + commented.unreadable}` : commented.kind === 'unreadable' ? ` · commented ${UNREADABLE_VALUE}` : '';
  return `*On the board:* ${total} in all · opened ${count(tickets.opened)}${comments} · already on board ${count(tickets.alreadyOnBoard)} · rechecked unchanged ${count(tickets.recheckedUnchanged)}`;
}

/**
 * `tickets` of an edition as lines: the head line (`boardText`), where those tickets are now, and
 * the comments the edition wrote on tickets already on the board (`tickets.commented`: ticket id,
 * kind, the comment's text), the first few quoted and the rest counted.
 */
export function boardLines(read: Pick<BriefingFacts, 'tickets' | 'commented'>): string[] {
  const { tickets, commented } = read;
  const lines = [boardText(read)];
  if (isUnreadable(tickets) || !tickets) return lines;
  const byStatus = (b: BriefingTickets['byStatus']) =>
    shown(b, (s) => `triage ${shown(s.triage, String)} · to do ${shown(s.todo, String)} · in progress ${shown(s.in_progress, String)} · done ${shown(s.done, String)} · dismissed ${shown(s.dismissed, String)}`);
  lines.push(`_Where they are now:_ ${byStatus(tickets.byStatus)}`);
  if (commented.kind === 'entries' && commented.entries.length + commented.unreadable > 0) {
    lines.push('*Commented on tickets already on the board*');
    for (const c of commented.entries.slice(0, COMMENTED_SHOWN)) {
      lines.push(`• ticket \`${escapeMrkdwn(truncate(c.ticketId, 60))}\` (${escapeMrkdwn(humanise(c.kind))}): ${escapeMrkdwn(truncate(c.body, 300))}`);
    }
    const rest = commented.entries.length - COMMENTED_SHOWN;
    if (rest > 0) lines.push(`_…and ${plural(rest, 'more comment')}_`);
    if (commented.unreadable > 0) lines.push(`_${plural(commented.unreadable, 'comment')} Radar couldn't read_`);
  }
  return lines;
}

/** The command that reads a dimension's deep dive (`deep-<key>` for a key Radar does not know by name). */
export function deepDiveCommand(dimension: string): string {
  const key = dimension.replace(/^deep-/, '').toLowerCase();
  const known = ['ai-visibility', 'ai-sources', 'positioning', 'pricing', 'content', 'tech-trust', 'agent-readiness'];
  return `\`${COMMAND} briefing ${escapeMrkdwn(known.includes(key) ? key : `deep-${key}`)}\``;
}

const SAYS_NO_DEEP_DIVE = /\bno\s+deep[- ]?dive\b/i;

/** A row's name as people read it: its label, else its dimension's readable name. */
export function rowName(row: DiagnosisRow): string {
  return row.label ?? (row.dimension !== null ? dimensionName(row.dimension) : 'Untitled row');
}

/** A row's other fields (a finding, a summary), one indented line each, after the row. */
function indented(extras: Extras): string[] {
  return extraLines(extras.extras, extras.more).map((l) => `      ${l}`);
}

/**
 * One diagnosis row: its readable name, status, note, and its deep dive (or, once, that it has
 * none), then every other field it carries (its finding under another key, above all), one line each.
 */
export function diagnosisLines(row: DiagnosisRow): string[] {
  const status = row.status ? ` (${escapeMrkdwn(humanise(row.status))})` : '';
  const note = row.note ? `: ${escapeMrkdwn(truncate(row.note, 400))}` : '';
  const says = [row.note, ...row.extras.extras.filter((e) => e.prose).map((e) => e.text)].some((t) => t !== null && SAYS_NO_DEEP_DIVE.test(t));
  const deep = row.deepDive ? ` · deep dive: ${deepDiveCommand(row.deepDive)}` : says ? '' : ' · _no deep dive this edition_';
  return [`• *${escapeMrkdwn(rowName(row))}*${status}${note}${deep}`, ...indented(row.extras)];
}

/** A hub note (another hub block's words, the hub's own fields) as lines. */
export function hubNoteLines(note: HubNote): string[] {
  const title = note.title ? [`*${escapeMrkdwn(truncate(note.title, 200))}*`] : [];
  return [...title, ...note.texts.map((t) => escapeMrkdwn(truncate(t, 1200))), ...extraLines(note.extras.extras, note.extras.more)];
}

export interface DiagnosisPart {
  /** Section texts, in order; the first starts with the `*Diagnosis*` heading. */
  chunks: string[];
  /** Deep dives the edition holds (`contains`) that no row points to, as one line; null when none. */
  moreDeepDives: string | null;
}

/**
 * The hub's diagnosis rows (then the hub's other words: other blocks, fields of the row block and
 * the hub) as section texts; an unreadable layout or `contains` is said in one line.
 */
export function diagnosisPart(read: BriefingFacts): DiagnosisPart {
  const hub = read.hubFacts;
  const { rows } = hub;
  const unreadable = hub.diagnosisUnreadable;
  const lines = [...rows.flatMap(diagnosisLines), ...hub.notes.flatMap(hubNoteLines)];
  if (unreadable && lines.length === 0) return { chunks: [unreadableText('Diagnosis')], moreDeepDives: moreDeepDivesLine(read, rows) };
  if (unreadable) lines.unshift(unreadableText('Part of the diagnosis'));
  const moreDeepDives = moreDeepDivesLine(read, rows);
  if (lines.length === 0) return { chunks: [], moreDeepDives };
  return { chunks: chunkLines(['*Diagnosis*', ...lines]), moreDeepDives };
}

function moreDeepDivesLine(read: BriefingFacts, rows: readonly DiagnosisRow[]): string | null {
  const pointed = new Set(rows.flatMap((r) => (r.deepDive ? [r.deepDive.toLowerCase()] : [])));
  const others = read.deepDives.filter((s) => !pointed.has(s.replace(/^deep-/, '').toLowerCase()));
  return isUnreadable(read.contains)
    ? `_Deep dives:_ ${UNREADABLE_VALUE}`
    : others.length > 0
      ? `_Also in this edition:_ ${others.map((s) => `${escapeMrkdwn(dimensionName(s))} deep dive (${deepDiveCommand(s)})`).join(', ')}`
      : null;
}

/** The coverage caveats as text lines (null when the edition reports none); unreadable said in one line. */
export function caveatLines(read: BriefingFacts): { lines: string[]; unreadable: boolean } {
  const coverage = read.coverage;
  if (isUnreadable(coverage)) return { lines: [], unreadable: true };
  return { lines: (readableOr(coverage, null)?.items ?? []).map((c) => `• ${escapeMrkdwn(truncate(c, 600))}`), unreadable: false };
}


/** An opened ticket's facts: impact, size (unsized when the edition gave no estimate), column. */
export function ticketFacts(ticket: TicketFacts): string[] {
  const { impact, status } = ticket;
  return [
    shown(impact, (i) => (i === null ? 'impact not rated' : `impact ${escapeMrkdwn(impactName(i))}`)),
    sizeWords(ticket.briefingSize ?? { kind: 'not-reported' }),
    `*${shown(status, (s) => escapeMrkdwn(columnName(s)))}*`,
  ];
}

/** One opened ticket as a line: rank, number, title, then its facts. */
export function openedTicketLine(ticket: TicketFacts, rank: number): string {
  return `${rank}. *#${ticket.number} ${shown(ticket.title, (t) => escapeMrkdwn(truncate(t, 300)))}* · ${ticketFacts(ticket).join(' · ')}`;
}

/** How many tickets the edition says it opened (`tickets.opened`), else the number listed. */
export function openedCount(read: BriefingFacts, listed: number): number {
  const tickets = readableOr(read.tickets, null);
  const opened = tickets ? readableOr(tickets.opened, null) : null;
  return opened?.length ?? listed;
}

/** The heading of the opened tickets, or the one sentence when there are none or they could not be listed. */
export function openedHeading(read: BriefingFacts, listed: number): string {
  const count = openedCount(read, listed);
  if (listed === 0) return count === 0 ? 'This edition opened no new tickets.' : `This edition opened ${plural(count, 'ticket')}; they could not be listed.`;
  const missing = count > listed ? `; ${count - listed} could not be listed` : '';
  return `*Opened this edition* (${count}, most important first${missing})`;
}

/** Blocks of text sections for `lines`, grouped within the section limit. */
export function linesBlocks(lines: readonly string[]): Block[] {
  return chunkLines(lines).map((chunk) => section(chunk));
}
