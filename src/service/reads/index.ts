/**
 * The service client as features see it (issue 27): the raw methods (one per endpoint) and each
 * area's fact-returning methods (`<area>Reads(raw)`, one module per area, built on the raw client).
 * Features call the fact methods for anything a reader interprets, and the raw methods for writes
 * and for payloads no reader interprets.
 */
import type { RawServiceClient } from '../raw-client.js';
import { aiSourcesReads } from './ai-sources.js';
import { aiVisibilityReads } from './ai-visibility.js';
import { briefingReads } from './briefing.js';
import { competitorsReads } from './competitors.js';
import { contentReads } from './content.js';
import { positioningReads } from './positioning.js';
import { pricingReads } from './pricing.js';
import { projectReads } from './project.js';
import { runsReads } from './runs.js';
import { scansReads } from './scans.js';
import { techTrustReads } from './tech-trust.js';
import { ticketsReads } from './tickets.js';

export type ServiceClient = RawServiceClient &
  ReturnType<typeof pricingReads> &
  ReturnType<typeof techTrustReads> &
  ReturnType<typeof positioningReads> &
  ReturnType<typeof contentReads> &
  ReturnType<typeof aiVisibilityReads> &
  ReturnType<typeof aiSourcesReads> &
  ReturnType<typeof runsReads> &
  ReturnType<typeof briefingReads> &
  ReturnType<typeof scansReads> &
  ReturnType<typeof projectReads> &
  ReturnType<typeof ticketsReads> &
  ReturnType<typeof competitorsReads>;

export type { AiHistoryFacts, AiTrendFacts } from './ai-visibility.js';
export type { RunFacts } from './runs.js';

/** The client with every area's fact methods built on `raw` (createServiceClient, and OAuth mode's per-workspace facade). */
export function withReads(raw: RawServiceClient): ServiceClient {
  return {
    ...raw,
    ...pricingReads(raw),
    ...techTrustReads(raw),
    ...positioningReads(raw),
    ...contentReads(raw),
    ...aiVisibilityReads(raw),
    ...aiSourcesReads(raw),
    ...runsReads(raw),
    ...briefingReads(raw),
    ...scansReads(raw),
    ...projectReads(raw),
    ...ticketsReads(raw),
    ...competitorsReads(raw),
  };
}
