/**
 * What changed in a project since a moment, per section, as plain facts (lines in mrkdwn, every
 * service string escaped), from one cycle's reads (reads.ts) through the areas' readers. A section is
 * null when nothing changed in it (or the channel switched it off): the message leaves it out. The null
 * contract holds throughout: a value becoming measured is "now measured", a value no longer measured is
 * said so, never a drop to zero; an omitted value is "not reported".
 */
import { ratePercent, type AiHistoryRowFacts } from '../../service/schemas/ai-visibility.js';
import type { PricingFacts, PricingRow } from '../../service/schemas/pricing.js';
import type { MessagingList, MessagingPart, PositioningFacts, PositioningRow } from '../../service/schemas/positioning.js';
import { messagingText } from '../competitor-match/positioning-words.js';
import type { TechTrustFacts, TechTrustRow } from '../../service/schemas/tech-trust.js';
import type { AreaRunFacts } from '../../service/read/runs.js';
import { labelOf, matchIdentity } from '../../service/schemas/competitor-row.js';
import { isUnreadable, type Part, type Unreadable } from '../../service/tolerant.js';
import type { Ticket } from '../../service/schemas/tickets.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { categoryLabel } from '../../service/schemas/content.js';
import { priceMetricText } from '../competitor-match/pricing-words.js';
import { REPORT_SECTIONS, type ReportSection } from '../../store/report-settings.js';
import type { ProjectReads, RunDimension, RunRow } from './reads.js';

export interface EditionFact {
  number: number | null;
  /** The one-line verdict, escaped; null when the edition has none. */
  headline: string | null;
  date: string | null;
}

export interface AiPoint {
  at: string;
  score: number | null;
  /** A share 0..1 (or a percentage the service sent as one); null when not measured. */
  mentionRate: number | null;
}

export interface TicketFact {
  number: number;
  /** Escaped. */
  title: string;
  status: string | null;
}

export interface ReportFacts {
  since: Date;
  until: Date;
  briefing: EditionFact[] | null;
  /** Price moves between the last run before `since` and the newest run after it. */
  pricing: { runs: number; lines: string[] } | null;
  /** Headline and messaging changes between the last positioning run before `since` and the newest after it. */
  positioning: { runs: number; lines: string[] } | null;
  /** The checks since (oldest first), with the one before them when there is one, and what moved. */
  ai: { points: AiPoint[]; newChecks: number; lines: string[] } | null;
  /** New pages per competitor; comparison pages named. */
  content: { lines: string[]; comparison: string[]; atLeast: boolean } | null;
  tech: { runs: number; lines: string[] } | null;
  tickets: { opened: TicketFact[]; closed: TicketFact[]; atLeast: boolean } | null;
  /** Sections whose read failed this time (said in the message, never as "nothing changed"). */
  unread: ReportSection[];
}

const after = (iso: string | null | undefined, since: Date): boolean => typeof iso === 'string' && Date.parse(iso) > since.getTime();
const atOrBefore = (iso: string | null | undefined, since: Date): boolean => typeof iso === 'string' && Date.parse(iso) <= since.getTime();
const tolerant = <T>(v: T | Unreadable | null): T | null => (isUnreadable(v) ? null : v);

/** The newest run after `since` and the newest at or before it (the baseline), from one history read. */
async function runPair(reads: ProjectReads, dimension: RunDimension, since: Date): Promise<{ newRuns: RunRow[]; current: AreaRunFacts | null; baseline: AreaRunFacts | null } | null> {
  const rows = await reads.runs(dimension);
  const newRuns = rows.filter((r) => after(r.at, since));
  const newest = newRuns[0];
  if (!newest) return null;
  // The run the report compares against: the last one before `since`, else the oldest run read (a first report over a young history).
  const before = rows.find((r) => atOrBefore(r.at, since)) ?? (rows.length > 1 && rows.at(-1) !== newest ? rows.at(-1) : undefined);
  const [current, baseline] = await Promise.all([reads.run(dimension, newest.runId), before ? reads.run(dimension, before.runId) : Promise.resolve(null)]);
  return { newRuns, current, baseline };
}

