/** Market-map rows as lines: presence first (the only source of standing), then rate and score. */
import type { AiBrandRow, AiPageFacts, AiStanding } from '../../../service/index.js';
import { brandName } from '../../../service/index.js';
import { escapeMrkdwn, plainCell, plural, tableBlock, type Block } from '../../../slack/blocks/index.js';
import { presenceFactText, rateText, scoreText, standingLine } from '../format.js';

export function brandLabel(row: AiBrandRow): string {
  const name = row.name.kind === 'value' ? escapeMrkdwn(row.name.value) : null;
  const domain = row.domainShown ? escapeMrkdwn(row.domainShown) : null;
  const label = name && domain && name.toLowerCase() !== domain.toLowerCase() ? `*${name}* (${domain})` : `*${name ?? domain ?? 'unnamed brand'}*`;
  const mark = row.isOwn ? ' _(you)_' : row.tracked.kind === 'value' && row.tracked.value ? ' _(tracked)_' : '';
  return `${label}${mark}`;
}

/** The row's fields Radar does not know, after the named ones: " · Label: text", escaped. */
function extrasText(row: AiBrandRow): string {
  const parts = row.extras.map((e) => ` · ${escapeMrkdwn(e.label)}: ${escapeMrkdwn(e.text)}`);
  if (row.moreExtras > 0) parts.push(` · _and ${row.moreExtras} more field${row.moreExtras === 1 ? '' : 's'}_`);
  return parts.join('');
}

export function brandLine(row: AiBrandRow | null): string {
  if (row === null) return "• _A brand row Radar couldn't read._";
  return `• ${brandLabel(row)}: ${presenceFactText(row.presence, row.tiedWith)} · ${rateText(row.mentionRate)} · score ${scoreText(row.score, row.mentionRate)}${extrasText(row)}`;
}

/**
 * "14 of 15 brands on the market map shown" from the page's `total` (never the page length), or
 * "15 brands on the market map" when every one is shown; null when no page object came.
 */
export function mapCountText(page: AiPageFacts | null, shown?: number): string | null {
  if (!page) return null;
  if (shown !== undefined && shown < page.total) return `${shown} of ${plural(page.total, 'brand')} on the market map shown`;
  return `${plural(page.total, 'brand')} on the market map`;
}

/** The standing sentence, from presence only; a tie is said as a tie. Null when nothing can be claimed (Radar never picks a leader from the score). */
export function standingText(standing: AiStanding): string | null {
  return standingLine(standing);
}

/**
 * The market map as a table (Brand, Presence, Named in, Score), presence first as the lines say it;
 * null when it does not fit one table or a row carries fields only the lines can say (then the lines).
 */
export function marketMapTable(rows: readonly (AiBrandRow | null)[]): Block | null {
  if (rows.length === 0 || rows.some((r) => r === null || r.extras.length > 0 || r.moreExtras > 0)) return null;
  const present = rows as AiBrandRow[];
  return tableBlock({
    blockId: 'ai-market-map',
    columns: [{ title: 'Brand', wrap: true }, { title: 'Presence' }, { title: 'Named in', align: 'right' }, { title: 'Score', align: 'right' }],
    rows: present.map((row) => {
      const mark = row.isOwn ? ' (you)' : row.tracked.kind === 'value' && row.tracked.value ? ' (tracked)' : '';
      const domain = row.domainShown && row.domainShown.toLowerCase() !== brandName(row).toLowerCase() ? ` (${row.domainShown})` : '';
      return [`${brandName(row)}${domain}${mark}`, plainCell(presenceFactText(row.presence, row.tiedWith)), plainCell(rateText(row.mentionRate)), plainCell(scoreText(row.score, row.mentionRate))];
    }),
  });
}
