/**
 * Thread sync on two real Radar processes (`dist/main.js`) on one Redis (issue 30 item 6): a board
 * comment's copy into the thread is being posted when the living poller's leader is killed with
 * `kill -9` (Slack holds the post; it lands after the kill, before anything recorded it). The survivor
 * takes the lease, finds that copy by its `radar_ticket` metadata instead of posting it again, and
 * copies the next comment: each board comment is in the thread exactly once. The in-process
 * test/features/threads/replicas.test.ts simulates the kill; this one is real.
 * Runs when REDIS_URL is set (as `.ci/run` does); its own STORE_PREFIX.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIVING_LEASE } from '../../src/features/living/poller.js';
import { createServiceClient } from '../../src/service/index.js';
import { SEED } from '../../src/sandbox/seed.js';
import { type Sandbox } from '../../src/sandbox/index.js';
import { ACTION_IDS, TICKET_IDS } from '../../src/slack/ids.js';
import { viewOpenedBy, type FakeSlack } from '../support/fake-slack.js';
import { replyText } from '../support/radar-harness.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { publishRun, watchesIn } from '../features/watches/support.js';
import { spawnRadar, type RadarProcess } from './support/radar-processes.js';
import { useProcessWorld } from './support/process-world.js';
import { answerTo } from './support/slack-records.js';
import { waitFor, waitForMore } from './support/wait.js';

const NW = SEED.projects.northwind.id;
const LEASE_TTL_MS = 1_000;
/** A dead process's claim on a copy is taken over after this. */
const CLAIM_TTL_MS = 2_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricing = (o: Record<string, Record<string, unknown>> = {}) => ({ dimension: 'pricing' as const, patch: { competitors: ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d])) } });

describe.skipIf(!process.env.REDIS_URL)('thread sync on two Radar processes, the living poller’s leader killed mid-copy', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  const started = useProcessWorld((world) => ({ sandbox, slack } = world));

  const leadsLiving = (radar: RadarProcess) => radar.logged('leading').some((l) => l.lease === LIVING_LEASE);
  const metadataOf = (c: { args: Record<string, unknown> }) => c.args.metadata as { event_type?: string; event_payload?: Record<string, unknown> } | undefined;

  it('each board comment is copied into the thread once', { timeout: 120_000 }, async () => {
    const shared = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `chaos-sync-${randomUUID().slice(0, 8)}`, timing: { leaseTtlMs: LEASE_TTL_MS, digestClaimTtlMs: CLAIM_TTL_MS }, env: { WATCH_INTERVAL_SECONDS: '1', DIGEST_INTERVAL_SECONDS: '3600' } };
    const [a, b] = await Promise.all(['a', 'b'].map((name) => spawnRadar({ ...shared, name: `${name}-${randomUUID().slice(0, 6)}` })));
    started.push(a!, b!);
    const channel = CHANNELS.intel;
    await publishRun({ sandbox }, NW, pricing());
    for (const text of ['bind northwind', 'watch pricing', 'sync on']) expect(replyText(await answerTo(slack, await a!.driver.command(text, { channel })))).not.toBe('');
    const run = await publishRun({ sandbox }, NW, pricing({ 'hubforge.io': { hasFreePlan: true } }));
    const message = await waitFor(() => watchesIn({ slack }, channel, run)[0], 'the watch message', 30_000);

    // A ticket from its button: the thread is linked to it.
    const button = (message.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((x) => x.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchTicket);
    const { view } = await viewOpenedBy(slack, await b!.driver.blockAction(ACTION_IDS.watchTicket, button?.value ?? '', { channel, message }));
    await b!.driver.viewSubmission(view, { title: 'Synced across processes', column: 'triage' });
    const confirmation = await waitFor(() => slack.callsTo('chat.postMessage').find((c) => c.response !== undefined && String(c.args.text).includes('turned this message into ticket')), 'the ticket confirmation');
    const ticketId = String(metadataOf(confirmation)?.event_payload?.ticket_id);
    const commentReads = () => sandbox.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/projects/${NW}/tickets/${ticketId}/comments`).length;
    const leader = await waitFor(() => [a!, b!].find(leadsLiving), 'one process to lead the living poller');
    const other = leader === a ? b! : a!;
    // Sync's first read takes the ticket's comments as known (none yet).
    await waitForMore(commentReads, 1, 'the first comments read');

    // Two board comments; the first copy is held by Slack and lands 1.5 s later, after the kill.
    const board = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    slack.delayNext('chat.postMessage', 1_500);
    const first = await board.createComment(NW, ticketId, 'First board comment');
    const second = await board.createComment(NW, ticketId, 'Second board comment');
    await board.close();
    const copyPosts = (commentId: string) => slack.callsTo('chat.postMessage').filter((c) => metadataOf(c)?.event_type === TICKET_IDS.eventType && metadataOf(c)?.event_payload?.comment_id === commentId);
    await waitFor(() => (copyPosts(first.id).length > 0 ? true : undefined), 'the first copy being posted');
    await leader.kill9();

    await waitFor(() => (leadsLiving(other) ? true : undefined), 'the other process to lead', 10 * LEASE_TTL_MS);
    const copiesIn = (commentId: string) => slack.messagesIn(channel).filter((m) => m.thread_ts === message.ts && m.metadata?.event_payload.comment_id === commentId);
    await waitFor(() => (copiesIn(first.id).length > 0 && copiesIn(second.id).length > 0 ? true : undefined), 'both copies in the thread');
    // Run until quiet: two more cycles (one board read each) copy nothing more.
    const boardReads = () => sandbox.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/projects/${NW}/tickets`).length;
    await waitForMore(boardReads, 2, 'two more living cycles');

    expect(copiesIn(first.id)).toHaveLength(1);
    expect(copiesIn(second.id)).toHaveLength(1);
    // The copy that landed after the kill was found by its metadata, not posted again.
    expect(copyPosts(first.id)).toHaveLength(1);
    expect(other.alive()).toBe(true);
    expect(other.logged('unhandled rejection')).toEqual([]);
  });
});
