/**
 * A finished agent-adoption scan (spec 2.9): the summary that replaces the channel message and the
 * details posted in its thread (every failed scored check, with its fix prompt when asked for).
 * `level` and `levelName` are shown verbatim: their mapping is not in the spec.
 */
import type { AgentsCheck as AgentAdoptionCheck, AgentsFacts } from '../../../service/read/scans.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { isUnreadable, readable, readableOr, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { context, durationText, escapeMrkdwn, fields, fitBlocks, header, section, type Block } from '../../../slack/blocks/index.js';
import { displayValue, extrasBlocks, itemExtras, label, packLines, scanIdContext, scanIntro, scanTitle, type ScanSubject } from './parts.js';

type Readable<T> = Exclude<T, Unreadable>;
type Report = Readable<Readable<AgentsFacts['categoryReports']>[number]>;
type Cluster = Readable<Readable<AgentsFacts['clusters']>[number]>;

/** The one line for the items of a list Radar could not read, or null. */
const unreadLine = (items: readonly unknown[], noun: string) => unreadableItemsLine(unreadableOf(items), noun, escapeMrkdwn, ['id', 'category', 'name']);

/** Every check Radar could read, across the reports it could read, and the lines for the rest. */
function checksOf(result: AgentsFacts): { checks: AgentAdoptionCheck[]; unread: string[] } {
  const reports = result.categoryReports;
  if (isUnreadable(reports)) return { checks: [], unread: [`_Category reports: ${UNREADABLE_VALUE}_`] };
  const readReports = readable(reports);
  const unread = [unreadLine(reports, 'category report'), unreadLine(readReports.flatMap((r) => r.checks), 'check')].filter((l): l is string => l !== null);
  return { checks: readReports.flatMap((r) => readable(r.checks)), unread };
}

const FAILED_SHOWN = 5;

export function agentsSummaryView(subject: ScanSubject, result: AgentsFacts): { text: string; blocks: Block[] } {
  const failed = failedScoredChecks(result);
  const { unread } = checksOf(result);
  const clusters = result.clusters;
  const triggered = isUnreadable(clusters) ? [] : readable(clusters).filter((c) => c.triggered);
  const failedLines = failed.slice(0, FAILED_SHOWN).map((c) => `• ${checkLine(c)}`);
  if (failed.length > FAILED_SHOWN) failedLines.push(`…and ${failed.length - FAILED_SHOWN} more in the thread`);
  failedLines.push(...unread);
  const reports = result.categoryReports;
  const clustersLine = isUnreadable(clusters)
    ? `*Clusters triggered:* ${UNREADABLE_VALUE}`
    : triggered.length === 0
      ? `*Clusters triggered:* none.${clusterUnread(clusters)}`
      : `*Clusters triggered:* ${triggered.length}\n${triggered.map((c) => `• ${clusterLine(c)}`).join('\n')}${clusterUnread(clusters)}`;
  const blocks: Block[] = [
    header(`Agent adoption: ${readableOr(result.domain, subject.domain)}`),
    section(`${scanIntro(subject)}.\n*Score:* ${shown(result.score, String)} · *Level:* ${displayValue(result.level)} (${displayValue(result.levelName)})`),
    ...(isUnreadable(reports) ? [] : fields(readable(reports).map((r) => `*${label(r.category)}*: ${r.score}\n${countsLine(r)}`))),
    section(failed.length === 0 ? `*Failed scored checks:* none.${unread.length ? `\n${unread.join('\n')}` : ''}` : `*Failed scored checks:* ${failed.length}\n${failedLines.join('\n')}`),
    section(clustersLine),
    ...extrasBlocks(result.extras),
    ...scanIdContext(subject, failed.some((c) => c.fixPrompt) ? 'details and fix prompts are in the thread' : 'details are in the thread'),
  ];
  return { text: `${scanTitle(subject)}: score ${isUnreadable(result.score) ? 'unreadable' : result.score}, level ${displayValue(result.level)}`, blocks };
}

