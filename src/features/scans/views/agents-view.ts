/**
 * A finished agent-adoption scan (spec 2.9): the summary that replaces the channel message and the
 * details posted in its thread (every failed scored check, with its fix prompt when asked for).
 * `level` and `levelName` are shown verbatim: their mapping is not in the spec.
 */
import type { AgentAdoptionCheck, AgentAdoptionResult } from '../../../service/index.js';
import { context, escapeMrkdwn, fields, fitBlocks, header, section, type Block } from '../../../slack/blocks/index.js';
import { displayValue, label, packLines, scanIdContext, scanIntro, scanTitle, type ScanSubject } from './parts.js';

type Cluster = AgentAdoptionResult['clusters'][number];

const FAILED_SHOWN = 5;

export function agentsSummaryView(subject: ScanSubject, result: AgentAdoptionResult): { text: string; blocks: Block[] } {
  const failed = failedScoredChecks(result);
  const triggered = result.clusters.filter((c) => c.triggered);
  const failedLines = failed.slice(0, FAILED_SHOWN).map((c) => `• ${checkLine(c)}`);
  if (failed.length > FAILED_SHOWN) failedLines.push(`…and ${failed.length - FAILED_SHOWN} more in the thread`);
  const blocks: Block[] = [
    header(`Agent adoption: ${result.domain}`),
    section(`${scanIntro(subject)}.\n*Score:* ${result.score} · *Level:* ${displayValue(result.level)} (${displayValue(result.levelName)})`),
    ...fields(result.categoryReports.map((r) => `*${label(r.category)}*: ${r.score}\n${countsLine(r)}`)),
    section(failed.length === 0 ? '*Failed scored checks:* none.' : `*Failed scored checks:* ${failed.length}\n${failedLines.join('\n')}`),
    section(triggered.length === 0 ? '*Clusters triggered:* none.' : `*Clusters triggered:* ${triggered.length}\n${triggered.map((c) => `• ${clusterLine(c)}`).join('\n')}`),
    ...scanIdContext(subject, failed.some((c) => c.fixPrompt) ? 'details and fix prompts are in the thread' : 'details are in the thread'),
  ];
  return { text: `${scanTitle(subject)}: score ${result.score}, level ${displayValue(result.level)}`, blocks };
}

export function agentsDetailsView(subject: ScanSubject, result: AgentAdoptionResult, includeFixPrompts: boolean): { text: string; blocks: Block[] } {
  const failed = failedScoredChecks(result);
  const blocks: Block[] = [section(`*Failed scored checks* (${failed.length})`)];
  if (failed.length === 0) blocks.push(section('Every scored check passed.'));
  else blocks.push(...packLines(failed.map((c) => checkDetail(c, includeFixPrompts)), '\n\n'));
  if (includeFixPrompts && failed.length > 0 && !failed.some((c) => c.fixPrompt)) {
    blocks.push(context('Fix prompts were asked for, but the service returned none.'));
  }
  blocks.push(section(`*Clusters* (${result.clusters.length})`));
  blocks.push(...(result.clusters.length === 0 ? [section('None.')] : packLines(result.clusters.map((c) => `• ${clusterLine(c)}${c.triggered ? '' : ' _(not triggered)_'}`))));
  const meta = result.meta;
  blocks.push(
    context(
      `${meta.checksEvaluated} checks evaluated, ${meta.checksSkipped} skipped · scan took ${Math.round(meta.scanDurationMs / 100) / 10} s · ${escapeMrkdwn(result.scanner.name)} ${escapeMrkdwn(result.scanner.version)} · final URL ${escapeMrkdwn(result.finalUrl)}`,
    ),
  );
  return { text: `Details of the ${scanTitle(subject).toLowerCase()}`, blocks: fitBlocks(blocks) };
}

function failedScoredChecks(result: AgentAdoptionResult): AgentAdoptionCheck[] {
  return result.categoryReports.flatMap((r) => r.checks.filter((c) => c.scored && c.status === 'fail'));
}

function countsLine(r: AgentAdoptionResult['categoryReports'][number]): string {
  return `${r.passed} passed · ${r.failed} failed · ${r.neutral} neutral · ${r.couldNotMeasure} could not measure`;
}

function checkLine(c: AgentAdoptionCheck): string {
  const message = c.message === null || c.message === undefined || c.message === '' ? '' : `: ${displayValue(c.message)}`;
  return `\`${escapeMrkdwn(c.id)}\` (${label(c.category).toLowerCase()})${message}`;
}

function checkDetail(c: AgentAdoptionCheck, includeFixPrompts: boolean): string {
  const prompt = includeFixPrompts && c.fixPrompt ? `\n*Fix prompt:*\n${quote(c.fixPrompt)}` : '';
  return `• ${checkLine(c)}${prompt}`;
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