const valueOf = <T>(p: Part<T>): T | undefined => (p.kind === 'value' ? p.value : undefined);

function who(identity: { isOwn: boolean }, name: string | null): string {
  return identity.isOwn ? '*You*' : `*${escapeMrkdwn(name ?? 'an unnamed competitor')}*`;
}

/** A metric's move as words; null when it did not move. */
function moved<T>(before: Part<T | null>, afterPart: Part<T | null>, say: (p: Part<T | null>) => string, label: string): string | null {
  const b = valueOf(before);
  const a = valueOf(afterPart);
  if (before.kind === afterPart.kind && JSON.stringify(b) === JSON.stringify(a)) return null;
  if (before.kind === 'unreadable' || afterPart.kind === 'unreadable') return null;
  if (b === null || before.kind === 'omitted') return a === null || afterPart.kind === 'omitted' ? null : `now measured: ${label} ${say(afterPart)}`;
  if (a === null) return `${label} no longer measured (was ${say(before)})`;
  if (afterPart.kind === 'omitted') return `${label} no longer reported (was ${say(before)})`;
  return `${label} ${say(before)} → ${say(afterPart)}`;
}

function pricingRowLines(before: PricingRow | null | undefined, now: PricingRow): string[] {
  if (!before) return [];
  const lines = [
    moved(before.lowestPrice, now.lowestPrice, (p) => priceMetricText(p, now.currency, now.pricingUnit), 'lowest price'),
    moved(before.hasFreePlan, now.hasFreePlan, (p) => (valueOf(p) === true ? 'yes' : valueOf(p) === false ? 'no' : 'not checked'), 'free plan'),
    moved(before.planCount, now.planCount, (p) => String(valueOf(p)), 'plans'),
  ].filter((l): l is string => l !== null);
  return lines.map((l) => `${who(now, now.name)}: ${l}`);
}

export function priceMoves(baseline: PricingFacts | null, current: PricingFacts | null): string[] {
  if (!baseline || !current) return [];
  const lines: string[] = [];
  const rows = (f: PricingFacts) => (f.competitors.kind === 'value' ? f.competitors.value.filter((r): r is PricingRow => r !== null) : []);
  const before = new Map(rows(baseline).map((r) => [r.name ?? '', r]));
  for (const row of rows(current)) lines.push(...pricingRowLines(before.get(row.name ?? ''), row));
  const own = moved(baseline.customer.lowestPrice, current.customer.lowestPrice, (p) => priceMetricText(p, current.customer.currency, current.customer.pricingUnit), 'your lowest price');
  if (own) lines.unshift(own.charAt(0).toUpperCase() + own.slice(1));
  const market = moved(baseline.marketAvgPrice, current.marketAvgPrice, (p) => priceMetricText(p, current.marketCurrency.kind === 'value' ? current.marketCurrency : current.customer.currency, current.marketPricingUnit), 'market average price');
  if (market) lines.push(market.charAt(0).toUpperCase() + market.slice(1));
  return lines;
}

/** A messaging string's move ("" the page has none, null never read: kept apart); null when it did not move or a side is not a value. */
function messagingMove(label: string, before: MessagingPart, now: MessagingPart): string | null {
  if (before.kind !== 'value' || now.kind !== 'value' || before.value === now.value) return null;
  if (before.value === null) return `now read: ${label} ${messagingText(now)}`;
  if (now.value === null) return `${label} no longer read (was ${messagingText(before)})`;
  return `${label} ${messagingText(before)} → ${messagingText(now)}`;
}

