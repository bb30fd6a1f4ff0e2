/**
 * The card's AI visibility: the latest read's `summary.marketMap.brands` row for the competitor's
 * domain (every tracked competitor is on every compact page, so one read finds it). Standing comes
 * only from presence (`rankByPresence`, `mentionRate`); the score says where the brand lands when
 * named, never who leads. Rates are shares of the answers counted, not of queries sent.
 */
import { normaliseDomain } from '../../competitor-match/match-competitor.js';
import { matchIdentity, ratePercent, tieWords, standingStatement, type AiBrandRow, type AiPresence, type AiVisibilityFacts } from '../../../service/index.js';
import type { Part } from '../../../service/tolerant.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import { dayText } from '../../../slack/blocks/index.js';
import type { CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, NOT_REPORTED, partText } from './format.js';
import type { CardPart } from './parts.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';

/** Presence as the reader gives it (spec 2.2.5): a rank with the brands named as often, "not named in any answer", or not measured. */
function presenceText(p: AiPresence, tiedWith: number): string {
  switch (p.kind) {
    case 'ranked':
      return `#${escapeMrkdwn(String(p.rank))} by presence (how often answers name it)${tiedWith > 0 ? `, ${tieWords(tiedWith)}` : ''}`;
    case 'not_named':
      return 'not named in any answer';
    case 'not_measured':
      return NOT_MEASURED;
    case 'omitted':
      return NOT_REPORTED;
    case 'unreadable':
      return UNREADABLE_VALUE;
  }
}

function mentionText(rate: Part<number | null>): string {
  return partText(rate, (m) => {
    if (m === null) return NOT_MEASURED;
    if (m === 0) return 'no counted answer named it';
    return `named in ${ratePercent(m)} of the answers counted`;
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

/** The market map's row for the competitor: by id, then domain, then name (the reader found each row's identity, nested or flat). */
function rowFor(rows: readonly (AiBrandRow | null)[], ref: CompetitorRef): AiBrandRow | undefined {
  const readable = rows.filter((r): r is AiBrandRow => r !== null);
  const ids = readable.map((r) => ({ row: r, competitorId: r.competitorId, domain: r.domainShown === null ? null : normaliseDomain(r.domainShown), name: r.name.kind === 'value' ? r.name.value : null, isOwn: r.isOwn }));
  return matchIdentity({ competitorId: ref.id, domain: normaliseDomain(ref.domain), name: ref.name, isOwn: ref.isOwn }, ids)?.row;
}

/** The card's lines on the AI visibility reader's facts (one reading of the market map for every view of it). */
export function aiFactLines(facts: AiVisibilityFacts, ref: CompetitorRef): string[] {
  const lines: string[] = [];
  if (facts.latestCheck.unavailable) {
    const day = facts.checkedAt.kind === 'value' && facts.checkedAt.value ? dayText(facts.checkedAt.value) : null;
    const why = facts.latestCheck.reason ? ` (${escapeMrkdwn(humanise(facts.latestCheck.reason))})` : '';
    lines.push(`_The latest check was abandoned as incomplete${why}; this describes an earlier check${day ? ` of ${day}` : ''}._`);
  }
  if (facts.brands.kind !== 'value') return [...lines, "_The market map couldn't be read._"];
  const row = rowFor(facts.brands.value, ref);
  if (!row) return [...lines, '_Not on the market map of the latest check._'];
  lines.push(`Presence ${presenceText(row.presence, row.tiedWith)} · mention rate: ${mentionText(row.mentionRate)}`);
  lines.push(`AI Visibility Score ${scoreText(row.score, row.mentionRate)}`);
  // Standing on the map, said when this brand is at the top presence: a tie as a tie, never "leads".
  const standing = facts.standing.top.includes(row) ? standingStatement(facts.standing) : null;
  if (standing) lines.push(`Standing: ${escapeMrkdwn(standing)}`);
  return lines;
}

export const aiPart: CardPart = {
  title: 'AI visibility',
  command: 'ai',
  async read(service, projectId, ref) {
    return aiFactLines(await service.aiVisibilityFacts(projectId), ref);
  },
};
