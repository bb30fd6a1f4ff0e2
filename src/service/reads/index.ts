/**
 * The service client as features see it (issue 27): the raw methods (one per endpoint) and, by
 * intersection, each area's fact-returning methods (`<area>Reads`, one module per area). Features
 * call the fact methods for anything a reader interprets, and the raw methods for writes and for
 * payloads no reader interprets.
 */
import type { RawServiceClient } from '../client.js';
import type { briefingReads } from './briefing.js';
import type { competitorsReads } from './competitors.js';
import type { projectReads } from './project.js';
import type { scansReads } from './scans.js';
import type { ticketsReads } from './tickets.js';

export type ServiceClient = RawServiceClient &
  ReturnType<typeof briefingReads> &
  ReturnType<typeof scansReads> &
  ReturnType<typeof projectReads> &
  ReturnType<typeof ticketsReads> &
  ReturnType<typeof competitorsReads>;
