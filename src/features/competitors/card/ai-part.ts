/**
 * The card's AI visibility: the latest read's `summary.marketMap.brands` row for the competitor's
 * domain (every tracked competitor is on every compact page, so one read finds it). Standing comes
 * only from presence (`rankByPresence`, `mentionRate`); the score says where the brand lands when
 * named, never who leads. Rates are shares of the answers counted, not of queries sent.
 */
import { normaliseDomain } from '../../competitor-match/match-competitor.js';
import { readAiVisibility } from '../../../service/index.js';
import type { JsonRecord, Part } from '../../../service/tolerant.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import { dayOf } from '../../../slack/blocks/index.js';
import type { CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, partText, rateText } from './format.js';
import type { CardPart } from './parts.js';

function presenceText(rank: Part<number | null>, naming: Part<number | null>): string {
  return partText(rank, (r) => {
    if (r !== null) return `#${escapeMrkdwn(String(r))} by presence (how often answers name it)`;
    return naming.kind === 'value' && naming.value === 0 ? 'not named in any answer' : NOT_MEASURED;
  });
}

function mentionText(rate: Part<number | null>): string {
  return partText(rate, (m) => {
    if (m === null) return NOT_MEASURED;
    if (m === 0) return 'no counted answer named it';
    return `named in ${rateText(m)} of the answers counted`;
  });
}

function scoreText(score: Part<number | null>, rate: Part<number | null>): string {
  return partText(score, (s) => {
    if (s === null) return NOT_MEASURED;
    const mentioned = rate.kind === 'value' && rate.value !== null && rate.value > 0;
    if (s === 0 && mentioned) return '0: named, but only below the top 5 or too seldom inside it';
    if (s === 0 && rate.kind === 'value' && rate.value === 0) return '0: no counted answer named it';
    return `${escapeMrkdwn(String(s))}/100 (where it lands in the top 5 when named; not a measure of who leads)`;
  });
}

export function aiLines(item: JsonRecord, ref: CompetitorRef): string[] {
  // The AI visibility feature's reader: one reading of the market map for every view of it.
  const facts = readAiVisibility(item);
  const lines: string[] = [];
  if (facts.latestCheck.unavailable) {
    const day = facts.checkedAt.kind === 'value' ? dayOf(facts.checkedAt.value) : null;
    const why = facts.latestCheck.reason ? ` (${escapeMrkdwn(humanise(facts.latestCheck.reason))})` : '';
    lines.push(`_The latest check was abandoned as incomplete${why}; this describes an earlier check${day ? ` of ${escapeMrkdwn(day)}` : ''}._`);
  }
  if (facts.brands.kind !== 'value') return [...lines, "_The market map couldn't be read._"];
  const row = facts.brands.value.find((b) => b !== null && b.domainShown !== null && normaliseDomain(b.domainShown) === normaliseDomain(ref.domain));
  if (!row) return [...lines, '_Not on the market map of the latest check._'];
  lines.push(`Presence ${presenceText(row.rankByPresence, row.answersNaming)} · mention rate: ${mentionText(row.mentionRate)}`);
  lines.push(`AI Visibility Score ${scoreText(row.score, row.mentionRate)}`);
  return lines;
}

export const aiPart: CardPart = {
  title: 'AI visibility',
  command: 'ai',
  async read(service, projectId, ref) {
    return aiLines(await service.getAiVisibility(projectId), ref);
  },
};
