/**
 * `/radar pricing`: the three gap flags (a gap names who has what you lack), the market figures with
 * their currency and unit, your price position against the market average with the comparable prices
 * it rests on, your own metrics, and one row per competitor — every competitor, those without data
 * with their reason. A reason something is not measured is said once, naming everything it covers.
 */
import type { GapFlag, PricingFacts, PricingRow } from '../../../service/index.js';
import { keyStem, UNREADABLE_VALUE, unreadableText, valueOr } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fields, header, humanise, plural, section, type Block } from '../../../slack/blocks/index.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { comparableRows, marketCurrency, PRICING_CHART, pricingChart, pricingTable } from '../../charts/pricing.js';
import { freePlanText, gapText, metricText, NOT_MEASURED, positionWords, priceMetricText, priceText, reasonText, valueText } from '../format.js';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Why figures are not measured: each reason once, with everything it covers, in the order first met. */
class Reasons {
  private readonly byReason = new Map<string, string[]>();
  /** Records that `what` is not measured because of `why`, and returns the value text. */
  notMeasured(what: string, why: string): string {
    const list = this.byReason.get(why) ?? [];
    list.push(what);
    this.byReason.set(why, list);
    return NOT_MEASURED;
  }
  lines(): string[] {
    return [...this.byReason].map(([why, what]) => `_Not measured:_ ${what.join(', ')} — ${why}.`);
  }
}

