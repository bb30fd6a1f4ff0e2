/**
 * `/radar ai`: the latest AI visibility check in one read. The customer's score and mention rate,
 * the check's date and own model set, the per-model breakdown, the market map (brands by presence,
 * own row and tracked competitors) and `summary.totalEntries`.
 */
import type { AiModelFacts, AiPromptFacts, AiVisibilityFacts } from '../../../service/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import { actions, button, chunkLines, context, escapeMrkdwn, fitBlocks, header, humanise, plural, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { countText, dateText, partValue, presenceFactText, RATES_NOTE, rateText, SCORE_NOTE, scoreText } from '../format.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import { brandLine, mapCountText, marketMapTable, standingText } from './market-map.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { AI_MAP_CHART, aiMapChart } from '../../charts/ai-visibility.js';

/** The header line about an abandoned latest check (spec 2.5: everything describes an earlier check). */
export function abandonedLine(facts: Pick<AiVisibilityFacts, 'latestCheck' | 'checkedAt'>): string | null {
  if (!facts.latestCheck.unavailable) return null;
  const why = facts.latestCheck.reason ? ` (${escapeMrkdwn(humanise(facts.latestCheck.reason))})` : '';
  return `:warning: The latest AI visibility check was abandoned as incomplete${why}. Everything shown here describes an earlier check, from ${dateText(facts.checkedAt)}.`;
}

function modelsText(facts: AiVisibilityFacts): string {
  const models = facts.models;
  if (models.kind !== 'value') return models.kind === 'omitted' ? '_models not reported_' : unreadableText('Models');
  const status = partValue(facts.providerStatus);
  const names = models.value.map((m) => {
    const state = status?.[m] ?? null;
    return `${escapeMrkdwn(m)}${state ? ` (${escapeMrkdwn(humanise(state))})` : ''}`;
  });
  return `${plural(models.value.length, 'model')}: ${names.join(', ')}`;
}

function ownRow(facts: AiVisibilityFacts) {
  return facts.brands.kind === 'value' ? (facts.brands.value.find((r) => r?.isOwn) ?? null) : null;
}

function promptLine(p: AiPromptFacts): string {
  const number = p.index === null ? 'Prompt (number not reported)' : `Prompt ${p.index + 1}`;
  const text = p.prompt.kind === 'value' && p.prompt.value ? ` “${escapeMrkdwn(truncate(p.prompt.value, 200))}”` : '';
  const extras = p.extras.map((e) => ` · ${escapeMrkdwn(e.label)}: ${escapeMrkdwn(e.text)}`).join('');
  return `• *${number}*${text}: named in ${rateText(p.mentionRate)} · score ${scoreText(p.score, p.mentionRate)}${extras}`;
}

function modelLine(m: AiModelFacts): string {
  return `• *${escapeMrkdwn(m.model)}*: named in ${rateText(m.mentionRate)} · score ${scoreText(m.score, m.mentionRate)} · ${countText(m.answersCounted)} answers counted`;
}

export interface OverviewOptions {
  /** The sealed value of the "More brands" button, when the market map has more pages. */
  moreValue?: string | null;
  /** The command that shows the market map's next page (`/radar ai --page N`), said whenever brands are left out. */
  nextCommand?: string | null;
}

