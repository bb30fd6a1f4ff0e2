/**
 * The charts a digest carries beside an edition (issue 29): the AI presence trend when the edition
 * diagnoses AI visibility, the comparable prices (your price position) when it diagnoses pricing.
 * Read through the area readers only; a read that fails or has no data yet gives no chart, never a
 * failed digest.
 */
import { readAiTrend, readPricing, type ServiceClient } from '../../service/index.js';
import type { ChartFacts } from '../../slack/charts/index.js';
import { aiTrendChart, AI_TREND_CHART } from './ai-visibility.js';
import { PRICING_CHART, pricingChartOf } from './pricing.js';

export interface EditionChart {
  blockId: string;
  facts: ChartFacts;
}

/** The dimensions whose charts a digest shows, in the order shown. */
export const EDITION_CHART_DIMENSIONS = ['ai-visibility', 'pricing'] as const;

/**
 * The charts of the dimensions the edition diagnoses (`dimensions`: its rows' dimension keys), in
 * `EDITION_CHART_DIMENSIONS` order; each read goes through `limit`.
 */
export async function loadEditionCharts(
  service: Pick<ServiceClient, 'getAiVisibilityTrend' | 'getPricing'>,
  projectId: string,
  dimensions: readonly string[],
  limit: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
): Promise<EditionChart[]> {
  const wanted = new Set(dimensions);
  const safely = async (read: () => Promise<ChartFacts | null>): Promise<ChartFacts | null> => {
    try {
      return await limit(read);
    } catch {
      return null;
    }
  };
  const [trend, pricing] = await Promise.all([
    wanted.has('ai-visibility')
      ? safely(async () => {
          const points = readAiTrend(await service.getAiVisibilityTrend(projectId));
          return points.kind === 'value' ? aiTrendChart(points.value, null) : null;
        })
      : null,
    wanted.has('pricing') ? safely(async () => pricingChartOf(readPricing(await service.getPricing(projectId)))) : null,
  ]);
  return [
    ...(trend ? [{ blockId: AI_TREND_CHART, facts: trend }] : []),
    ...(pricing ? [{ blockId: PRICING_CHART, facts: pricing }] : []),
  ];
}
