/**
 * Issue 32: exactly-once delivery in OAuth mode. A replica that posted a digest and died before
 * recording it leaves a stale claim; the replica taking it over looks for the earlier post by Radar's
 * bot in that channel's workspace (each workspace's bot has its own bot_id), records it, and posts
 * nothing twice. Two workspaces on one Radar, the background client carrying each one's token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryContext, deliverDigest } from '../../../src/features/digest/deliver.js';
import { DIGEST_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { installThroughBrowser, type OAuthRadar, useOAuthWorld } from './oauth-support.js';

const FIRST = { teamId: 'T0FIRST001', teamName: 'First', channel: 'C0FIRSTCH1' };
const SECOND = { teamId: 'T0SECOND02', teamName: 'Second', channel: 'C0SECONDC2' };

describe('delivery recovery in OAuth mode', () => {
  let slack: FakeSlack;
  let r: OAuthRadar;
  useOAuthWorld({}, (world) => ({ slack, r } = world));
  beforeAll(async () => {
    for (const w of [FIRST, SECOND]) {
      expect((await installThroughBrowser(r.radar.url ?? '', slack, { teamId: w.teamId, teamName: w.teamName })).status).toBe(200);
      await r.radar.deps.bindings.set({ teamId: w.teamId, channelId: w.channel, projectId: `p-${w.teamId}`, projectName: w.teamName, boundBy: 'U0ADMIN01', boundAt: new Date().toISOString() });
    }
  });

  it('finds each workspace’s earlier post by that workspace’s bot and posts nothing twice', async () => {
    const ctx = createDeliveryContext(r.radar.deps, r.radar.app.client);
    const runId = 'run-before-crash';
    const earlier = new Map<string, string>();
    for (const w of [FIRST, SECOND]) {
      const key = { teamId: w.teamId, channelId: w.channel, runId };
      // The dead replica claimed, posted (with its workspace's token) and died before recording the post.
      await r.radar.deps.digestLedger.claim(key, 'dead-replica', 1);
      const posted = await r.radar.app.client.chat.postMessage({
        channel: w.channel,
        text: 'digest posted before the crash',
        metadata: { event_type: DIGEST_IDS.eventType, event_payload: { run_id: runId, project_id: `p-${w.teamId}` } },
      });
      earlier.set(w.channel, posted.ts ?? '');
    }
    // Each workspace's own bot posted it (the fake Slack answers as the token's workspace).
    expect(slack.messagesIn(FIRST.channel)[0]?.bot_id).toBe(`B${FIRST.teamId}`);
    expect(slack.messagesIn(SECOND.channel)[0]?.bot_id).toBe(`B${SECOND.teamId}`);

    for (const w of [FIRST, SECOND]) {
      const key = { teamId: w.teamId, channelId: w.channel, runId };
      const outcome = await deliverDigest(ctx, key, { projectId: `p-${w.teamId}`, runId }, async () => ({ main: { text: 'digest again', blocks: [] }, thread: [] }));
      expect(outcome).toEqual({ kind: 'recovered', ts: earlier.get(w.channel) });
      expect(await r.radar.deps.digestLedger.get(key)).toMatchObject({ state: 'posted', ts: earlier.get(w.channel) });
      expect(slack.messagesIn(w.channel).map((m) => m.ts)).toEqual([earlier.get(w.channel)]);
    }
    // Each channel's history was read with its own workspace's token.
    const [firstToken] = slack.oauth?.tokensOf(FIRST.teamId) ?? [];
    const [secondToken] = slack.oauth?.tokensOf(SECOND.teamId) ?? [];
    const histories = slack.callsTo('conversations.history');
    expect(histories.filter((c) => c.args.channel === FIRST.channel).map((c) => c.token)).toEqual([firstToken]);
    expect(histories.filter((c) => c.args.channel === SECOND.channel).map((c) => c.token)).toEqual([secondToken]);
    expectNoViolations(slack);
  });
});
