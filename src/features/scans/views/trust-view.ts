/**
 * A finished trust-signals scan (spec 2.9): the summary that replaces the channel message and the
 * details posted in its thread. A null means the page was never inspected, never a zero score; an
 * empty list is a real finding and is said as one.
 */
import type { TrustFacts } from '../../../service/read/scans.js';
import { isUnreadable, readable, readableOr, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { context, durationText, escapeMrkdwn, fields, fitBlocks, header, plural, section, dateTokenOf, type Block } from '../../../slack/blocks/index.js';
import { asBlock, nativeChartBlock, type ChartFacts } from '../../../slack/charts/index.js';
import type { MessageChart } from '../../../slack/charts/post.js';
import { displayValue, extrasBlocks, itemExtras, label, packLines, scanIdContext, scanIntro, scanTitle, type ScanSubject } from './parts.js';

type Readable<T> = Exclude<T, Unreadable>;
type Signal = Readable<NonNullable<Readable<TrustFacts['signalsDetected']>>[number]>;
type Gap = Readable<NonNullable<Readable<TrustFacts['gapsVsBenchmark']>>[number]>;

/** A list part as its readable items and the one line for the others (null when every item was read). */
function listPart<T>(items: readonly (T | Unreadable)[], noun: string): { items: T[]; unread: string | null } {
  return { items: readable(items), unread: unreadableItemsLine(unreadableOf(items), noun, escapeMrkdwn, ['signal', 'id']) };
}

const STRONGEST_SHOWN = 3;
const GAPS_SHOWN = 3;

const CATEGORY_KEYS = ['enterpriseReadiness', 'thirdPartyValidation', 'socialProof', 'brandAuthority', 'riskReversal'] as const;

/**
 * The parts a null marks as never inspected (spec 2.9), named once per message: each such part is
 * left out where it would stand, and one line lists them.
 */
function neverInspected(result: TrustFacts): string[] {
  const meta = readableOr(result.meta, null);
  const parts: [unknown, string][] = [
    [result.verdict, 'verdict'],
    [result.categoryScores, 'category scores'],
    [result.signalsDetected, 'signals detected'],
    [result.suspiciousPatterns, 'suspicious patterns'],
    [result.gapsVsBenchmark, 'gaps vs the benchmark'],
    [meta?.signalsEvaluated, 'signals evaluated'],
  ];
  return parts.filter(([value]) => value === null).map(([, name]) => name);
}

function neverInspectedBlocks(result: TrustFacts): Block[] {
  const parts = neverInspected(result);
  if (parts.length === 0) return [];
  return [context(`_Never inspected: ${parts.join(', ')}. The scan was stored before the service inspected pages; that is not a zero score._`)];
}

/** Category names within Slack's 20 characters a chart label (the fields beside keep the full names). */
const CHART_LABELS: Partial<Record<(typeof CATEGORY_KEYS)[number], string>> = { thirdPartyValidation: '3rd-party validation' };

/** The block_id of the category-scores chart (and the name of its PNG when that is shown instead). */
export const TRUST_SCORES_CHART = 'trust-category-scores';

/**
 * The category scores as chart facts: one bar per category, the score as read (a category not read
 * is a gap, never a zero), titled with the scale when every category shares one. Null when the
 * scores were never inspected or not read at all.
 */
export function trustScoresChart(result: Pick<TrustFacts, 'categoryScores'>, domain: string): ChartFacts | null {
  const scores = result.categoryScores;
  if (scores === null || isUnreadable(scores)) return null;
  const read = CATEGORY_KEYS.map((key) => ({ key, category: scores[key] }));
  if (read.every(({ category }) => isUnreadable(category))) return null;
  const maxima = new Set(read.flatMap(({ category }) => (isUnreadable(category) ? [] : [category.max])));
  const scale = maxima.size === 1 ? ` (out of ${[...maxima][0]})` : '';
  return {
    title: `Trust category scores${scale}`.slice(0, 50),
    kind: 'bar',
    ...(maxima.size === 1 ? { unit: `/${[...maxima][0]}` } : {}),
    series: [{ name: domain, points: read.map(({ key, category }) => ({ label: CHART_LABELS[key] ?? label(key), value: isUnreadable(category) ? null : category.score })) }],
  };
}

export function trustSummaryView(subject: ScanSubject, result: TrustFacts): { text: string; blocks: Block[]; charts: MessageChart[] } {
  const verdict = readableOr(result.verdict, null);
  const summary = typeof verdict?.summary === 'string' && verdict.summary ? verdict.summary : null;
  const verdictText = verdictLine(result);
  const signals = signalsLine(result, summary);
  const patterns = result.suspiciousPatterns === null ? null : `*Suspicious patterns:* ${patternsSummary(result.suspiciousPatterns)}`;
  const gaps = result.gapsVsBenchmark === null ? null : `*Top gaps vs the benchmark:* ${gapsSummary(result.gapsVsBenchmark)}`;
  const chart = trustScoresChart(result, readableOr(result.domain, subject.domain));
  const blocks: Block[] = [
    header(`Trust signals: ${readableOr(result.domain, subject.domain)}`),
    section([`${scanIntro(subject)}.`, verdictText, summary === null ? null : escapeMrkdwn(summary)].filter((l) => l !== null).join('\n')),
    ...chartBlocks(chart),
    ...categoryBlocks(result),
    ...[signals, patterns, gaps].filter((t): t is string => t !== null).map((t) => section(t)),
    ...extrasBlocks(result.categoryExtras, result.verdictExtras, result.extras),
    ...neverInspectedBlocks(result),
    ...headerCaveat(result),
    ...scanIdContext(subject, 'every signal, pattern and gap is in the thread'),
  ];
  const text = verdict ? `${scanTitle(subject)}: ${label(verdict.tier, true)}, ${verdict.score}/100` : `${scanTitle(subject)}: finished`;
  return { text, blocks, charts: chart ? [{ blockId: TRUST_SCORES_CHART, facts: chart }] : [] };
}

/** Slack's chart block when it can say the scores exactly; the category fields below are the figures as text. */
function chartBlocks(chart: ChartFacts | null): Block[] {
  const block = chart ? nativeChartBlock(chart, TRUST_SCORES_CHART) : null;
  return block ? [asBlock(block)] : [];
}

export function trustDetailsView(subject: ScanSubject, result: TrustFacts): { text: string; blocks: Block[] } {
  const signals = result.signalsDetected;
  const gaps = result.gapsVsBenchmark;
  const patterns = result.suspiciousPatterns;
  const blocks: Block[] = [];
  if (isUnreadable(signals)) blocks.push(section(`*Signals detected*: ${UNREADABLE_VALUE}`));
  else if (signals !== null) {
    const list = listPart(signals, 'signal');
    blocks.push(section(`*Signals detected* (${signals.length})`));
    if (signals.length === 0) blocks.push(section('None of the signals looked for was found on the homepage.'));
    else blocks.push(...packLines([...strongestFirst(list.items).map((s) => `• ${signalLine(s)}${evidenceNote(s)}${itemExtras(s.extras)}`), ...(list.unread ? [list.unread] : [])]));
  }

  if (isUnreadable(patterns)) blocks.push(section(`*Suspicious patterns*: ${UNREADABLE_VALUE}`));
  else if (patterns !== null) {
    blocks.push(section(`*Suspicious patterns* (${patterns.length})`));
    if (patterns.length === 0) blocks.push(section('None found.'));
    else blocks.push(...packLines(patterns.map((p) => `• ${escapeMrkdwn(p)}`)));
  }

  if (isUnreadable(gaps)) blocks.push(section(`*Gaps vs the benchmark*: ${UNREADABLE_VALUE}`));
  else if (gaps !== null) {
    const list = listPart(gaps, 'gap');
    blocks.push(section(`*Gaps vs the benchmark* (${gaps.length})`));
    if (gaps.length === 0) blocks.push(section('No gaps: every benchmark signal was found.'));
    else
      blocks.push(
        ...packLines([
          ...mostPrevalentFirst(list.items).map((g) => `• ${gapLine(g)}${typeof g.ciInsight === 'string' && g.ciInsight ? `\n   ${escapeMrkdwn(g.ciInsight)}` : ''}${itemExtras(g.extras)}`),
          ...(list.unread ? [list.unread] : []),
        ]),
      );
  }
  blocks.push(...extrasBlocks(result.metaExtras));
  blocks.push(...neverInspectedBlocks(result));

  const meta = readableOr(result.meta, null);
  const source = meta === null ? ` · scan details ${UNREADABLE_VALUE}` : meta.benchmarkSource === null || meta.benchmarkSource === undefined ? '' : ` · benchmark ${displayValue(meta.benchmarkSource)}`;
  const duration = typeof meta?.scanDurationMs === 'number' ? ` · scan took ${durationText(meta.scanDurationMs)}` : '';
  blocks.push(context(`Final URL ${shown(result.finalUrl, escapeMrkdwn)} · fetched ${shown(result.fetchedAt, (at) => dateTokenOf(at))}${source}${duration}`));
  return { text: `Details of the ${scanTitle(subject).toLowerCase()}`, blocks: fitBlocks(blocks) };
}

/** The tier and score line, or null when the verdict was never inspected (said in the one line for those). */
function verdictLine(result: TrustFacts): string | null {
  const verdict = result.verdict;
  if (isUnreadable(verdict)) return `*Verdict:* ${UNREADABLE_VALUE}`;
  if (verdict === null) return null;
  const benchmark = typeof verdict.benchmarkForTier === 'number' ? `, against a benchmark of ${verdict.benchmarkForTier} for this tier` : '';
  const comparison = verdict.benchmarkComparison === null || verdict.benchmarkComparison === undefined ? '' : ` (${typeof verdict.benchmarkComparison === 'string' ? label(verdict.benchmarkComparison, true) : displayValue(verdict.benchmarkComparison)})`;
  return `*Tier:* ${label(verdict.tier)} · *Score:* ${verdict.score}/100${benchmark}${comparison}`;
}

function categoryBlocks(result: TrustFacts): Block[] {
  const scores = result.categoryScores;
  if (isUnreadable(scores)) return [section(`*Category scores:* ${UNREADABLE_VALUE}`)];
  if (scores === null) return [];
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

/**
 * "*Signals found:* 16 of 26 looked for. Strongest: …"; when the service's own summary (shown just
 * above) already says "16 of 26", the count is not said again. Null when never inspected.
 */
function signalsLine(result: TrustFacts, summary: string | null): string | null {
  const signals = result.signalsDetected;
  const meta = readableOr(result.meta, null);
  const evaluated = meta === null ? UNREADABLE_VALUE : meta.signalsEvaluated;
  if (isUnreadable(signals)) return `*Signals detected:* ${UNREADABLE_VALUE}`;
  if (signals === null) return null;
  const of = evaluated === null || evaluated === undefined ? '' : ` of ${shown(evaluated, String)} looked for`;
  if (signals.length === 0) return `*Signals found:* none${of}: not one of the signals looked for is on the homepage.`;
  const { items, unread } = listPart(signals, 'signal');
  const strongest = strongestFirst(items).slice(0, STRONGEST_SHOWN).map(signalLine);
  const countSaid = summary !== null && typeof evaluated === 'number' && new RegExp(`\\b${signals.length}\\s*(?:of|/)\\s*${evaluated}\\b`).test(summary);
  const head = countSaid ? '*Strongest signals:*' : `*Signals found:* ${signals.length}${of}. Strongest:`;
  return `${head}\n${strongest.map((s) => `• ${s}`).join('\n')}${unread ? `\n${unread}` : ''}`;
}

function patternsSummary(patterns: Exclude<TrustFacts['suspiciousPatterns'], null>): string {
  if (isUnreadable(patterns)) return UNREADABLE_VALUE;
  if (patterns.length === 0) return 'none found.';
  return `${patterns.length}\n${patterns
    .slice(0, 3)
    .map((p) => `• ${escapeMrkdwn(p)}`)
    .join('\n')}${patterns.length > 3 ? `\n…and ${patterns.length - 3} more in the thread` : ''}`;
}

function gapsSummary(gaps: Exclude<TrustFacts['gapsVsBenchmark'], null>): string {
  if (isUnreadable(gaps)) return UNREADABLE_VALUE;
  if (gaps.length === 0) return 'none: every benchmark signal was found.';
  const { items, unread } = listPart(gaps, 'gap');
  const top = mostPrevalentFirst(items).slice(0, GAPS_SHOWN);
  return `${gaps.length}\n${top.map((g) => `• ${gapLine(g)}`).join('\n')}${unread ? `\n${unread}` : ''}`;
}

function headerCaveat(result: TrustFacts): Block[] {
  const hidden = result.headersHidden;
  if (hidden === null) return [];
  const reason = hidden.reason !== undefined ? ` (${escapeMrkdwn(hidden.reason.replace(/_/g, ' '))})` : '';
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
  return `${label(s.signal)} (${label(s.category, true)}, weight ${s.weight}${confidence})`;
}

function evidenceNote(s: Signal): string {
  const kinds = [...new Set(s.evidence.map((e) => e.kind))].map((k) => escapeMrkdwn(k)).join(', ');
  return ` · ${plural(s.evidenceCount, 'piece')} of evidence${kinds ? ` (${kinds})` : ''}`;
}

/**
 * `benchmarkPrevalence` from 0 to 1 as words chosen by the share: "most of the benchmark (70%)" only
 * above half, "half of the benchmark", else "40% of the benchmark"; any other value verbatim
 * (docs/assumptions.md).
 */
export function prevalenceText(value: unknown): string {
  if (typeof value === 'number' && value >= 0 && value <= 1) {
    const pct = Math.round(value * 100);
    if (value > 0.5) return `most of the benchmark show it (${pct}%)`;
    if (value === 0.5) return 'half of the benchmark show it (50%)';
    return `${pct}% of the benchmark show it`;
  }
  return `benchmark prevalence ${value === null || value === undefined ? 'not given' : displayValue(value)}`;
}

/** Gaps are listed most prevalent first (docs/assumptions.md); a gap without a number goes last. */
function mostPrevalentFirst(gaps: readonly Gap[]): Gap[] {
  const prevalenceOf = (gap: Gap) => (typeof gap.benchmarkPrevalence === 'number' ? gap.benchmarkPrevalence : -1);
  return [...gaps].sort((a, b) => prevalenceOf(b) - prevalenceOf(a));
}

function gapLine(g: Gap): string {
  return `${label(g.signal)} (${label(g.category, true)}): ${prevalenceText(g.benchmarkPrevalence)}`;
}