export function agentsDetailsView(subject: ScanSubject, result: AgentsFacts, includeFixPrompts: boolean): { text: string; blocks: Block[] } {
  const failed = failedScoredChecks(result);
  const blocks: Block[] = [section(`*Failed scored checks* (${failed.length})`)];
  if (failed.length === 0) blocks.push(section('Every scored check passed.'));
  else blocks.push(...packLines(failed.map((c) => checkDetail(c, includeFixPrompts)), '\n\n'));
  if (includeFixPrompts && failed.length > 0 && !failed.some((c) => c.fixPrompt)) {
    blocks.push(context('Fix prompts were asked for, but the service returned none.'));
  }
  const clusters = result.clusters;
  if (isUnreadable(clusters)) blocks.push(section(`*Clusters*: ${UNREADABLE_VALUE}`));
  else {
    blocks.push(section(`*Clusters* (${clusters.length})`));
    const lines = readable(clusters).map((c) => `• ${clusterLine(c)}${c.triggered ? '' : ' _(not triggered)_'}${itemExtras(c.extras)}`);
    const unread = unreadLine(clusters, 'cluster');
    if (unread !== null) lines.push(unread);
    blocks.push(...(clusters.length === 0 ? [section('None.')] : packLines(lines)));
  }
  const reports = isUnreadable(result.categoryReports) ? [] : readable(result.categoryReports);
  const reportExtras = reports.flatMap((r) => extraLines(r.extras.extras, r.extras.more).map((line) => `${label(r.category)} · ${line}`));
  if (reportExtras.length > 0) blocks.push(...packLines(reportExtras));
  blocks.push(...extrasBlocks(result.metaExtras));
  const meta = result.meta;
  const metaText = isUnreadable(meta)
    ? `Scan details ${UNREADABLE_VALUE}`
    : `${meta.checksEvaluated} checks evaluated, ${meta.checksSkipped} skipped · scan took ${durationText(meta.scanDurationMs)}`;
  const scanner = shown(result.scanner, (sc) => `${escapeMrkdwn(sc.name)} ${escapeMrkdwn(sc.version)}`);
  blocks.push(context(`${metaText} · ${scanner} · final URL ${shown(result.finalUrl, escapeMrkdwn)}`));
  return { text: `Details of the ${scanTitle(subject).toLowerCase()}`, blocks: fitBlocks(blocks) };
}

function failedScoredChecks(result: AgentsFacts): AgentAdoptionCheck[] {
  return checksOf(result).checks.filter((c) => c.scored && c.status === 'fail');
}

function clusterUnread(clusters: readonly unknown[]): string {
  const line = unreadLine(clusters, 'cluster');
  return line === null ? '' : `\n${line}`;
}

function countsLine(r: Report): string {
  return `${r.passed} passed · ${r.failed} failed · ${r.neutral} neutral · ${r.couldNotMeasure} could not measure`;
}

function checkLine(c: AgentAdoptionCheck): string {
  const message = c.message === null || c.message === undefined || c.message === '' ? '' : `: ${displayValue(c.message)}`;
  return `\`${escapeMrkdwn(c.id)}\` (${label(c.category, true)})${message}`;
}

function checkDetail(c: AgentAdoptionCheck, includeFixPrompts: boolean): string {
  const prompt = includeFixPrompts && c.fixPrompt ? `\n*Fix prompt:*\n${quote(c.fixPrompt)}` : '';
  return `• ${checkLine(c)}${itemExtras(c.extras)}${prompt}`;
}

function clusterLine(c: Cluster): string {
  const message = c.message === null || c.message === undefined || c.message === '' ? '' : `: ${displayValue(c.message)}`;
  return `${label(c.name)} (${escapeMrkdwn(c.kind)})${message}`;
}

/** A block quote of service text: escaped, every line prefixed so Slack keeps it inside the quote. */
function quote(text: string): string {
  return escapeMrkdwn(text)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}
