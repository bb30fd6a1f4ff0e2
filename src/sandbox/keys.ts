/**
 * Who may call the sandbox: its organisations and their API keys.
 *
 * Keys are deterministic (the same on every start) so demos and tests can print and reuse them, and
 * follow spec 5.2: a fixed `svc_live_` prefix, 40 characters in all. The request log names a key by
 * its `id`, never by the key itself.
 */
import { createHash } from 'node:crypto';
import type { SandboxOrg } from './types.js';

export const ORG_IDS = { acme: 'org_acme', noPlan: 'org_noplan', other: 'org_other' } as const;

/** The organisations the sandbox serves; only org_noplan lacks a plan. */
export const SANDBOX_ORGS: readonly SandboxOrg[] = [
  { id: ORG_IDS.acme, name: 'Acme Analytics', hasPlan: true },
  { id: ORG_IDS.noPlan, name: 'Bramble Studio', hasPlan: false },
  { id: ORG_IDS.other, name: 'Oakridge Labs', hasPlan: true },
];

export const API_KEY_PREFIX = 'svc_live_';
export const API_KEY_LENGTH = 40;
const API_KEY_SHAPE = /^svc_live_[0-9a-f]{31}$/;

function sandboxKey(label: string): string {
  const body = createHash('sha256').update(`radar-sandbox:${label}`).digest('hex');
  return API_KEY_PREFIX + body.slice(0, API_KEY_LENGTH - API_KEY_PREFIX.length);
}

export interface ApiKeyRecord {
  /** Names the key in the request log and in logs; never the key itself. */
  id: string;
  key: string;
  orgId: string;
  scope: 'read' | 'read_write';
  state: 'active' | 'revoked' | 'expired';
  /** What the key is for, as printed by `npm run sandbox`. */
  purpose: string;
}

const RECORDS = {
  readWrite: { id: 'key_acme_rw', orgId: ORG_IDS.acme, scope: 'read_write', state: 'active', purpose: 'Acme (has a plan): reads and ticket writes' },
  readOnly: { id: 'key_acme_ro', orgId: ORG_IDS.acme, scope: 'read', state: 'active', purpose: 'Acme: reads only (writes answer 403 insufficient_scope)' },
  revoked: { id: 'key_acme_revoked', orgId: ORG_IDS.acme, scope: 'read_write', state: 'revoked', purpose: 'revoked (401 api_key_revoked)' },
  expired: { id: 'key_acme_expired', orgId: ORG_IDS.acme, scope: 'read_write', state: 'expired', purpose: 'expired (401 api_key_expired)' },
  noPlan: { id: 'key_noplan_rw', orgId: ORG_IDS.noPlan, scope: 'read_write', state: 'active', purpose: 'an organisation without a plan (tools answer 402 subscription_required)' },
  otherOrg: { id: 'key_other_rw', orgId: ORG_IDS.other, scope: 'read_write', state: 'active', purpose: 'another organisation with a plan (Acme projects answer 404)' },
} as const satisfies Record<string, Omit<ApiKeyRecord, 'key'>>;

export type SandboxKeyName = keyof typeof RECORDS;
export type SandboxKeys = Readonly<Record<SandboxKeyName, string>>;

/** The sandbox's API keys by role. */
export const SANDBOX_KEYS: SandboxKeys = Object.freeze(
  Object.fromEntries(Object.keys(RECORDS).map((name) => [name, sandboxKey(name)])) as Record<SandboxKeyName, string>,
);

/** Every key with its organisation, scope, state and purpose. */
export const API_KEYS: readonly ApiKeyRecord[] = (Object.keys(RECORDS) as SandboxKeyName[]).map((name) => ({
  ...RECORDS[name],
  key: SANDBOX_KEYS[name],
}));

/** True when the string has the shape of a live key (prefix, length, alphabet). */
export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_SHAPE.test(key);
}

export function findApiKey(key: string): ApiKeyRecord | undefined {
  return API_KEYS.find((record) => record.key === key);
}
