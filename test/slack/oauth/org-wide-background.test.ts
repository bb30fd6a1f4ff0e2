/**
 * Issue 32 item 3, an org-wide (Enterprise Grid) install's background work: a channel bound in one
 * workspace of the organisation gets its digest with the organisation's bot token, its history read
 * with the organisation's service key (both stored under `enterprise:<E>`, while the binding is kept
 * under the workspace's team). A workspace of another organisation learns nothing from it.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { TEAM_ENTERPRISES_NAMESPACE } from '../../../src/store/team-installations.js';
import { answerTo, expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { replyText } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import type { Ack } from '../../support/slack-driver.js';
import { digestsIn, poller, publish } from '../../features/digest/support.js';
import { installThroughBrowser, type OAuthRadar, orgCommand, orgEvent, useOAuthWorld } from './oauth-support.js';

const GRID = { teamId: 'T0GRIDHQ01', teamName: 'Grid', enterpriseId: 'E0GRID0001', orgWide: true };
/** A workspace of the organisation other than the one that installed. */
const WORKSPACE = 'T0GRIDWS09';
const NORTHWIND = SEED.projects.northwind.id;

describe('an org-wide install in the background', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  let sent = 0;
  // SVC_API_KEY is the read-only key: a call made with it would show as key_acme_ro in the log.
  useOAuthWorld({ apiKey: (sandbox) => sandbox.keys.readOnly }, (world) => ({ sandbox, slack, r } = world));

  /** `/radar <text>` from a workspace of the organisation, as Slack sends it to an org-wide install. */
  const gridCommand = (text: string, channel: string): Promise<Ack> =>
    orgCommand(r, slack, GRID, { team: WORKSPACE, channel, text, responseUrl: `${slack.responseUrl().replace(/\/$/, '')}/grid-${++sent}` });

  it("posts a workspace's digest with the organisation's token, read with the organisation's key", async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, GRID)).status).toBe(200);
    const [orgToken] = slack.oauth?.tokensOf(GRID.enterpriseId) ?? [];
    expect(orgToken).toBeDefined();
    await r.radar.deps.workspaces?.keys.set(`enterprise:${GRID.enterpriseId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });

    // Bound from the workspace: the binding is the workspace's, the workspace's organisation learned.
    expect(replyText(await answerTo(slack, await gridCommand('bind northwind', CHANNELS.general)))).toMatch(/northwind/i);
    expect(await r.radar.deps.bindings.get(WORKSPACE, CHANNELS.general)).toMatchObject({ projectId: NORTHWIND });
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get(WORKSPACE)).toMatchObject({ enterpriseId: GRID.enterpriseId });

    await poller(r).tick();
    const edition = await publish({ sandbox }, NORTHWIND, { headline: 'Pipedrift cuts prices' });
    const from = sandbox.control.requests().length;
    await poller(r).tick();

    // The history read with the organisation's key (no other key, and never SVC_API_KEY; the poller's own schedule may read it too).
    const reads = sandbox.control.requests().slice(from).filter((e) => e.path.endsWith('/strategic-briefing/history'));
    expect(new Set(reads.map((e) => e.keyId))).toEqual(new Set(['key_acme_rw']));
    // The digest posted once, with the organisation's bot token.
    expect(digestsIn({ slack }, CHANNELS.general, edition.runId)).toHaveLength(1);
    const posts = slack.callsTo('chat.postMessage').filter((c) => c.args.channel === CHANNELS.general && JSON.stringify(c.args.metadata ?? null).includes(edition.runId));
    expect(posts.map((c) => c.token)).toEqual([orgToken]);
    expect(r.logs.join('\n')).not.toContain('found no installation for its workspace');
    expectNoViolations(slack);
  });

  it('learns the workspace an event is delivered through (context_team_id), not the one it happened in', async () => {
    // A message in a Slack Connect channel: it happened in another organisation's workspace, and is delivered through one of the grid's.
    const through = 'T0GRIDWS10';
    const message = { type: 'message', channel: CHANNELS.general, user: 'U0OTHER001', text: 'hello', ts: '1795000000.000300', event_ts: '1795000000.000300', channel_type: 'channel' };
    const delivered = await orgEvent(r, GRID, message, { team_id: 'T0OTHERSID', context_team_id: through, context_enterprise_id: GRID.enterpriseId, is_ext_shared_channel: true });
    expect(delivered.status).toBe(200);
    const learned = await r.untilLog((l) => l.msg === "a workspace served by its organisation's install: recorded for its background work" && l.team !== WORKSPACE);
    expect(learned.team).toBe(through);
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get(through)).toMatchObject({ enterpriseId: GRID.enterpriseId });
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get('T0OTHERSID')).toBeUndefined();
  });

  it("an org-wide uninstall removes the records of every workspace of the organisation it served", async () => {
    expect(await r.radar.deps.bindings.get(WORKSPACE, CHANNELS.general)).toBeDefined();
    expect((await orgEvent(r, GRID, { type: 'app_uninstalled', event_ts: '1.3' }, { team_id: GRID.teamId, is_enterprise_install: true })).status).toBe(200);
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled'));
    expect(line).toMatchObject({ installationRemoved: true, counts: { bindings: 1, 'service-keys': 1 } });
    // The workspace's binding and what Radar learned of its organisation are gone.
    expect(await r.radar.deps.bindings.get(WORKSPACE, CHANNELS.general)).toBeUndefined();
    expect(await r.radar.deps.store.entries(TEAM_ENTERPRISES_NAMESPACE)).toEqual([]);
  });
});
