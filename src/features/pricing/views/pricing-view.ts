/**
 * `/radar pricing`: the three gap flags, the market figures with their unit, the customer's own
 * metrics, and one row per competitor — every competitor, those without data with their reason.
 */
import { readPricing, type PricingFacts, type PricingRead, type PricingRow } from '../../../service/index.js';
import { UNREADABLE_VALUE, unreadableText } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fields, header, humanise, section, type Block } from '../../../slack/blocks/index.js';
import { freePlanText, gapText, metricText, NOT_MEASURED, priceMetricText, reasonText, valueText } from '../format.js';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const FEWER_THAN_THREE = 'fewer than three comparable prices';

/** Why a null market figure is null: the own side's reason, fewer than three prices, or not given. */
function marketWhy(facts: PricingFacts, ownReason: string | null, figure: 'average' | 'position'): string {
  if (figure === 'position' && ownReason !== null) return `own pricing not analysed: ${ownReason}`;
  const count = facts.comparablePriceCount;
  if (count.kind === 'value' && count.value >= 3) return 'the service gave no reason';
  if (figure === 'position' && count.kind !== 'value' && facts.marketAvgPrice.kind === 'value' && facts.marketAvgPrice.value !== null) {
    // The market average exists, so there were three comparable prices; the own price is not comparable.
    return 'own price not comparable to the market';
  }
  return FEWER_THAN_THREE;
}

function rowLine(row: PricingRow | null): string {
  if (row === null) return `• ${unreadableText('A competitor row')}`;
  const name = escapeMrkdwn(row.name ?? 'unnamed competitor');
  const own = row.isOwn ? ' _(you)_' : '';
  if (row.noData.kind === 'value') return `• *${name}*${own}: no pricing data (${reasonText(row.noData.value.reason) ?? 'reason not given'})`;
  const extras = row.extras.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`);
  return `• *${name}*${own}: from ${priceMetricText(row.lowestPrice, row.currency, row.pricingUnit)} · plans ${metricText(row.planCount)} · free plan ${freePlanText(row.hasFreePlan)}${extras.length ? ` · ${extras.join(' · ')}` : ''}`;
}

export function pricingView(projectName: string, item: PricingRead): { text: string; blocks: Block[] } {
  const facts = readPricing(item);
  const rows = facts.competitors.kind === 'value' ? facts.competitors.value : null;
  const ownUnmeasured = facts.ownUnanalysed.kind === 'value' ? (reasonText(facts.ownUnanalysed.value.reason) ?? 'reason not given') : null;
  const measuredCompetitors = rows === null ? null : rows.filter((c) => c !== null && !c.isOwn && c.noData.kind !== 'value').length;

  const flagWhy = ownUnmeasured
    ? `own pricing not analysed: ${ownUnmeasured}`
    : measuredCompetitors === 0
      ? 'no competitor’s pricing was measured'
      : 'not measured by the service';
  const priceGapWhy = ownUnmeasured || measuredCompetitors === 0 ? flagWhy : 'fewer than three comparable competitor prices, or own price not comparable to the market';

  const blocks: Block[] = [header(`${projectName}: pricing gaps`)];

  if (facts.gaps.kind === 'value') {
    const gapLines = facts.gaps.value.map(({ key, value }) => {
      const isPriceGap = key.toLowerCase() === 'haspricegap';
      // The named flag keeps Radar's label whatever the case it arrives in; others are named by their key.
      const label = `*${isPriceGap ? 'Price gap' : escapeMrkdwn(capitalise(humanise(key.replace(/^has/i, ''))))}:*`;
      return `${label} ${value.kind === 'value' ? gapText(value.value, isPriceGap ? priceGapWhy : flagWhy) : UNREADABLE_VALUE}`;
    });
    if (facts.priceGap.kind !== 'value' && !facts.gaps.value.some((g) => g.key.toLowerCase() === 'haspricegap')) {
      gapLines.unshift(`*Price gap:* ${UNREADABLE_VALUE}`);
    }
    blocks.push(section(gapLines.join('\n')));
  } else {
    blocks.push(section(unreadableText('Gap flags')));
  }

  const unitPart = facts.marketPricingUnit;
  const unit = unitPart.kind === 'value' ? unitPart.value : null;
  const avg = facts.marketAvgPrice;
  const market =
    avg.kind !== 'value'
      ? UNREADABLE_VALUE
      : avg.value === null
        ? `${NOT_MEASURED}: ${marketWhy(facts, ownUnmeasured, 'average')}`
        : `${valueText(avg.value)}${unit ? ` (${escapeMrkdwn(humanise(unit))})` : ''}`;
  const pos = facts.pricePositionPercent;
  const position =
    pos.kind !== 'value'
      ? UNREADABLE_VALUE
      : pos.value === null
        ? `${NOT_MEASURED}: ${marketWhy(facts, ownUnmeasured, 'position')}`
        : `${escapeMrkdwn(String(pos.value))}%${unit ? ` (in ${escapeMrkdwn(humanise(unit))})` : ''}`;
  blocks.push(...fields([`*Market average*\n${market}`, `*Price position*\n${position}`]));
  const figureShown = (avg.kind === 'value' && avg.value !== null) || (pos.kind === 'value' && pos.value !== null);
  if (unitPart.kind === 'unreadable' && figureShown) blocks.push(context(unreadableText('Market pricing unit')));

  const c = facts.customer;
  const own = [
    `*Your lowest price:* ${priceMetricText(c.lowestPrice, c.currency, c.pricingUnit)}`,
    `*Plans:* ${metricText(c.planCount)}`,
    `*Free plan:* ${freePlanText(c.hasFreePlan)}`,
    ...c.extras.map(([k, v]) => `*${escapeMrkdwn(humanise(k))}:* ${valueText(v)}`),
  ];
  blocks.push(section(`*Your pricing*${ownUnmeasured ? ` (not analysed: ${ownUnmeasured})` : ''}\n${own.join(' · ')}`));

  if (rows === null) {
    blocks.push(section(unreadableText('Competitors')));
  } else {
    for (const chunk of chunkLines([`*Competitors (${rows.length})*`, ...rows.map(rowLine)])) blocks.push(section(chunk));
  }
  if (blocks.length > 49) blocks.splice(48, blocks.length - 48, context(`…and more competitors than one message can hold.`));
  blocks.push(context('_Not measured_ means the service has no measurement; it is never a zero or a “no”.'));
  return { text: `${escapeMrkdwn(projectName)}: pricing gaps`, blocks };
}