export function overviewView(projectName: string, facts: AiVisibilityFacts, options: OverviewOptions = {}): { text: string; blocks: Block[]; charts: MessageChart[] } {
  const blocks: Block[] = [header(`${projectName}: AI visibility`)];
  const charts: MessageChart[] = [];
  const abandoned = abandonedLine(facts);
  if (abandoned) blocks.push(section(abandoned));

  const check = [`*Check of ${dateText(facts.checkedAt)}*`, modelsText(facts)];
  if (facts.queriesSent.kind === 'value') check.push(`${plural(facts.queriesSent.value, 'query', 'queries')} sent`);
  check.push(`${countText(facts.totalEntries)} raw answer entries`);
  blocks.push(section(check.join(' · ')));

  const customer = facts.customer;
  if (customer.kind !== 'value') {
    blocks.push(section(unreadableText('Your AI visibility')));
  } else if (customer.value === null) {
    blocks.push(section(`*You:* ${'_not measured_'}: the service has no measurement of your brand in this check.`));
  } else {
    const c = customer.value;
    const own = c.domain.kind === 'value' ? ` (${escapeMrkdwn(c.domain.value)})` : '';
    blocks.push(
      section(
        [
          `*You${own}*`,
          `*Mention rate:* ${rateText(c.mentionRate)}`,
          `*Presence:* ${presenceFactText(c.presence.kind === 'omitted' ? (ownRow(facts)?.presence ?? c.presence) : c.presence, ownRow(facts)?.tiedWith ?? 0)}`,
          `*Score:* ${scoreText(c.score, c.mentionRate)}`,
        ].join('\n'),
      ),
    );
    if (c.perModel.kind === 'value' && c.perModel.value.length > 0) {
      for (const chunk of chunkLines([`*By model* (your figures over each model's answers)`, ...c.perModel.value.map(modelLine)])) blocks.push(section(chunk));
    } else if (c.perModel.kind === 'unreadable') {
      blocks.push(context(unreadableText('Per-model breakdown')));
    }
    if (c.perPrompt.kind === 'value' && c.perPrompt.value.length > 0) {
      for (const chunk of chunkLines([`*By prompt* (your figures over each prompt's answers)`, ...c.perPrompt.value.map(promptLine)])) blocks.push(section(chunk));
    } else if (c.perPrompt.kind === 'unreadable') {
      blocks.push(context(unreadableText('Per-prompt results')));
    }
  }

  if (facts.brands.kind !== 'value') {
    blocks.push(section(unreadableText('Market map')));
  } else {
    const rows = facts.brands.value;
    const page = partValue(facts.brandsPage) ?? null;
    const shown = page && page.offset > 0 ? undefined : rows.length;
    const count = mapCountText(page, shown);
    const standing = standingText(facts.standing);
    if (standing) blocks.push(section(standing));
    const range =
      page && page.offset >= page.total && page.offset > 0
        ? `; the map has ${plural(page.total, 'brand')}, none past ${page.offset}: only your own and tracked rows, which are on every page`
        : page && page.offset > 0
          ? `; from brand ${page.offset + 1} of ${page.total}, with your own and tracked rows, which are on every page`
          : '';
    const title = `*Market map* (brands by presence${count && !range ? `; ${count}` : ''}${range})`;
    // The chart's figures are the rates on the map's rows just below (the same rounding).
    const chart = chartPart(aiMapChart(rows), AI_MAP_CHART, { figures: false });
    blocks.push(...chart.blocks);
    charts.push(...chart.charts);
    const table = marketMapTable(rows);
    if (table) blocks.push(section(title), table);
    else for (const chunk of chunkLines([title, ...rows.map(brandLine)])) blocks.push(section(chunk));
    if (facts.brandsPage.kind === 'unreadable') blocks.push(context(unreadableText('Market map paging')));
    const more = page !== null && (page.hasMore || (shown !== undefined && shown < page.total));
    if (more && options.moreValue) blocks.push(actions([button({ text: 'More brands', actionId: ACTION_IDS.aiMoreBrands, value: options.moreValue })]));
    if (more && options.nextCommand) blocks.push(context(`The rest of the market map: \`${escapeMrkdwn(options.nextCommand)}\`${options.moreValue ? ' (or the button above)' : ''}.`));
    const own = rows.find((r) => r?.isOwn);
    if (!own && customer.kind === 'value' && customer.value) blocks.push(context('_Your own row is not on this page of the market map._'));
  }
  if (facts.extras.length > 0) for (const chunk of chunkLines(['*Also in the service\'s answer*', ...extraLines(facts.extras, facts.moreExtras)])) blocks.push(section(chunk));
  blocks.push(context(RATES_NOTE, SCORE_NOTE));
  return { text: `${escapeMrkdwn(projectName)}: AI visibility`, blocks: fitBlocks(blocks, 48), charts };
}
