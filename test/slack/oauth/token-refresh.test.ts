/**
 * Issue 32, token rotation: two Radar replicas share one Redis store; the workspace's bot token is
 * within two hours of expiring, and a burst of signed requests arrives at both at once. Exactly one
 * refresh reaches Slack (the lease `slack-token-refresh-*`), every request is served, and afterwards
 * both replicas use the refreshed token, stored sealed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { INSTALLATIONS_NAMESPACE } from '../../../src/store/installations.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { USERS } from '../../support/slack-fixtures.js';
import { CLIENT, installThroughBrowser, startOAuthRadar, type OAuthRadar } from './oauth-support.js';

const REDIS_URL = process.env.REDIS_URL;
const TEAM = { teamId: 'T0ROTATE01', teamName: 'Rotating' };

describe.skipIf(!REDIS_URL)('token rotation across two replicas (Redis)', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let a: OAuthRadar;
  let b: OAuthRadar;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack({ oauth: CLIENT });
    const shared = { storeUrl: REDIS_URL ?? '', storePrefix: `t${randomUUID().replace(/-/g, '').slice(0, 12)}-` };
    a = await startOAuthRadar({ sandbox, slack, ...shared });
    b = await startOAuthRadar({ sandbox, slack, ...shared });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await slack?.close();
    await sandbox?.close();
  });

  it('a burst on both replicas makes one refresh; every request is served, then with the new token', async () => {
    // Installed through replica A, finished on B: the state is on the shared store. The token
    // lives an hour (inside the two-hour refresh window); a refreshed one lives 12 hours.
    const grant = { ...TEAM, expiresInS: 3_600, refreshedExpiresInS: 43_200 };
    expect((await installThroughBrowserAcross(a, b, slack, grant)).status).toBe(200);
    const [installed] = slack.oauth?.tokensOf(TEAM.teamId) ?? [];
    // The workspace's service key, stored as Home's modal stores it (connecting through the modal
    // would call Slack with the token, and so refresh it, before the burst).
    await a.radar.deps.workspaces?.keys.set(`team:${TEAM.teamId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });

    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).driver.command('help', { team: TEAM.teamId, user: i % 4 < 2 ? USERS.alice : USERS.bob })),
    );
    for (const ack of burst) {
      expect(ack.status).toBe(200);
      expect(JSON.stringify(ack.body)).toContain('/radar');
    }
    expect(slack.oauth?.refreshAttempts).toHaveLength(1);
    expect(slack.oauth?.refreshes).toHaveLength(1);

    const tokens = slack.oauth?.tokensOf(TEAM.teamId) ?? [];
    const refreshed = tokens.at(-1);
    expect(refreshed).not.toBe(installed);
    // Both replicas now use the refreshed token, and no further refresh is made.
    await a.driver.event({ type: 'app_home_opened', user: USERS.alice, channel: 'D0HOME0001', tab: 'home' }, { team: TEAM.teamId });
    await slack.waitForCall('views.publish', (c) => c.token === refreshed && c.args.user_id === USERS.alice);
    await b.driver.event({ type: 'app_home_opened', user: USERS.bob, channel: 'D0HOME0002', tab: 'home' }, { team: TEAM.teamId });
    await slack.waitForCall('views.publish', (c) => c.token === refreshed && c.args.user_id === USERS.bob);
    expect(slack.oauth?.refreshAttempts).toHaveLength(1);
    const raw = JSON.stringify(await a.radar.deps.store.keyv(INSTALLATIONS_NAMESPACE).get(`team:${TEAM.teamId}`));
    expect(raw).not.toContain(refreshed);
    expectNoViolations(slack);
  });
});

/** The install begins on one replica and the browser comes back to the other. */
async function installThroughBrowserAcross(first: OAuthRadar, second: OAuthRadar, slack: FakeSlack, grant: Parameters<typeof installThroughBrowser>[2]) {
  // The start is served by `first`; the redirect by `second` (a load balancer's choice).
  return installThroughBrowser(first.radar.url ?? '', slack, grant, second.radar.url ?? '');
}
