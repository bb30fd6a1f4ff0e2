/**
 * The OAuth `state` of installs under way (issue 32), kept server-side on Radar's store so any
 * replica can finish an install another began: a random value signed with SLACK_STATE_SECRET
 * (a forged or mistyped state is refused without a store read), stored for 10 minutes, and
 * taken on first use (an atomic delete: a state works once, on one replica).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { Store } from './backends/store.js';

export const OAUTH_STATES_NAMESPACE = 'oauth-states';
/** How long an install may take from /slack/install to /slack/oauth_redirect. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Why a state was refused (the redirect page says so in one sentence). */
export class OAuthStateError extends Error {
  readonly code = 'slack_oauth_invalid_state';
  constructor(readonly reason: 'forged' | 'unknown_or_used' | 'expired') {
    super(
      reason === 'forged'
        ? 'the install link was not issued by Radar'
        : reason === 'expired'
          ? 'the install link is older than 10 minutes'
          : 'the install link was already used or has expired',
    );
    this.name = 'OAuthStateError';
  }
}

interface StoredState {
  installOptions: InstallURLOptions;
  issuedAt: string;
}

export function createOAuthStateStore(store: Store, secret: string): StateStore {
  const signature = (nonce: string) => createHmac('sha256', secret).update(`radar-oauth-state:${nonce}`).digest('base64url');
  return {
    async generateStateParam(installOptions, now) {
      const nonce = randomBytes(24).toString('base64url');
      await store.update<StoredState>(OAUTH_STATES_NAMESPACE, nonce, () => ({ installOptions, issuedAt: now.toISOString() }), { ttlMs: OAUTH_STATE_TTL_MS });
      return `${nonce}.${signature(nonce)}`;
    },
    async verifyStateParam(now, state) {
      const [nonce = '', signed = '', ...rest] = state.split('.');
      const expected = Buffer.from(signature(nonce));
      const given = Buffer.from(signed);
      if (rest.length > 0 || nonce === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new OAuthStateError('forged');
      let taken: StoredState | undefined;
      await store.update<StoredState>(OAUTH_STATES_NAMESPACE, nonce, (current) => {
        taken = current;
        return current === undefined ? undefined : null;
      });
      if (!taken) throw new OAuthStateError('unknown_or_used');
      if (now.getTime() - Date.parse(taken.issuedAt) > OAUTH_STATE_TTL_MS) throw new OAuthStateError('expired');
      return taken.installOptions;
    },
  };
}
