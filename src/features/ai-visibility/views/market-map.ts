/** Market-map rows as lines: presence first (the only source of standing), then rate and score. */
import type { AiBrandRow, AiPageFacts } from '../../../service/index.js';
import { escapeMrkdwn, plural } from '../../../slack/blocks/index.js';
import { presenceText, rateText, scoreText } from '../format.js';

export function brandLabel(row: AiBrandRow): string {
  const name = row.name.kind === 'value' ? escapeMrkdwn(row.name.value) : null;
  const domain = row.domainShown ? escapeMrkdwn(row.domainShown) : null;
  const label = name && domain && name.toLowerCase() !== domain.toLowerCase() ? `*${name}* (${domain})` : `*${name ?? domain ?? 'unnamed brand'}*`;
  const mark = row.isOwn ? ' _(you)_' : row.tracked.kind === 'value' && row.tracked.value ? ' _(tracked)_' : '';
  return `${label}${mark}`;
}

export function brandLine(row: AiBrandRow | null): string {
  if (row === null) return "• _A brand row Radar couldn't read._";
  return `• ${brandLabel(row)}: ${presenceText(row.rankByPresence, row.answersNaming)} · ${rateText(row.mentionRate)} · score ${scoreText(row.score, row.mentionRate)}`;
}

/** "15 brands on the market map" from the page's `total` (never the page length); null when no page object came. */
export function mapCountText(page: AiPageFacts | null): string | null {
  return page ? `${plural(page.total, 'brand')} on the market map` : null;
}

/**
 * The standing sentence, from presence only: the brand at `rankByPresence` 1 among the rows shown.
 * Null when no shown row is ranked first (Radar never picks a leader from the score).
 */
export function standingText(rows: readonly (AiBrandRow | null)[]): string | null {
  const first = rows.find((r) => r !== null && r.rankByPresence.kind === 'value' && r.rankByPresence.value === 1);
  if (!first) return null;
  if (first.isOwn) return '*Standing:* you are the most named brand (#1 by presence).';
  return `*Standing:* ${brandLabel(first)} leads by presence (#1, ${rateText(first.mentionRate)}).`;
}
