/**
 * The card's AI visibility: the latest read's `summary.marketMap.brands` row for the competitor's
 * domain (every tracked competitor is on every compact page, so one read finds it). Standing comes
 * only from presence (`rankByPresence`, `mentionRate`); the score says where the brand lands when
 * named, never who leads. Rates are shares of the answers counted, not of queries sent.
 */
import { z } from 'zod';
import { latestCheckAvailability } from '../../../service/index.js';
import { arrayAt, isRecord, lookup, read, recordAt, type JsonRecord, type Part } from '../../../service/tolerant.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import { dayOf } from '../../../slack/blocks/index.js';
import { normalDomain, type CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, partText, rateText } from './format.js';
import type { CardPart } from './parts.js';

const num = z.number().nullable();

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
  const lines: string[] = [];
  const latest = latestCheckAvailability(item);
  if (latest.unavailable) {
    const when = lookup(item, 'checkedAt', { down: false });
    const day = when.found && typeof when.value === 'string' ? dayOf(when.value) : null;
    const why = latest.reason ? ` (${escapeMrkdwn(humanise(latest.reason))})` : '';
    lines.push(`_The latest check was abandoned as incomplete${why}; this describes an earlier check${day ? ` of ${escapeMrkdwn(day)}` : ''}._`);
  }
  const summary = recordAt(item, 'summary', { down: false }) ?? item;
  const map = recordAt(summary, 'marketMap', { up: item });
  const brands = arrayAt(map ?? summary, 'brands', map ? {} : { up: item });
  if (brands === null) return [...lines, "_The market map couldn't be read._"];
  const row = brands.find((b) => {
    const d = isRecord(b) ? lookup(b, 'domain', { down: false }) : { found: false as const };
    return d.found && typeof d.value === 'string' && normalDomain(d.value) === normalDomain(ref.domain);
  });
  if (!isRecord(row)) return [...lines, '_Not on the market map of the latest check._'];
  const rank = read(row, 'rankByPresence', num);
  const naming = read(row, 'answersNaming', num);
  const rate = read(row, 'mentionRate', num);
  const score = read(row, 'score', num);
  lines.push(`Presence ${presenceText(rank, naming)} · mention rate: ${mentionText(rate)}`);
  lines.push(`AI Visibility Score ${scoreText(score, rate)}`);
  return lines;
}

export const aiPart: CardPart = {
  title: 'AI visibility',
  command: 'ai',
  async read(service, projectId, ref) {
    return aiLines(await service.getAiVisibility(projectId), ref);
  },
};