function listMove(label: string, before: MessagingList, now: MessagingList): string[] {
  if (before.kind !== 'value' || now.kind !== 'value' || before.value === null || now.value === null) return [];
  const was = before.value;
  const is = now.value;
  const added = is.filter((v) => !was.includes(v));
  const removed = was.filter((v) => !is.includes(v));
  return [
    ...(added.length > 0 ? [`new ${label}: ${messagingText({ kind: 'value', value: added })}`] : []),
    ...(removed.length > 0 ? [`dropped ${label}: ${messagingText({ kind: 'value', value: removed })}`] : []),
  ];
}

/** Positioning moves per competitor (matched by identity), through the positioning reader: headline first. */
export function positioningMoves(baseline: PositioningFacts | null, current: PositioningFacts | null): string[] {
  if (baseline === null || current === null) return [];
  const rowsOf = (facts: PositioningFacts): PositioningRow[] => {
    return facts.rows.kind === 'value' ? facts.rows.value.filter((r): r is PositioningRow => r !== null) : [];
  };
  const before = rowsOf(baseline).map((row) => ({ ...row.identity, row }));
  const lines: string[] = [];
  for (const row of rowsOf(current)) {
    const name = labelOf(row.identity);
    const was = matchIdentity(row.identity, before)?.row;
    if (!was || name === null) continue;
    const parts = [
      messagingMove('headline', was.headline, row.headline),
      messagingMove('subheadline', was.subheadline, row.subheadline),
      messagingMove('target audience', was.targetAudience, row.targetAudience),
      ...listMove('value proposition', was.valuePropositions, row.valuePropositions),
    ].filter((l): l is string => l !== null);
    if (parts.length > 0) lines.push(`${who(row.identity, name)}: ${parts.join('; ')}`);
  }
  return lines;
}

function partText(p: Part<unknown>): string {
  if (p.kind === 'omitted') return 'not reported';
  if (p.kind === 'unreadable') return 'unreadable';
  if (p.value === null) return 'not measured';
  return escapeMrkdwn(String(p.value));
}

export function techMoves(baseline: TechTrustFacts | null, current: TechTrustFacts | null): string[] {
  if (baseline === null || current === null) return [];
  const rowsOf = (facts: TechTrustFacts) => {
    return facts.rows.kind === 'value' ? facts.rows.value.filter((r): r is TechTrustRow => r !== null) : [];
  };
  const before = new Map(rowsOf(baseline).map((r) => [labelOf(r.identity) ?? '', r]));
  const lines: string[] = [];
  for (const row of rowsOf(current)) {
    const name = labelOf(row.identity);
    const was = before.get(name ?? '');
    if (!was) continue;
    const parts = [
      moved(was.securityGrade, row.securityGrade, partText, 'security grade'),
      moved(was.trustSignalsFound, row.trustSignalsFound, (p) => `${partText(p)} of ${row.trustSignalsOf}`, 'trust signals'),
    ].filter((l): l is string => l !== null);
    const stackBefore = valueOf(was.techStack);
    const stackNow = valueOf(row.techStack);
    if (Array.isArray(stackBefore) && Array.isArray(stackNow)) {
      const added = stackNow.filter((t) => !stackBefore.includes(t));
      const removed = stackBefore.filter((t) => !stackNow.includes(t));
      if (added.length > 0) parts.push(`now uses ${added.map(escapeMrkdwn).join(', ')}`);
      if (removed.length > 0) parts.push(`no longer shows ${removed.map(escapeMrkdwn).join(', ')}`);
    }
    if (parts.length > 0) lines.push(`${who(row, name)}: ${parts.join('; ')}`);
  }
  return lines;
}

