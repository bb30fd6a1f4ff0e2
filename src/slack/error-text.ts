/**
 * The one place that turns a failure into what the person in Slack reads: one clear sentence per
 * cause, never a stack trace, never a secret. Handlers throw; the command router and the modal
 * handlers call `describeError` and reply with its sentence.
 */
import { ServiceError } from '../service/errors.js';
import { UsageError } from './commands/parse.js';
import { escapeMrkdwn } from './blocks/text.js';

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

export function describeError(error: unknown, context: ErrorContext = {}): string {
  if (error instanceof UserError) return error.message;
  if (error instanceof UsageError) return escapeMrkdwn(error.message);
  if (error instanceof ServiceError) return describeServiceError(error, context);
  const slack = describeSlackError(error);
  if (slack) return slack;
  return `Something went wrong while Radar tried to ${context.action ?? 'answer'}; it has been logged.`;
}

/** Slack Web API failures (@slack/web-api's coded errors), when Slack itself refused a call. */
function describeSlackError(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, data } = error as { code?: unknown; data?: { error?: unknown } };
  if (code === 'slack_webapi_rate_limited_error') return 'Slack is rate limiting Radar right now; please try again in a minute.';
  if (code !== 'slack_webapi_platform_error') return null;
  switch (data?.error) {
    case 'not_in_channel':
      return 'Radar is not in this channel: invite it with `/invite @Radar`, then try again.';
    case 'channel_not_found':
    case 'is_archived':
      return `Slack won't let Radar post in this channel (${String(data.error).replace(/_/g, ' ')}).`;
    case 'invalid_auth':
    case 'token_revoked':
    case 'account_inactive':
    case 'not_authed':
      return `Slack rejected Radar's token (${String(data.error).replace(/_/g, ' ')}); an admin needs to reinstall Radar.`;
    default:
      return null;
  }
}

function describeServiceError(e: ServiceError, context: ErrorContext): string {
  const project = context.projectName ? `*${escapeMrkdwn(context.projectName)}*` : 'that project';
  switch (e.code) {
    case 'api_key_missing':
    case 'api_key_invalid':
    case 'api_key_revoked':
    case 'api_key_expired':
      return `The monitoring service rejected Radar's API key (${e.code.replace(/_/g, ' ')}); an admin needs to give Radar a valid key.`;
    case 'insufficient_scope':
      return "Radar's API key is read-only: this needs a key with the read_write scope.";
    case 'subscription_required':
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

/** True for failures worth logging at error level (not the person's mistake, not a known service state). */
export function isUnexpected(error: unknown): boolean {
  if (error instanceof UserError || error instanceof UsageError) return false;
  if (describeSlackError(error)) return false;
  if (error instanceof ServiceError) return error.code === 'unexpected_response' || (error.status ?? 500) >= 500;
  return true;
}
