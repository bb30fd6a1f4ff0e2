/**
 * `/radar ai trend`: the trend read, whose parameters and payload the spec does not show. Radar
 * finds a list of points (docs/assumptions.md) and renders each point's own row, then the latest
 * point's brands; `rank` / `rankChange` are shown as sent, a null rank read by the spec's rank
 * exception: "not named in any answer", or under a model filter "ranks exist only across every model".
 */
import type { AiTrendBrand, AiTrendFacts, AiTrendPoint } from '../../../service/index.js';
import { tieWords } from '../../../service/index.js';
import { humanise } from '../../../slack/blocks/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import type { Part } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { AI_TREND_CHART, aiTrendChart } from '../../charts/ai-visibility.js';
import { absentText, standingLine, dateText, NOT_MEASURED, NOT_NAMED, partValue, RANK_ONLY_ACROSS_MODELS, RATES_NOTE, rateText, SCORE_NOTE, scoreText } from '../format.js';

/** Points shown at most. */
const MAX_POINTS = 12;

/**
 * The point's rank (spec 2.2.5): a number as sent, with the brands shown named as often; a null rank
 * under a model filter exists only across every model; otherwise it is read by the reader's presence:
 * "not named in any answer" only beside `answersNaming: 0`, else not measured.
 */
function rankText(b: AiTrendBrand, model: string | null): string {
  const rank = b.rankByPresence;
  const r = partValue(rank);
  if (typeof r === 'number') return `presence rank ${escapeMrkdwn(String(r))}${b.tiedWith > 0 ? ` (${tieWords(b.tiedWith)})` : ''}`;
  if (model && r === null) return `no rank (${RANK_ONLY_ACROSS_MODELS})`;
  if (b.presence.kind === 'not_named') return `no rank (${NOT_NAMED})`;
  const absent = absentText(rank);
  if (absent) return `rank ${absent}`;
  return `rank ${NOT_MEASURED}`;
}

function changeText(change: Part<number | null>, rank: Part<number | null>, model: string | null): string | null {
  if (change.kind === 'omitted') return null;
  if (change.kind === 'unreadable') return `rank change ${absentText(change) ?? ''}`;
  const c = change.value;
  // A positive change is a climb (#9 to #1 is +8): said as the way it went, never a bare sign.
  if (typeof c === 'number') return c === 0 ? 'same place as the check before' : `${c > 0 ? 'up' : 'down'} ${plural(Math.abs(c), 'place')} since the check before`;
  // A null change beside a null rank is read with the rank; beside a rank it has no earlier rank to compare with.
  if (partValue(rank) === null) return null;
  return model ? `rank change: none (${RANK_ONLY_ACROSS_MODELS})` : `rank change ${NOT_MEASURED}`;
}

function brandFigures(b: AiTrendBrand, model: string | null): string {
  const parts = [`named in ${rateText(b.mentionRate)}`, `score ${scoreText(b.score, b.mentionRate)}`, rankText(b, model)];
  const change = changeText(b.rankChange, b.rankByPresence, model);
  if (change) parts.push(change);
  return parts.join(' · ');
}

function label(b: AiTrendBrand): string {
  const name = partValue(b.name);
  return `*${escapeMrkdwn(name ?? b.domain ?? 'unnamed brand')}*${b.isOwn ? ' _(you)_' : ''}`;
}

function pointLine(p: AiTrendPoint, model: string | null): string {
  const own = p.brands.find((b) => b?.isOwn);
  if (!own) return `• *${dateText(p.date)}*: _your row is not in this point_`;
  return `• *${dateText(p.date)}*: ${brandFigures(own, model)}`;
}

export function trendView(projectName: string, trend: AiTrendFacts, model: string | null): { text: string; blocks: Block[]; charts: MessageChart[] } {
  const title = `${projectName}: AI visibility trend${model ? ` in ${model}` : ''}`;
  const blocks: Block[] = [header(title)];
  const { points, latestCheck } = trend;
  const charts: MessageChart[] = [];
  if (latestCheck.unavailable) {
    const why = latestCheck.reason ? ` (${escapeMrkdwn(humanise(latestCheck.reason))})` : '';
    blocks.push(section(`:warning: The latest AI visibility check was abandoned as incomplete${why}: the newest point describes an earlier check.`));
  }
  if (points.kind !== 'value') {
    blocks.push(section(unreadableText('Trend')));
  } else if (points.value.length === 0) {
    blocks.push(section('The trend has no points yet.'));
  } else {
    const shown = points.value.slice(0, MAX_POINTS);
    const chart = chartPart(aiTrendChart(points.value, model), AI_TREND_CHART, { note: 'share of answers counted naming each' });
    blocks.push(...chart.blocks);
    charts.push(...chart.charts);
    for (const chunk of chunkLines([`*You, check by check* (as the service sent them)`, ...shown.map((p) => pointLine(p, model))])) blocks.push(section(chunk));
    const latest = shown[0] as AiTrendPoint;
    const others = latest.brands.filter((b) => !b?.isOwn);
    if (others.length > 0) {
      const lines = others.map((b) => (b ? `• ${label(b)}: ${brandFigures(b, model)}` : "• _A brand row Radar couldn't read._"));
      for (const chunk of chunkLines([`*Brands at the latest point (${dateText(latest.date)})*`, ...lines])) blocks.push(section(chunk));
    }
    const standing = model ? null : standingLine(latest.standing);
    if (standing) blocks.push(section(`${standing}\n_The trend lists your own and tracked brands only: \`/radar ai\` shows the whole market map._`));
    if (points.value.length > MAX_POINTS) blocks.push(context(`_…and ${points.value.length - MAX_POINTS} earlier points._`));
  }
  const notes = [RATES_NOTE, SCORE_NOTE];
  if (model) notes.unshift(`_Figures over ${escapeMrkdwn(model)}'s answers only; presence ranks exist only across every model._`);
  blocks.push(context(...notes));
  return { text: escapeMrkdwn(title), blocks: fitBlocks(blocks, 48), charts };
}