function aiFacts(rows: readonly AiHistoryRowFacts[], since: Date): ReportFacts['ai'] {
  const dated = rows
    .map((r) => ({ row: r, at: r.checkedAt.kind === 'value' ? r.checkedAt.value : null }))
    .filter((r): r is { row: AiHistoryRowFacts; at: string } => r.at !== null && Number.isFinite(Date.parse(r.at)))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const fresh = dated.filter((r) => after(r.at, since));
  if (fresh.length === 0) return null;
  const before = dated.filter((r) => atOrBefore(r.at, since)).at(-1);
  const window = [...(before ? [before] : []), ...fresh].slice(-12);
  const points: AiPoint[] = window.map(({ row, at }) => {
    const c = row.customer.kind === 'value' ? row.customer.value : null;
    return { at, score: c ? (valueOf(c.score) ?? null) : null, mentionRate: c ? (valueOf(c.mentionRate) ?? null) : null };
  });
  const first = points[0]!;
  const last = points.at(-1)!;
  const lines: string[] = [];
  const byEngine = engineLine(window[0]!.row, window.at(-1)!.row, points.length > 1);
  if (points.length > 1) {
    const say = (v: number | null, f: (n: number) => string) => (v === null ? 'not measured' : f(v));
    if (first.score !== last.score) lines.push(`Your AI visibility score ${say(first.score, String)} → ${say(last.score, String)}`);
    if (first.mentionRate !== last.mentionRate) lines.push(`Named in ${say(first.mentionRate, ratePercent)} → ${say(last.mentionRate, ratePercent)} of the answers counted`);
  } else {
    lines.push(`Your AI visibility score ${last.score === null ? 'not measured' : last.score}; named in ${last.mentionRate === null ? '(not measured)' : ratePercent(last.mentionRate)} of the answers counted`);
  }
  if (byEngine) lines.push(byEngine);
  return { points, newChecks: fresh.length, lines };
}

/** Your presence per AI engine in the newest check (with the earlier check's when it differs), when the history row carries a per-engine breakdown. */
function engineLine(earlier: AiHistoryRowFacts, latest: AiHistoryRowFacts, compare: boolean): string | null {
  const perModel = (row: AiHistoryRowFacts) => {
    const c = row.customer.kind === 'value' ? row.customer.value : null;
    return c && c.perModel.kind === 'value' ? c.perModel.value : null;
  };
  const now = perModel(latest);
  if (!now || now.length === 0) return null;
  const before = compare ? perModel(earlier) : null;
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? 'not measured' : ratePercent(v));
  const parts = now.slice(0, 8).map((m) => {
    const is = valueOf(m.mentionRate);
    const wasModel = before?.find((b) => b.model === m.model);
    const was = wasModel ? valueOf(wasModel.mentionRate) : undefined;
    const moved = wasModel && was !== is && m.mentionRate.kind === 'value' && wasModel.mentionRate.kind === 'value' ? ` (was ${rate(was)})` : '';
    return `*${escapeMrkdwn(m.model)}* ${m.mentionRate.kind === 'omitted' ? 'not reported' : rate(is)}${moved}`;
  });
  return `Named by engine: ${parts.join(', ')}${now.length > 8 ? `, and ${now.length - 8} more` : ''}`;
}

function ticketFact(t: Ticket): TicketFact {
  const title = tolerant(t.title);
  return { number: t.number, title: escapeMrkdwn(typeof title === 'string' ? title : '(title unreadable)'), status: tolerant(t.status) };
}

