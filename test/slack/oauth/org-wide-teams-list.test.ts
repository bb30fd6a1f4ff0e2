/**
 * Issue 32, org-wide installs: a workspace whose organisation Radar has not learned from a request (a
 * binding written by an older Radar, or before any request of that workspace came through the
 * org-wide install) is found by asking the org-wide installs for their workspaces (`auth.teams.list`
 * with each one's token): its digest goes with the organisation's token, read with the
 * organisation's key. An organisation that cannot be asked leaves its workspace unserved, logged
 * once, and the other bindings' digests go on.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { TEAM_ENTERPRISES_NAMESPACE } from '../../../src/store/team-installations.js';
import { expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { digestsIn, poller, publish } from '../../features/digest/support.js';
import { installThroughBrowser, type OAuthRadar, useOAuthWorld } from './oauth-support.js';

const WORKSPACE = 'T0GRIDWS09';
/** An organisation of 250 workspaces, the one bound last: on the second page of `auth.teams.list` as Radar asks it (200 a page). */
const GRID = {
  teamId: 'T0GRIDHQ01',
  teamName: 'Grid',
  enterpriseId: 'E0GRID0001',
  orgWide: true,
  teamIds: ['T0GRIDHQ01', ...Array.from({ length: 248 }, (_, i) => `T0GRID${String(i).padStart(4, '0')}`), WORKSPACE],
};
/** A second organisation, whose token Slack refuses when asked for its workspaces. */
const OTHER = { teamId: 'T0OTHRHQ01', teamName: 'Other', enterpriseId: 'E0OTHR0001', orgWide: true, teamIds: ['T0OTHRHQ01', 'T0OTHRWS02'] };
const OTHER_WORKSPACE = 'T0OTHRWS02';
/** A third organisation, whose ask Slack rate-limits. */
const LIMITED = { teamId: 'T0LIMTHQ01', teamName: 'Limited', enterpriseId: 'E0LIMT0001', orgWide: true, teamIds: ['T0LIMTHQ01', 'T0LIMTWS02'] };
const NORTHWIND = SEED.projects.northwind.id;
const FAILED = "could not list an org-wide install's workspaces";

describe("an org-wide install's workspace whose organisation is not learned", () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  // SVC_API_KEY is the read-only key: a call made with it would show as key_acme_ro.
  useOAuthWorld({ apiKey: (sandbox) => sandbox.keys.readOnly }, (world) => ({ sandbox, slack, r } = world));

  const bind = (teamId: string, channelId: string) =>
    r.radar.deps.bindings.set({ teamId, channelId, projectId: NORTHWIND, projectName: 'Northwind', boundBy: USERS.alice, boundAt: '2026-11-01T00:00:00.000Z' });

  it("gets its digest with the organisation's token and key, found through auth.teams.list", async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, GRID)).status).toBe(200);
    const [orgToken] = slack.oauth?.tokensOf(GRID.enterpriseId) ?? [];
    expect(orgToken).toBeDefined();
    await r.radar.deps.workspaces?.keys.set(`enterprise:${GRID.enterpriseId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });
    // Bound before any request of the workspace came through the org-wide install: nothing learned.
    await bind(WORKSPACE, CHANNELS.general);
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get(WORKSPACE)).toBeUndefined();

    await poller(r).tick();
    const edition = await publish({ sandbox }, NORTHWIND, { headline: 'Pipedrift cuts prices' });
    const from = sandbox.control.requests().length;
    await poller(r).tick();

    const reads = sandbox.control.requests().slice(from).filter((e) => e.path.endsWith('/strategic-briefing/history'));
    expect(new Set(reads.map((e) => e.keyId))).toEqual(new Set(['key_acme_rw']));
    const posts = slack.callsTo('chat.postMessage').filter((c) => c.args.channel === CHANNELS.general && JSON.stringify(c.args.metadata ?? null).includes(edition.runId));
    expect(posts.map((c) => c.token)).toEqual([orgToken]);
    expect(digestsIn({ slack }, CHANNELS.general, edition.runId)).toHaveLength(1);
    // Asked with the organisation's token, both pages; the workspace's organisation now recorded.
    const asks = slack.callsTo('auth.teams.list').filter((c) => c.token === orgToken);
    expect(asks.slice(0, 2).map((c) => typeof c.args.cursor === 'string')).toEqual([false, true]);
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get(WORKSPACE)).toMatchObject({ enterpriseId: GRID.enterpriseId });
    expect(r.logs.join('\n')).not.toContain('found no installation for its workspace');
    expectNoViolations(slack);
  });

  it('an organisation whose auth.teams.list fails: no post in its workspace, one log line, the other digests go on', async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, OTHER)).status).toBe(200);
    const [otherToken] = slack.oauth?.tokensOf(OTHER.enterpriseId) ?? [];
    await r.radar.deps.workspaces?.keys.set(`enterprise:${OTHER.enterpriseId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });
    await bind(OTHER_WORKSPACE, CHANNELS.intel);
    // The organisation's token is refused when Radar asks for its workspaces (revoked, say).
    slack.failNext('auth.teams.list', { error: 'token_revoked', times: 1 });

    await poller(r).tick();
    const edition = await publish({ sandbox }, NORTHWIND, { headline: 'Pipedrift raises prices' });
    await poller(r).tick();
    await poller(r).tick();

    // The learned workspace's digest is posted; none in the workspace no installation serves.
    expect(digestsIn({ slack }, CHANNELS.general, edition.runId)).toHaveLength(1);
    expect(digestsIn({ slack }, CHANNELS.intel)).toEqual([]);
    expect(slack.callsTo('chat.postMessage').filter((c) => c.args.channel === CHANNELS.intel)).toEqual([]);
    expect(slack.callsTo('auth.teams.list').filter((c) => c.token === otherToken).length).toBeGreaterThan(0);
    const failures = r.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => typeof l.msg === 'string' && l.msg.startsWith(FAILED));
    expect(failures).toEqual([expect.objectContaining({ enterprise: OTHER.enterpriseId, reason: 'auth.teams.list failed: token_revoked' })]);
    expect(await r.radar.deps.store.keyv(TEAM_ENTERPRISES_NAMESPACE).get(OTHER_WORKSPACE)).toBeUndefined();
    // No token in the log.
    expect(r.logs.join('\n')).not.toContain(otherToken);
  });

  it('a rate-limited auth.teams.list is not waited for: the poll goes on, one log line', async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, LIMITED)).status).toBe(200);
    await bind('T0LIMTWS02', CHANNELS.private);
    // Slack asks for a wait far longer than any test: Radar does not wait, it asks again after its minute.
    slack.failNext('auth.teams.list', { error: 'ratelimited', retryAfter: 3_600 });
    await poller(r).tick();
    await poller(r).tick();
    expect(slack.callsTo('chat.postMessage').filter((c) => c.args.channel === CHANNELS.private)).toEqual([]);
    const failures = r.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => typeof l.msg === 'string' && l.msg.startsWith(FAILED) && l.enterprise === LIMITED.enterpriseId);
    expect(failures).toEqual([expect.objectContaining({ reason: expect.stringMatching(/rate_limited/) })]);
  });
});
