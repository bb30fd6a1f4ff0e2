/**
 * Views fed a raw payload, as tests built before issue 27 call them: the area's reader (what the service
 * client's facts method applies) then the view, which now takes facts only. Tests only.
 */
import { changesView as changesFactsView, type ChangesQuery } from '../../src/features/content/views/changes-view.js';
import { pricingFactsView } from '../../src/features/pricing/views/pricing-view.js';
import type { HistoryPage } from '../../src/features/ai-visibility/load-history.js';
import { aiFactLines } from '../../src/features/competitors/card/ai-part.js';
import { changelogFactLines, contentFactLines } from '../../src/features/competitors/card/content-part.js';
import { positioningFactLines } from '../../src/features/competitors/card/positioning-part.js';
import { sourcesFactLines } from '../../src/features/competitors/card/sources-part.js';
import { trustFactLines } from '../../src/features/competitors/card/trust-part.js';
import type { CompetitorRef } from '../../src/features/competitors/competitor-ref.js';
import { historyView as aiHistoryFactsView } from '../../src/features/ai-visibility/views/history-view.js';
import { trendView as trendFactsView } from '../../src/features/ai-visibility/views/trend-view.js';
import {
  latestCheckAvailability,
  readAiHistoryRow,
  readAiTrend,
  readAiVisibility,
  readChangelog,
  readContent,
  readPositioning,
  readPricing,
  readSources,
  readTechTrust,
  type AiVisibilityRead,
  type AiVisibilityTrend,
  type ContentChangelog,
  type PricingRead,
} from '../../src/service/index.js';

/** `/radar pricing`'s answer on a pricing payload, as `service.pricingFacts` reads it. */
export const pricingView = (projectName: string, item: PricingRead) => pricingFactsView(projectName, readPricing(item));

/** `/radar changes`' answer on a changelog page, as `service.changelogFacts` reads it. */
export const changesView = (projectName: string, changelog: ContentChangelog, q: ChangesQuery) => changesFactsView(projectName, readChangelog(changelog), q);

/** `/radar ai trend`'s answer on a trend body, as `service.aiTrendFacts` reads it. */
export const trendView = (projectName: string, body: AiVisibilityTrend, model: string | null) =>
  trendFactsView(projectName, { points: readAiTrend(body), latestCheck: latestCheckAvailability(body) }, model);

/** `/radar ai history`'s answer on a page of raw history rows, each read as `service.aiHistoryFacts` reads it. */
export const aiHistoryView = (projectName: string, page: Omit<HistoryPage, 'items'> & { items: unknown[] }) =>
  aiHistoryFactsView(projectName, { ...page, items: page.items.map(readAiHistoryRow) });

/** The competitor card's parts on raw payloads, each read as the service client's facts method reads it. */
export const trustLines = (item: unknown, ref: CompetitorRef) => trustFactLines(readTechTrust(item), ref);
export const positioningLines = (item: unknown, ref: CompetitorRef) => positioningFactLines(readPositioning(item as Record<string, unknown>), ref);
export const sourcesLines = (item: Record<string, unknown>, ref: CompetitorRef) => sourcesFactLines(readSources(item), ref);
export const aiLines = (item: Record<string, unknown>, ref: CompetitorRef) => aiFactLines(readAiVisibility(item as AiVisibilityRead), ref);
export const contentLines = (item: Record<string, unknown>, ref: CompetitorRef) => contentFactLines(readContent(item), ref);
export const changelogLines = (log: ContentChangelog, ref?: CompetitorRef) => changelogFactLines(readChangelog(log), ref);