/** Every section's facts for a report covering `since` to `until`; sections not in `wanted` are null and never read. */
export async function reportFacts(reads: ProjectReads, since: Date, until: Date, wanted: ReadonlySet<ReportSection>): Promise<ReportFacts> {
  const unread: { section: ReportSection; error: unknown }[] = [];
  // A section whose read fails (a ticket read refused with 429, say) is named as unread; the others go on.
  const section = <T>(name: ReportSection, build: () => Promise<T | null>): Promise<T | null> =>
    wanted.has(name)
      ? build().catch((error: unknown) => {
          unread.push({ section: name, error });
          return null;
        })
      : Promise.resolve(null);
  const [briefing, pricing, positioning, ai, content, tech, tickets] = await Promise.all([
    section('briefing', async () => {
      const rows = (await reads.briefingHistory()).filter((r) => r.status === 'done' && after(tolerant(r.briefingDate), since));
      if (rows.length === 0) return null;
      return rows.reverse().map((r) => {
        const headline = tolerant(r.headline);
        return { number: tolerant(r.editionNumber), headline: typeof headline === 'string' ? escapeMrkdwn(headline) : null, date: tolerant(r.briefingDate) };
      });
    }),
    section('pricing', async () => {
      const pair = await runPair(reads, 'pricing', since);
      if (!pair) return null;
      const lines = priceMoves(pair.baseline?.dimension === 'pricing' ? pair.baseline.facts : null, pair.current?.dimension === 'pricing' ? pair.current.facts : null);
      return lines.length === 0 ? null : { runs: pair.newRuns.length, lines };
    }),
    section('positioning', async () => {
      const pair = await runPair(reads, 'positioning', since);
      if (!pair) return null;
      const lines = positioningMoves(pair.baseline?.dimension === 'positioning' ? pair.baseline.facts : null, pair.current?.dimension === 'positioning' ? pair.current.facts : null);
      return lines.length === 0 ? null : { runs: pair.newRuns.length, lines };
    }),
    section('ai', async () => aiFacts(await reads.aiHistory(), since)),
    section('content', async () => {
      const log = await reads.changelog();
      if (!log) return null;
      const lines: string[] = [];
      const comparison: string[] = [];
      const rows = log.rows.filter((r) => r !== null && after(r.date, since));
      for (const row of rows) {
        if (!row || row.categories.kind !== 'value') continue;
        const counts = row.categories.value.map((c) => ({ c, n: c.count.kind === 'value' ? c.count.value : c.urls.kind === 'value' ? c.urls.value.length : 0 })).filter((x) => x.n > 0);
        if (counts.length === 0) continue;
        const total = counts.reduce((s, x) => s + x.n, 0);
        lines.push(`${who(row.identity, labelOf(row.identity))}: ${total} new page${total === 1 ? '' : 's'} (${counts.map((x) => `${x.n} ${escapeMrkdwn(categoryLabel(x.c.key).toLowerCase())}`).join(', ')})`);
        for (const x of counts) if (x.c.category === 'comparison' && x.c.urls.kind === 'value') comparison.push(...x.c.urls.value.map((u) => escapeMrkdwn(u)));
      }
      if (lines.length === 0) return null;
      // Every row on the page is newer than `since` and more exist: older new pages may sit on the next page.
      const atLeast = rows.length === log.rows.length && !log.reachesOldest;
      return { lines, comparison, atLeast };
    }),
    section('tech', async () => {
      const pair = await runPair(reads, 'tech-trust', since);
      if (!pair) return null;
      const lines = techMoves(pair.baseline?.dimension === 'tech-trust' ? pair.baseline.facts : null, pair.current?.dimension === 'tech-trust' ? pair.current.facts : null);
      return lines.length === 0 ? null : { runs: pair.newRuns.length, lines };
    }),
    section('tickets', async () => {
      const list = await reads.tickets();
      const items = list.items.filter((t): t is Ticket => !isUnreadable(t));
      const opened = items.filter((t) => after(tolerant(t.createdAt), since)).map(ticketFact);
      const closed = items.filter((t) => ['done', 'dismissed'].includes(tolerant(t.status) ?? '') && after(tolerant(t.statusChangedAt), since)).map(ticketFact);
      if (opened.length === 0 && closed.length === 0) return null;
      // `closed=recent` lists done and dismissed tickets of the last 30 days: a report reaching further back may miss some.
      return { opened, closed, atLeast: list.hasMore === true && until.getTime() - since.getTime() > 30 * 86_400_000 };
    }),
  ]);
  // Nothing could be read: the report is not made (the caller tries again next poll).
  if (unread.length > 0 && unread.length === wanted.size) throw unread[0]!.error;
  return { since, until, briefing, pricing, positioning, ai, content, tech, tickets, unread: REPORT_SECTION_ORDER.filter((s) => unread.some((u) => u.section === s)) };
}

const REPORT_SECTION_ORDER: readonly ReportSection[] = REPORT_SECTIONS;
