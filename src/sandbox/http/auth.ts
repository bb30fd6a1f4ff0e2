import type { IncomingHttpHeaders } from 'node:http';
import { findApiKey, isWellFormedApiKey } from '../keys.js';
import type { ApiKeyRecord } from '../keys.js';
import { SandboxHttpError } from '../types.js';
import type { Route, SandboxOrg } from '../types.js';

export const API_KEY_HEADER = 'svc-api-key';

export interface Caller {
  key: ApiKeyRecord;
  org: SandboxOrg;
}

/** Reads the key header without judging it (for the request log, which names keys by id). */
export function presentedKey(headers: IncomingHttpHeaders): ApiKeyRecord | undefined {
  const value = headers[API_KEY_HEADER];
  return typeof value === 'string' ? findApiKey(value) : undefined;
}

/**
 * Applies spec 5 to a route that needs a key: 401 for a missing, malformed, unknown, revoked or expired
 * key; 403 `insufficient_scope` for a read key on a write; 402 `subscription_required` on `needsPlan`
 * routes for an organisation without a plan.
 */
export function authenticate(headers: IncomingHttpHeaders, route: Route, orgs: readonly SandboxOrg[]): Caller {
  const value = headers[API_KEY_HEADER];
  if (value === undefined || value === '') {
    throw new SandboxHttpError(401, 'api_key_missing', 'The SVC-API-Key header is required');
  }
  const key = typeof value === 'string' && isWellFormedApiKey(value) ? findApiKey(value) : undefined;
  const org = key && orgs.find((o) => o.id === key.orgId);
  if (!key || !org) throw new SandboxHttpError(401, 'api_key_invalid', 'The API key is malformed or not recognised');
  if (key.state === 'revoked') throw new SandboxHttpError(401, 'api_key_revoked', 'The API key has been revoked');
  if (key.state === 'expired') throw new SandboxHttpError(401, 'api_key_expired', 'The API key has expired');
  if (route.scope === 'write' && key.scope !== 'read_write') {
    throw new SandboxHttpError(403, 'insufficient_scope', 'This call needs a read_write key');
  }
  if (route.needsPlan && !org.hasPlan) {
    throw new SandboxHttpError(402, 'subscription_required', 'This tool needs an organisation plan');
  }
  return { key, org };
}
