/**
 * The service client's fact-returning methods (issue 27): each area's module builds them on the raw
 * client (`<area>Reads(raw)`), `createServiceClient` spreads them onto the client it returns, and
 * `ServiceClient` is the raw client with every area's methods. Features call these, never a reader.
 */
import type { RawServiceClient } from '../raw-client.js';
import type { aiSourcesReads } from './ai-sources.js';
import type { aiVisibilityReads } from './ai-visibility.js';
import type { contentReads } from './content.js';
import type { positioningReads } from './positioning.js';
import type { pricingReads } from './pricing.js';
import type { runsReads } from './runs.js';
import type { techTrustReads } from './tech-trust.js';

export type ServiceClient = RawServiceClient &
  ReturnType<typeof pricingReads> &
  ReturnType<typeof techTrustReads> &
  ReturnType<typeof positioningReads> &
  ReturnType<typeof contentReads> &
  ReturnType<typeof aiVisibilityReads> &
  ReturnType<typeof aiSourcesReads> &
  ReturnType<typeof runsReads>;

export type { AiHistoryFacts, AiTrendFacts } from './ai-visibility.js';
export type { RunFacts } from './runs.js';
