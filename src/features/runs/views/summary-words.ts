/**
 * A run's summary in its area's words (issue 27): the facts its area's reader read
 * (`src/service/read/runs.ts`, `areaSummaryOf`), said as that area's answers say them: pricing in the
 * pricing words (money with its currency and unit, "26.1% below the market average", a gap flag
 * "gap" / "no gap", null "not measured"), a positioning analysis as `/radar positioning` says it, a gap
 * figure that is null "no comparison" (never a tie; spec 2.5), any other null "not measured", an
 * omitted figure not said at all. `/radar history` (one line per run) and `/radar run` (beside the
 * area's view) say a summary only through this.
 */
import type { PricingFacts } from '../../../service/index.js';
import type { AreaRunSummary } from '../../../service/read/runs.js';
import { UNREADABLE_VALUE, valueOr, type Part } from '../../../service/tolerant.js';
import { decimalText, escapeMrkdwn, humanise, plural } from '../../../slack/blocks/index.js';
import { marketCurrency } from '../../charts/pricing.js';
import { freePlanText, metricText, NOT_MEASURED, positionWords, priceMetricText, priceText, reasonText } from '../../competitor-match/pricing-words.js';
import { capitalise, looseValueText } from '../../competitor-match/positioning-words.js';
import { signedFigure } from '../../competitor-match/tech-words.js';
import { NO_COMPARISON } from '../../readout/json-lines.js';

/** A figure with its label: omitted says nothing (null), null is `nullText`, unreadable said so. */
function figure(label: string, part: Part<number | null>, nullText: string, render: (n: number) => string = (n) => escapeMrkdwn(decimalText(n))): string | null {
  if (part.kind === 'omitted') return null;
  if (part.kind === 'unreadable') return `${label} ${UNREADABLE_VALUE}`;
  return `${label} ${part.value === null ? nullText : render(part.value)}`;
}

/** A signed gap figure, as the tech watch says it: "−4.7", "+1.2", "0". */
const signed = (n: number) => escapeMrkdwn(signedFigure(n));

function pricingWords(facts: PricingFacts): string[] {
  const c = facts.customer;
  const unit = valueOr(facts.marketPricingUnit, null);
  const currency = marketCurrency(facts, null, unit, null) ?? valueOr(c.currency, null);
  const own =
    facts.ownUnanalysed.kind === 'value'
      ? `your lowest price ${NOT_MEASURED} (your own pricing could not be analysed: ${reasonText(facts.ownUnanalysed.value.reason) ?? 'reason not given'})`
      : `your lowest price ${priceMetricText(c.lowestPrice, c.currency, c.pricingUnit)}`;
  const parts = [own];
  if (c.planCount.kind !== 'omitted') parts.push(`plans ${metricText(c.planCount)}`);
  if (c.hasFreePlan.kind !== 'omitted') parts.push(`free plan ${freePlanText(c.hasFreePlan)}`);
  const avg = facts.marketAvgPrice;
  if (avg.kind !== 'omitted') parts.push(`market average ${avg.kind === 'unreadable' ? UNREADABLE_VALUE : avg.value === null ? NOT_MEASURED : priceText(avg.value, currency, unit)}`);
  const pos = facts.pricePositionPercent;
  const count = valueOr(facts.comparablePriceCount, null);
  if (pos.kind !== 'omitted') {
    const basis = count !== null ? ` (${plural(count, 'comparable price')})` : '';
    parts.push(pos.kind === 'unreadable' ? `price position ${UNREADABLE_VALUE}` : pos.value === null ? `price position ${NOT_MEASURED}` : `${positionWords(pos.value)}${basis}`);
  }
  for (const flag of facts.gaps.kind === 'value' ? facts.gaps.value : []) {
    const v = flag.value;
    const text = v.kind !== 'value' ? UNREADABLE_VALUE : v.value === true ? 'gap' : v.value === false ? 'no gap' : NOT_MEASURED;
    parts.push(`${escapeMrkdwn(flag.label)}: ${text}`);
  }
  // The own side's fields the pricing reader does not name (the summary's own extras come after, from the runs reader).
  for (const [k, v] of c.extras) parts.push(`${escapeMrkdwn(humanise(k))} ${looseValueText(v)}`);
  const first = parts[0] ?? '';
  parts[0] = capitalise(first);
  return parts;
}

/** The summary's phrases, in the area's words (each a mrkdwn fragment, escaped), in the order the area's answer says them. */
export function areaSummaryWords(area: AreaRunSummary): string[] {
  switch (area.dimension) {
    case 'pricing':
      return pricingWords(area.facts);
    case 'tech-trust': {
      const f = area.facts;
      return [
        figure('Security score gap', f.securityScoreGap, NO_COMPARISON, signed),
        figure('trust signal gap', f.trustSignalGap, NO_COMPARISON, signed),
        figure('competitors measured', f.competitorsMeasured, NOT_MEASURED),
      ].filter((p): p is string => p !== null);
    }
    case 'content': {
      const f = area.facts;
      return [
        figure('URLs added by competitors', f.urlsAdded, NOT_MEASURED),
        // A gap count that is null: no comparison ran (spec 2.5: a null gap list means none ran).
        figure('gaps found', f.gapCount, NO_COMPARISON),
        figure('competitors compared', f.competitorsCompared, NOT_MEASURED),
      ].filter((p): p is string => p !== null);
    }
    case 'positioning': {
      const f = area.facts;
      // The analysis's fields as `/radar positioning` says the messaging analysis (looseLines' words, inline).
      const analysis = f.analysis.map(([k, v]) => `${escapeMrkdwn(humanise(k))}: ${looseValueText(v)}`);
      const changed = f.changedCompetitors;
      const moved = changed.kind === 'omitted' ? [] : [changed.kind === 'unreadable' ? `competitors changed ${UNREADABLE_VALUE}` : changed.value === null ? `competitors changed ${NOT_MEASURED}` : `${plural(changed.value, 'competitor')} changed their messaging`];
      return [...moved, ...analysis].map((p, i) => (i === 0 ? capitalise(p) : p));
    }
  }
}
