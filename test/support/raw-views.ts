/**
 * Views fed a raw payload, as tests built before issue 27 call them: the area's reader (what the service
 * client's facts method applies) then the view, which now takes facts only. Tests only.
 */
import { changesView as changesFactsView, type ChangesQuery } from '../../src/features/content/views/changes-view.js';
import { pricingFactsView } from '../../src/features/pricing/views/pricing-view.js';
import { readChangelog, readPricing, type ContentChangelog, type PricingRead } from '../../src/service/index.js';

/** `/radar pricing`'s answer on a pricing payload, as `service.pricingFacts` reads it. */
export const pricingView = (projectName: string, item: PricingRead) => pricingFactsView(projectName, readPricing(item));

/** `/radar changes`' answer on a changelog page, as `service.changelogFacts` reads it. */
export const changesView = (projectName: string, changelog: ContentChangelog, q: ChangesQuery) => changesFactsView(projectName, readChangelog(changelog), q);
