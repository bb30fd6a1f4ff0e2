/**
 * A finished trust-signals scan (spec 2.9): the summary that replaces the channel message and the
 * details posted in its thread. A null means the page was never inspected, never a zero score; an
 * empty list is a real finding and is said as one.
 */
import { availabilityReason, markerSaysUnavailable, type TrustSignalsResult } from '../../../service/index.js';
import { isUnreadable, readable, readableOr, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { context, escapeMrkdwn, fields, fitBlocks, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { displayValue, label, packLines, scanIdContext, scanIntro, scanTitle, type ScanSubject } from './parts.js';

type Readable<T> = Exclude<T, Unreadable>;
type Signal = Readable<NonNullable<Readable<TrustSignalsResult['signalsDetected']>>[number]>;
type Gap = Readable<NonNullable<Readable<TrustSignalsResult['gapsVsBenchmark']>>[number]>;

/** A list part as its readable items and the one line for the others (null when every item was read). */
function listPart<T>(items: readonly (T | Unreadable)[], noun: string): { items: T[]; unread: string | null } {
  return { items: readable(items), unread: unreadableItemsLine(unreadableOf(items), noun, escapeMrkdwn, ['signal', 'id']) };
}

const NEVER = '_never inspected_';
const STRONGEST_SHOWN = 3;
const GAPS_SHOWN = 3;

const CATEGORY_KEYS = ['enterpriseReadiness', 'thirdPartyValidation', 'socialProof', 'brandAuthority', 'riskReversal'] as const;

export function trustSummaryView(subject: ScanSubject, result: TrustSignalsResult): { text: string; blocks: Block[] } {
  const verdict = readableOr(result.verdict, null);
  const blocks: Block[] = [
    header(`Trust signals: ${readableOr(result.domain, subject.domain)}`),
    section(`${scanIntro(subject)}.\n${verdictLine(result)}${typeof verdict?.summary === 'string' && verdict.summary ? `\n${escapeMrkdwn(verdict.summary)}` : ''}`),
    ...categoryBlocks(result),
    section(signalsLine(result)),
    section(`*Suspicious patterns:* ${patternsSummary(result.suspiciousPatterns)}`),
    section(`*Top gaps vs the benchmark:* ${gapsSummary(result.gapsVsBenchmark)}`),
    ...headerCaveat(result),
    ...scanIdContext(subject, 'every signal, pattern and gap is in the thread'),
  ];
  const text = verdict ? `${scanTitle(subject)}: ${verdict.tier}, ${verdict.score}/100` : `${scanTitle(subject)}: finished`;
  return { text, blocks };
}

export function trustDetailsView(subject: ScanSubject, result: TrustSignalsResult): { text: string; blocks: Block[] } {
  const signals = result.signalsDetected;
  const gaps = result.gapsVsBenchmark;
  const patterns = result.suspiciousPatterns;
  const blocks: Block[] = [];
  if (isUnreadable(signals)) blocks.push(section(`*Signals detected*: ${UNREADABLE_VALUE}`));
  else {
    const list = signals === null ? null : listPart(signals, 'signal');
    blocks.push(section(`*Signals detected* (${signals === null ? 'never inspected' : signals.length})`));
    if (list === null) blocks.push(section(NEVER));
    else if (signals?.length === 0) blocks.push(section('None of the signals looked for was found on the homepage.'));
    else blocks.push(...packLines([...strongestFirst(list.items).map((s) => `• ${signalLine(s)}${evidenceNote(s)}`), ...(list.unread ? [list.unread] : [])]));
  }

  if (isUnreadable(patterns)) blocks.push(section(`*Suspicious patterns*: ${UNREADABLE_VALUE}`));
  else {
    blocks.push(section(`*Suspicious patterns* (${patterns === null ? 'never inspected' : patterns.length})`));
    if (patterns === null) blocks.push(section(NEVER));
    else if (patterns.length === 0) blocks.push(section('None found.'));
    else blocks.push(...packLines(patterns.map((p) => `• ${displayValue(p)}`)));
  }

  if (isUnreadable(gaps)) blocks.push(section(`*Gaps vs the benchmark*: ${UNREADABLE_VALUE}`));
  else {
    const list = gaps === null ? null : listPart(gaps, 'gap');
    blocks.push(section(`*Gaps vs the benchmark* (${gaps === null ? 'never inspected' : gaps.length})`));
    if (list === null) blocks.push(section(NEVER));
    else if (gaps?.length === 0) blocks.push(section('No gaps: every benchmark signal was found.'));
    else
      blocks.push(
        ...packLines([
          ...mostPrevalentFirst(list.items).map((g) => `• ${gapLine(g)}${typeof g.ciInsight === 'string' && g.ciInsight ? `\n   ${escapeMrkdwn(g.ciInsight)}` : ''}`),
          ...(list.unread ? [list.unread] : []),
        ]),
      );
  }

  const meta = readableOr(result.meta, null);
  const source = meta === null ? ` · scan details ${UNREADABLE_VALUE}` : meta.benchmarkSource === null || meta.benchmarkSource === undefined ? '' : ` · benchmark ${displayValue(meta.benchmarkSource)}`;
  const duration = typeof meta?.scanDurationMs === 'number' ? ` · scan took ${Math.round(meta.scanDurationMs / 100) / 10} s` : '';
  blocks.push(context(`Final URL ${shown(result.finalUrl, escapeMrkdwn)} · fetched ${shown(result.fetchedAt, escapeMrkdwn)}${source}${duration}`));
  return { text: `Details of the ${scanTitle(subject).toLowerCase()}`, blocks: fitBlocks(blocks) };
}

function verdictLine(result: TrustSignalsResult): string {
  const verdict = result.verdict;
  if (isUnreadable(verdict)) return `*Verdict:* ${UNREADABLE_VALUE}`;
  if (verdict === null) return `*Verdict:* ${NEVER}`;
  const benchmark = typeof verdict.benchmarkForTier === 'number' ? `, against a benchmark of ${verdict.benchmarkForTier} for this tier` : '';
  const comparison = verdict.benchmarkComparison === null || verdict.benchmarkComparison === undefined ? '' : ` (${displayValue(verdict.benchmarkComparison)})`;
  return `*Tier:* ${label(verdict.tier)} · *Score:* ${verdict.score}/100${benchmark}${comparison}`;
}

function categoryBlocks(result: TrustSignalsResult): Block[] {
  const scores = result.categoryScores;
  if (isUnreadable(scores)) return [section(`*Category scores:* ${UNREADABLE_VALUE}`)];
  if (scores === null) return [section(`*Category scores:* ${NEVER}`)];
  return fields(
    CATEGORY_KEYS.map((key) => {
      const category = scores[key];
      if (isUnreadable(category)) return `*${label(key)}*\n${UNREADABLE_VALUE}`;
      const { score, max, signalsFound } = category;
      const found = typeof signalsFound === 'number' ? ` (${plural(signalsFound, 'signal')})` : '';
      return `*${label(key)}*\n${score}/${max}${found}`;
    }),
  );
}

function signalsLine(result: TrustSignalsResult): string {
  const signals = result.signalsDetected;
  const meta = readableOr(result.meta, null);
  const evaluated = meta === null ? UNREADABLE_VALUE : meta.signalsEvaluated;
  if (isUnreadable(signals)) return `*Signals detected:* ${UNREADABLE_VALUE}`;
  if (signals === null) return `*Signals detected:* ${NEVER}`;
  const of = evaluated === null ? '' : ` of ${shown(evaluated, String)} evaluated`;
  if (signals.length === 0) return `*Signals detected:* none${of}: not one of the signals looked for is on the homepage.`;
  const { items, unread } = listPart(signals, 'signal');
  const strongest = strongestFirst(items).slice(0, STRONGEST_SHOWN).map(signalLine);
  return `*Signals detected:* ${signals.length}${of}. Strongest:\n${strongest.map((s) => `• ${s}`).join('\n')}${unread ? `\n${unread}` : ''}`;
}

function patternsSummary(patterns: TrustSignalsResult['suspiciousPatterns']): string {
  if (isUnreadable(patterns)) return UNREADABLE_VALUE;
  if (patterns === null) return NEVER;
  if (patterns.length === 0) return 'none found.';
  return `${patterns.length}\n${patterns
    .slice(0, 3)
    .map((p) => `• ${displayValue(p)}`)
    .join('\n')}${patterns.length > 3 ? `\n…and ${patterns.length - 3} more in the thread` : ''}`;
}

function gapsSummary(gaps: TrustSignalsResult['gapsVsBenchmark']): string {
  if (isUnreadable(gaps)) return UNREADABLE_VALUE;
  if (gaps === null) return NEVER;
  if (gaps.length === 0) return 'none: every benchmark signal was found.';
  const { items, unread } = listPart(gaps, 'gap');
  const top = mostPrevalentFirst(items).slice(0, GAPS_SHOWN);
  return `${gaps.length}\n${top.map((g) => `• ${gapLine(g)}`).join('\n')}${unread ? `\n${unread}` : ''}`;
}

function headerCaveat(result: TrustSignalsResult): Block[] {
  // An availability marker of unstated shape: read like every other marker (docs/assumptions.md).
  const inspection = result.headerInspection;
  if (!markerSaysUnavailable(inspection)) return [];
  const why = availabilityReason(inspection);
  const reason = why !== undefined ? ` (${escapeMrkdwn(why.replace(/_/g, ' '))})` : '';
  return [
    context(
      `:information_source: The site hides its response headers${reason}, so no header evidence was read. No trust rule reads headers: the result is otherwise complete and comparable.`,
    ),
  ];
}

function strongestFirst(signals: readonly Signal[]): Signal[] {
  return [...signals].sort((a, b) => b.weight - a.weight || b.evidenceCount - a.evidenceCount);
}

function signalLine(s: Signal): string {
  const confidence = s.confidence === null || s.confidence === undefined ? '' : `, confidence ${displayValue(s.confidence)}`;
  return `${label(s.signal)} (${label(s.category).toLowerCase()}, weight ${s.weight}${confidence})`;
}

function evidenceNote(s: Signal): string {
  const kinds = [...new Set(s.evidence.map((e) => e.kind))].map((k) => escapeMrkdwn(k)).join(', ');
  return ` · ${plural(s.evidenceCount, 'piece')} of evidence${kinds ? ` (${kinds})` : ''}`;
}

/** `benchmarkPrevalence` from 0 to 1 as a percentage; any other value verbatim (docs/assumptions.md). */
function prevalenceText(value: unknown): string {
  if (typeof value === 'number' && value >= 0 && value <= 1) return `${Math.round(value * 100)}% of the benchmark show it`;
  return `benchmark prevalence ${value === null || value === undefined ? 'not given' : displayValue(value)}`;
}

/** Gaps are listed most prevalent first (docs/assumptions.md); a gap without a number goes last. */
function mostPrevalentFirst(gaps: readonly Gap[]): Gap[] {
  const prevalenceOf = (gap: Gap) => (typeof gap.benchmarkPrevalence === 'number' ? gap.benchmarkPrevalence : -1);
  return [...gaps].sort((a, b) => prevalenceOf(b) - prevalenceOf(a));
}

function gapLine(g: Gap): string {
  return `${label(g.signal)} (${label(g.category).toLowerCase()}): ${prevalenceText(g.benchmarkPrevalence)}`;
}
