/**
 * `/radar pricing`: the three gap flags, the market figures with their unit, the customer's own
 * metrics, and one row per competitor — every competitor, those without data with their reason.
 */
import type { PricingRead } from '../../../service/index.js';
import { chunkLines, context, escapeMrkdwn, fields, header, humanise, section, type Block } from '../../../slack/blocks/index.js';
import { freePlanText, gapText, NOT_MEASURED, priceText, reasonText, valueText } from '../format.js';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const CUSTOMER_KNOWN = new Set(['lowestPrice', 'currency', 'pricingUnit', 'hasFreePlan', 'planCount']);
const ROW_KNOWN = new Set(['competitorId', 'domain', 'name', 'isOwn', 'pricingDataAvailable', 'lowestPrice', 'currency', 'pricingUnit', 'hasFreePlan', 'planCount']);

export function pricingView(projectName: string, item: PricingRead): { text: string; blocks: Block[] } {
  const { summary, competitors } = item;
  const ownUnmeasured = reasonText(summary.pricingAnalysisAvailable);
  const measuredCompetitors = competitors.filter((c) => !c.isOwn && c.pricingDataAvailable === undefined).length;
  const marketMissing = summary.marketAvgPrice === null;

  const flagWhy = ownUnmeasured
    ? `own pricing not analysed: ${ownUnmeasured}`
    : measuredCompetitors === 0
      ? 'no competitor’s pricing was measured'
      : 'not measured by the service';
  const priceGapWhy = ownUnmeasured || measuredCompetitors === 0 ? flagWhy : 'fewer than three comparable competitor prices, or own price not comparable to the market';

  const blocks: Block[] = [header(`${projectName}: pricing gaps`)];

  const gapLines = Object.entries(summary.gaps)
    .filter(([, v]) => v === null || typeof v === 'boolean')
    .map(([key, v]) => `*${escapeMrkdwn(capitalise(humanise(key.replace(/^has/, ''))))}:* ${gapText(v, key === 'hasPriceGap' ? priceGapWhy : flagWhy)}`);
  blocks.push(section(gapLines.length ? gapLines.join('\n') : '_The service reported no gap flags._'));

  const unit = summary.marketPricingUnit;
  const market = marketMissing
    ? `${NOT_MEASURED}: fewer than three comparable prices`
    : `${valueText(summary.marketAvgPrice)}${unit ? ` (${escapeMrkdwn(humanise(unit))})` : ''}`;
  const position =
    summary.pricePositionPercent === null
      ? `${NOT_MEASURED}: fewer than three comparable prices`
      : `${escapeMrkdwn(String(summary.pricePositionPercent))}%${unit ? ` (in ${escapeMrkdwn(humanise(unit))})` : ''}`;
  blocks.push(...fields([`*Market average*\n${market}`, `*Price position*\n${position}`]));

  const c = summary.customer;
  const own = [
    `*Your lowest price:* ${priceText(c.lowestPrice, c.currency, c.pricingUnit)}`,
    `*Plans:* ${valueText(c.planCount)}`,
    `*Free plan:* ${freePlanText(c.hasFreePlan)}`,
    ...Object.entries(c)
      .filter(([k]) => !CUSTOMER_KNOWN.has(k))
      .map(([k, v]) => `*${escapeMrkdwn(humanise(k))}:* ${valueText(v)}`),
  ];
  blocks.push(section(`*Your pricing*${ownUnmeasured ? ` (not analysed: ${ownUnmeasured})` : ''}\n${own.join(' · ')}`));

  const rows = competitors.map((row) => {
    const name = escapeMrkdwn(String(row.domain ?? row.name ?? row.competitorId ?? 'unnamed competitor'));
    const own = row.isOwn === true ? ' _(you)_' : '';
    const missing = reasonText(row.pricingDataAvailable);
    if (row.pricingDataAvailable !== undefined) return `• *${name}*${own}: no pricing data (${missing ?? 'reason not given'})`;
    const extras = Object.entries(row)
      .filter(([k, v]) => !ROW_KNOWN.has(k) && (v === null || typeof v !== 'object'))
      .map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`);
    return `• *${name}*${own}: from ${priceText(row.lowestPrice, row.currency, row.pricingUnit)} · plans ${valueText(row.planCount)} · free plan ${freePlanText(row.hasFreePlan)}${extras.length ? ` · ${extras.join(' · ')}` : ''}`;
  });
  for (const chunk of chunkLines([`*Competitors (${competitors.length})*`, ...rows])) blocks.push(section(chunk));
  if (blocks.length > 49) blocks.splice(48, blocks.length - 48, context(`…and more competitors than one message can hold.`));
  blocks.push(context('_Not measured_ means the service has no measurement; it is never a zero or a “no”.'));
  return { text: `${escapeMrkdwn(projectName)}: pricing gaps`, blocks };
}