function rowLine(row: PricingRow | null): string {
  if (row === null) return `• ${unreadableText('A competitor row')}`;
  const name = escapeMrkdwn(row.name ?? 'unnamed competitor');
  const own = row.isOwn ? ' _(you)_' : '';
  if (row.noData.kind === 'value') return `• *${name}*${own}: no pricing data (${reasonText(row.noData.value.reason) ?? 'reason not given'})`;
  const extras = row.extras.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`);
  return `• *${name}*${own}: from ${priceMetricText(row.lowestPrice, row.currency, row.pricingUnit)} · plans ${metricText(row.planCount)} · free plan ${freePlanText(row.hasFreePlan)}${extras.length ? ` · ${extras.join(' · ')}` : ''}`;
}

/** A row's value for a gap flag's feature (`hasFreePlanGap` -> `hasFreePlan`, else the extra of that name, any style). */
function featureOf(row: PricingRow, flag: GapFlag): unknown {
  if (flag.feature === 'hasfreeplan') return valueOr(row.hasFreePlan, undefined);
  return row.extras.find(([k]) => keyStem(k) === flag.feature)?.[1];
}

/** A gap says who has what you lack: "gap: a free plan at hubforge.io; yours: none". */
function gapWho(flag: GapFlag, rows: readonly (PricingRow | null)[] | null, facts: PricingFacts): string {
  if (rows === null) return '';
  const holders = rows.filter((r): r is PricingRow => r !== null && !r.isOwn && featureOf(r, flag) === true).map((r) => escapeMrkdwn(r.name ?? 'unnamed competitor'));
  if (holders.length === 0) return '';
  const feature = escapeMrkdwn(flag.label.replace(/ gap$/, ''));
  const ownRow = rows.find((r): r is PricingRow => r !== null && r.isOwn);
  const own = flag.feature === 'hasfreeplan' ? valueOr(facts.customer.hasFreePlan, undefined) : ownRow ? featureOf(ownRow, flag) : undefined;
  return ` — ${feature} at ${holders.join(', ')}${own === false ? '; you have none' : ''}`;
}

/** The answer on the pricing reader's facts (today's read, or a past run read by `readPricingRun`). */
export function pricingFactsView(projectName: string, facts: PricingFacts): { text: string; blocks: Block[]; charts: MessageChart[] } {
  const rows = facts.competitors.kind === 'value' ? facts.competitors.value : null;
  const ownUnmeasured = facts.ownUnanalysed.kind === 'value' ? (reasonText(facts.ownUnanalysed.value.reason) ?? 'reason not given') : null;
  const measuredCompetitors = rows === null ? null : rows.filter((c) => c !== null && !c.isOwn && c.noData.kind !== 'value').length;
  const count = facts.comparablePriceCount.kind === 'value' ? facts.comparablePriceCount.value : null;
  const fewer = count !== null && count < 3 ? `fewer than three comparable prices (${count})` : null;
  const reasons = new Reasons();

  const ownWhy = ownUnmeasured ? `your own pricing could not be analysed (${ownUnmeasured})` : null;
  const flagWhy = ownWhy ?? (measuredCompetitors === 0 ? 'no competitor’s pricing was measured' : 'the service gave no reason');
  const priceGapWhy = ownWhy ?? (measuredCompetitors === 0 ? flagWhy : (fewer ?? 'fewer than three comparable competitor prices, or your price is not comparable to the market'));

  const blocks: Block[] = [header(`${projectName}: pricing gaps`)];

  if (facts.gaps.kind === 'value') {
    const gapLines = facts.gaps.value.map((flag) => {
      const isPriceGap = keyStem(flag.key) === 'haspricegap';
      // Every flag is named in words (the reader's label), never by its key.
      const name = capitalise(flag.label);
      const label = `*${escapeMrkdwn(name)}:*`;
      const { value } = flag;
      if (value.kind !== 'value') return `${label} ${UNREADABLE_VALUE}`;
      if (value.value === null) return `${label} ${reasons.notMeasured(name.toLowerCase(), isPriceGap ? priceGapWhy : flagWhy)}`;
      return `${label} ${gapText(value.value, '')}${value.value === true ? gapWho(flag, rows, facts) : ''}`;
    });
    if (facts.priceGap.kind !== 'value' && !facts.gaps.value.some((g) => keyStem(g.key) === 'haspricegap')) {
      gapLines.unshift(`*Price gap:* ${UNREADABLE_VALUE}`);
    }
    blocks.push(section(gapLines.join('\n')));
  } else {
    blocks.push(section(unreadableText('Gap flags')));
  }

  const unitPart = facts.marketPricingUnit;
  const unit = unitPart.kind === 'value' ? unitPart.value : null;
  const comparable = comparableRows(facts, rows);
  const currency = marketCurrency(facts, rows, unit, comparable);
  const avg = facts.marketAvgPrice;
  const marketWhy = fewer ?? (count !== null && count >= 3 ? 'the service gave no reason' : 'fewer than three comparable prices');
  const market =
    avg.kind !== 'value' ? UNREADABLE_VALUE : avg.value === null ? reasons.notMeasured('market average', marketWhy) : priceText(avg.value, currency, unit);
  const pos = facts.pricePositionPercent;
  const basis = count !== null ? ` (${plural(count, 'comparable price')})` : '';
  const positionWhy =
    ownWhy ??
    (avg.kind === 'value' && avg.value !== null && count === null
      ? // The market average exists, so there were three comparable prices; your price is not comparable.
        'your price is not comparable to the market'
      : marketWhy);
  const position =
    pos.kind !== 'value' ? UNREADABLE_VALUE : pos.value === null ? reasons.notMeasured('price position', positionWhy) : `${positionWords(pos.value)}${basis}`;
  blocks.push(...fields([`*Market average*\n${market}`, `*Price position*\n${position}`]));
  const figureShown = (avg.kind === 'value' && avg.value !== null) || (pos.kind === 'value' && pos.value !== null);
  const chart = chartPart(pricingChart(facts, rows, comparable, currency), PRICING_CHART);
  blocks.push(...chart.blocks);
  if (unitPart.kind === 'unreadable' && figureShown) blocks.push(context(unreadableText('Market pricing unit')));
  if (figureShown && comparable !== null && comparable.length > 0) {
    const prices = comparable.map((r) => `${escapeMrkdwn(r.name ?? 'unnamed competitor')} ${priceMetricText(r.lowestPrice, r.currency, r.pricingUnit)}`);
    blocks.push(context(`_The market average is made of:_ ${prices.join(' · ')}`));
  }

  const c = facts.customer;
  if (ownWhy) reasons.notMeasured('your own figures', ownWhy);
  const own = [
    `*Your lowest price:* ${priceMetricText(c.lowestPrice, c.currency, c.pricingUnit)}`,
    `*Plans:* ${metricText(c.planCount)}`,
    `*Free plan:* ${freePlanText(c.hasFreePlan)}`,
    ...c.extras.map(([k, v]) => `*${escapeMrkdwn(humanise(k))}:* ${valueText(v)}`),
  ];
  blocks.push(section(`*Your pricing*\n${own.join(' · ')}`));
  const why = reasons.lines();
  if (why.length > 0) blocks.push(context(why.join('\n')));

  if (facts.competitors.kind === 'omitted') {
    blocks.push(context('_Competitors: not reported (this read carries no competitor rows)._'));
  } else if (rows === null) {
    blocks.push(section(unreadableText('Competitors')));
  } else {
    // The count is of competitors only (as `/radar projects` counts them); the own row is listed, marked, not counted.
    const competitors = rows.filter((r) => r === null || !r.isOwn).length;
    const hasOwn = rows.some((r) => r?.isOwn);
    const title = `*Competitors (${competitors})*${hasOwn ? ' and your own row' : ''}`;
    const table = pricingTable(rows);
    if (table) blocks.push(section(title), table);
    else for (const chunk of chunkLines([title, ...rows.map(rowLine)])) blocks.push(section(chunk));
  }
  if (blocks.length > 49) blocks.splice(48, blocks.length - 48, context(`…and more competitors than one message can hold.`));
  blocks.push(context('_Not measured_ means the service has no measurement; it is never a zero or a “no”.'));
  return { text: `${escapeMrkdwn(projectName)}: pricing gaps`, blocks, charts: chart.charts };
}
