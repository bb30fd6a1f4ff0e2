/**
 * The Monitoring Service client: `createServiceClient`, its error type, and the payload types and
 * schemas of every area.
 */
export { createServiceClient } from './client.js';
export { withReads } from './reads/index.js';
export type { RawServiceClient, ServiceClient, ServiceClientOptions } from './client.js';
export type { AiHistoryFacts, AiTrendFacts, RunFacts } from './reads/index.js';
export { CLIENT_ERROR_CODES, isServiceError, ServiceError } from './errors.js';
export type { ServiceErrorInit } from './errors.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
export { currentPriority, endpointGroup, isRateLimitHold, runInBackground, runInteractive, THROTTLED_GROUPS } from './budget.js';
export type { BudgetSnapshot, EndpointGroup, Priority, ThrottledGroup } from './budget.js';
export type { HttpMethod, RetryPolicy } from './retry.js';
export { DEFAULT_TIMEOUTS } from './http.js';
export type { Timeouts } from './http.js';

export * from './schemas/common.js';
export * from './schemas/projects.js';
export * from './schemas/dimensions.js';
export * from './schemas/pricing.js';
export * from './schemas/ai-visibility.js';
export * from './schemas/ai-sources.js';
export * from './schemas/briefing.js';
export * from './schemas/tickets.js';
export * from './schemas/scans.js';
export * from './schemas/tools.js';
export * from './schemas/competitor-row.js';
export * from './schemas/positioning.js';
export * from './schemas/content.js';
export * from './schemas/tech-trust.js';
