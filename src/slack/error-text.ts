/**
 * The one place that turns a failure into what the person in Slack reads: one clear sentence per
 * cause, never a stack trace, never a secret. Handlers throw; the command router and the modal
 * handlers call `describeError` and reply with its sentence.
 */
import { ServiceError } from '../service/errors.js';
import { StoreUnavailableError } from '../store/backends/errors.js';
import { UsageError } from './commands/parse.js';
import { escapeMrkdwn } from './blocks/text.js';
import { isKnownSlackRefusal, slackErrorOf } from './slack-errors.js';

/** A failure whose message is already the sentence to show (mrkdwn, already escaped). */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

export interface ErrorContext {
  /** What Radar was doing, e.g. "read the briefing". */
  action?: string;
  /** The project the call was about, for "not found" hints. */
  projectName?: string;
}

/** Said when a button, option or form value is not one Radar made for this channel (altered, or copied from elsewhere). */
export const FORGED_VALUE = 'That button or form was not made by Radar for this channel, so Radar did nothing; run the command again here.';

/** Said when a button or form names a project the channel is no longer bound to (rebound or unbound since). */
export const STALE_BINDING = 'That was made for a project this channel is no longer bound to, so Radar did nothing; run the command again.';

/** Said in a workspace that has not connected its service key yet (OAuth mode, issue 32). */
export const NOT_CONNECTED = "Radar isn't connected to the monitoring service in this workspace yet: an admin or owner of the workspace connects it from Radar's Home tab (Connect the service).";

/** Said whenever Radar's own store (SQLite file or Redis) cannot be used; the cause is logged once by the store. */
export const STORE_UNAVAILABLE = "Radar's store is unavailable right now, so it can't do that; please try again in a minute.";

export function describeError(error: unknown, context: ErrorContext = {}): string {
  if (error instanceof UserError) return error.message;
  if (error instanceof UsageError) return escapeMrkdwn(error.message);
  if (error instanceof ServiceError) return describeServiceError(error, context);
  if (error instanceof StoreUnavailableError) return STORE_UNAVAILABLE;
  const slack = describeSlackError(error);
  if (slack) return slack;
  return `Something went wrong while Radar tried to ${context.action ?? 'answer'}; it has been logged.`;
}

/** Slack Web API failures (@slack/web-api's coded errors), when Slack itself refused a call: the table's sentence. */
function describeSlackError(error: unknown): string | null {
  return slackErrorOf(error)?.sentence ?? null;
}

function describeServiceError(e: ServiceError, context: ErrorContext): string {
  const project = context.projectName ? `*${escapeMrkdwn(context.projectName)}*` : 'that project';
  switch (e.code) {
    case 'api_key_missing':
    case 'api_key_invalid':
    case 'api_key_revoked':
    case 'api_key_expired':
      return `The monitoring service rejected Radar's API key (${e.code.replace(/_/g, ' ')}); an admin needs to give Radar a valid key.`;
    case 'workspace_not_connected':
    case 'no_workspace':
      return NOT_CONNECTED;
    case 'insufficient_scope':
      return "Radar's API key is read-only: this needs a key with the read_write scope.";
    case 'subscription_required':
      // The board works on any plan (spec 5.7): a 402 there is the service's own answer, said as it came (issue 27).
      if (isBoardEndpoint(e.endpoint)) {
        return `The monitoring service refused this board request (HTTP ${e.status ?? 402}, ${escapeMrkdwn(e.code)}): “${escapeMrkdwn(e.message)}”. The ticket board works on any plan, so this is not about scans; ask whoever runs your organisation's service account.`;
      }
      return 'Your organisation needs a plan with the monitoring service for this (website scans and fetches are part of a plan).';
    case 'project_not_found':
      return `The monitoring service can't find ${project} (it may have been deleted, or Radar's key can't see it); rebind this channel with \`/radar bind &lt;project&gt;\`.`;
    case 'forbidden':
      return 'The monitoring service does not allow that change (a comment a person wrote can only be edited by them).';
    case 'rate_limit_exceeded':
      return 'The monitoring service is rate limiting Radar right now; please try again in a minute.';
    case 'scan_not_found':
      return 'That scan no longer exists: scan results are kept for 24 hours.';
    case 'timeout':
    case 'network_error':
      return `The monitoring service is not answering right now, so Radar couldn't ${context.action ?? 'answer'}; please try again shortly.`;
    case 'unexpected_response':
      return `The monitoring service sent an answer Radar couldn't read, so it couldn't ${context.action ?? 'answer'}; this has been logged.`;
    default:
      if (e.status !== null && e.status >= 500) {
        return `The monitoring service had a problem (HTTP ${e.status}), so Radar couldn't ${context.action ?? 'answer'}; please try again shortly.`;
      }
      if (e.status === 400) return `The monitoring service refused that: ${escapeMrkdwn(e.message)}`;
      return `The monitoring service answered ${escapeMrkdwn(e.code)}: ${escapeMrkdwn(e.message)}`;
  }
}

/** Ticket, comment, label and assignee endpoints (spec 4.6): `/v1/projects/{projectId}/tickets…`. */
function isBoardEndpoint(endpoint: string): boolean {
  return /\/v1\/projects\/[^/\s]+\/tickets(\/|$|\?)/.test(endpoint);
}

/** True for failures worth logging at error level (not the person's mistake, not a known service state). */
export function isUnexpected(error: unknown): boolean {
  if (error instanceof UserError || error instanceof UsageError) return false;
  // An outage of the store is logged once, when it starts, by the store itself.
  if (error instanceof StoreUnavailableError) return false;
  if (isKnownSlackRefusal(error)) return false;
  if (error instanceof ServiceError) return error.code === 'unexpected_response' || (error.status ?? 500) >= 500;
  return true;
}
