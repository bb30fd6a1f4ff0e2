/**
 * Token rotation, the replica that does not hold the refresh lease: while the current token has
 * more than a minute left it is served at once; nearer expiry the replica waits for the holder's
 * refreshed token (read from the store) and never refreshes itself.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import { createOAuth } from '../../../src/slack/oauth.js';
import { createSecretBox } from '../../../src/store/crypto.js';
import { sqlitePlace, type Place } from '../../store/places.js';
import { startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';

const boltLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => 'error' as never,
  setName: () => {},
};

describe('authorize while another replica refreshes the token', () => {
  let place: Place;
  let slack: FakeSlack;
  beforeEach(async () => {
    place = sqlitePlace();
    slack = await startFakeSlack({ oauth: { clientId: 'c', clientSecret: 's' } });
  });
  afterEach(async () => {
    await place.cleanup();
    await slack.close();
  });

  async function setUp(expiresInS: number) {
    const store = await place.open();
    const oauth = createOAuth({
      clientId: 'c',
      clientSecret: 's',
      stateSecret: 'x'.repeat(32),
      apiUrl: slack.url,
      store,
      box: createSecretBox({ current: randomBytes(32) }),
      logger: silentLogger,
      boltLogger,
      refreshWait: { everyMs: 5, atMostMs: 60_000 },
    });
    const nowS = Math.floor(Date.now() / 1000);
    await oauth.installations.storeInstallation({
      team: { id: 'T1', name: 'One' },
      enterprise: undefined,
      user: { id: 'U1', token: undefined, scopes: undefined },
      bot: { id: 'B1', userId: 'UB', scopes: ['commands'], token: 'xoxb-old', refreshToken: 'xoxe-1-old', expiresAt: nowS + expiresInS },
      isEnterpriseInstall: false,
      authVersion: 'v2',
    });
    // The other replica holds the refresh lease.
    const lease = await store.coordinator.tryLead('slack-token-refresh-team-T1', 60_000);
    if (!lease) throw new Error('the lease should be free');
    // Resolves once authorize has asked for the lease (and found it held).
    let asked!: () => void;
    const leaseAsked = new Promise<void>((resolve) => (asked = resolve));
    const tryLead = store.coordinator.tryLead.bind(store.coordinator);
    (store.coordinator as { tryLead: typeof tryLead }).tryLead = async (name, ttlMs) => {
      const got = await tryLead(name, ttlMs);
      asked();
      return got;
    };
    return { oauth, lease, nowS, leaseAsked };
  }

  const source = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false as const };

  it('serves the current token at once while it has more than a minute left', async () => {
    const { oauth, lease } = await setUp(3_600);
    expect((await oauth.authorize(source)).botToken).toBe('xoxb-old');
    expect(slack.callsTo('oauth.v2.access')).toHaveLength(0);
    await lease.release();
  });

  it('near expiry, waits for the refreshed token the holder stores, and refreshes nothing itself', async () => {
    const { oauth, lease, nowS, leaseAsked } = await setUp(30);
    let settled = false;
    const answer = oauth.authorize(source).finally(() => (settled = true));
    // It has read the old record and found the lease held: it does not answer with the old token.
    await leaseAsked;
    expect(settled).toBe(false);
    const current = await oauth.installations.get('team:T1');
    await oauth.installations.storeInstallation({ ...current!, bot: { ...current!.bot!, token: 'xoxb-new', refreshToken: 'xoxe-1-new', expiresAt: nowS + 43_200 } });
    expect((await answer).botToken).toBe('xoxb-new');
    expect(slack.callsTo('oauth.v2.access')).toHaveLength(0);
    await lease.release();
  });
});
