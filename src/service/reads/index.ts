/**
 * The service client as features see it (issue 27): the raw methods (one per endpoint) and, by
 * intersection, each area's fact-returning methods (`<area>Reads`, one module per area). Features
 * call the fact methods for anything a reader interprets, and the raw methods for writes and for
 * payloads no reader interprets.
 */
import type { RawServiceClient } from '../raw-client.js';
import { briefingReads } from './briefing.js';
import { competitorsReads } from './competitors.js';
import { projectReads } from './project.js';
import { scansReads } from './scans.js';
import { ticketsReads } from './tickets.js';

export type ServiceClient = RawServiceClient &
  ReturnType<typeof briefingReads> &
  ReturnType<typeof scansReads> &
  ReturnType<typeof projectReads> &
  ReturnType<typeof ticketsReads> &
  ReturnType<typeof competitorsReads>;

/** The client with every area's fact methods built on `raw` (createServiceClient, and OAuth mode's per-workspace facade). */
export function withReads(raw: RawServiceClient): ServiceClient {
  return {
    ...raw,
    ...briefingReads(raw),
    ...scansReads(raw),
    ...projectReads(raw),
    ...ticketsReads(raw),
    ...competitorsReads(raw),
  };
}
