import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { livingKey, LIVING_LEDGER_NAMESPACE } from '../../../src/features/living/show.js';
import { ticketStatusBlock } from '../../../src/features/living/views/ticket-status.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createDigestLedger } from '../../../src/store/digest-ledger.js';
import { createTicketThreadsRepo } from '../../../src/store/ticket-threads.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { readable } from '../../../src/service/tolerant.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { watchPoller } from '../watches/support.js';
import { boardReads, findMessage, livingPoller, NW, postWatchMessage, statusOf, TICK_ONLY, ticketFromWatch, ticketIdOf, updatesOf } from './support.js';

const MINUTE = 60_000;

// Like the watch replicas test: skipped without REDIS_URL; with it set and Redis down, the harness fails to start.
describe.skipIf(!process.env.REDIS_URL)('living messages with two replicas on one Redis', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let replicas: RadarHarness[] = [];
  let clock = Date.now();

  afterEach(async () => {
    expectNoViolations(slack);
    for (const replica of replicas) await replica.stop();
    await slack.close();
    await sandbox.close();
  });

  it('a replica killed between reading the board and updating (or between updating and recording): the other updates once, nothing twice, nothing lost', async () => {
    clock = Date.now();
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `l${randomUUID().slice(0, 8)}-`, env: TICK_ONLY, timing: { leaseTtlMs: 1_000 }, now: () => new Date(clock) };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    const [a, b] = replicas as [RadarHarness, RadarHarness];
    const tickBoth = () => Promise.all([livingPoller(a).tick(), livingPoller(b).tick()]);

    await a.command('bind northwind', { channel: CHANNELS.intel });
    const { message } = await postWatchMessage(a, CHANNELS.intel, () => Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]));
    const ticketId = ticketIdOf(await ticketFromWatch(b, message, 'Across replicas'));
    await slack.untilCalls(() => updatesOf(a, message.ts).length === 1);
    const threads = createTicketThreadsRepo(a.radar.deps.store);
    const ledger = createDigestLedger(a.radar.deps.store, { namespace: LIVING_LEDGER_NAMESPACE, now: () => new Date(clock) });
    const watchMessage = async () => {
      const thread = (await threads.get(TEAM.id, CHANNELS.intel, message.ts))!;
      return { thread, message: thread.messages.find((m) => m.kind === 'watch')! };
    };

    // 1. Killed after reading the board and claiming the update, before chat.update: the claim goes stale, the survivor updates once.
    await a.radar.deps.service.moveTicket(NW, ticketId, { status: 'in_progress' });
    const before = await watchMessage();
    const inProgress = { status: 'in_progress', assignee: null };
    expect((await ledger.claim(livingKey(before.thread, before.message, inProgress), 'killed-replica', 1)).granted).toBe(true);
    clock += MINUTE + 1_000;
    sandbox.control.clearRequests();
    await tickBoth();
    await tickBoth();
    expect(boardReads(a)).toBeLessThanOrEqual(2); // one per cycle of the lease holder, never one per replica
    expect(updatesOf(a, message.ts)).toHaveLength(2);
    expect(statusOf(findMessage(a, CHANNELS.intel, message.ts))).toContain('*In progress*');
    expect((await watchMessage()).message.shown).toEqual(inProgress);

    // 2. Killed after chat.update, before recording it: the survivor reads the message back, sees the state shown, records it.
    await a.radar.deps.service.moveTicket(NW, ticketId, { status: 'todo' });
    const middle = await watchMessage();
    const todo = { status: 'todo', assignee: null };
    expect((await ledger.claim(livingKey(middle.thread, middle.message, todo), 'killed-replica', 1)).granted).toBe(true);
    const current = findMessage(a, CHANNELS.intel, message.ts)!;
    const kept = (current.blocks as { block_id?: string }[]).filter((x) => !x.block_id?.startsWith('radar_ticket_status:'));
    await a.radar.app.client.chat.update({ channel: CHANNELS.intel, ts: message.ts, text: current.text, blocks: [...kept, ticketStatusBlock(middle.thread, todo)] as never });
    clock += MINUTE + 1_000;
    await tickBoth();
    await tickBoth();
    expect(updatesOf(a, message.ts)).toHaveLength(3); // the killed replica's, none after it
    expect((await watchMessage()).message.shown).toEqual(todo);
    expect(a.logs.concat(b.logs).some((l) => l.includes('"recovered":true'))).toBe(true);
  });

  it('sync on two replicas: a reply delivered to both writes one comment; a board comment is copied into the thread once', async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `l${randomUUID().slice(0, 8)}-`, env: TICK_ONLY, timing: { leaseTtlMs: 1_000 } };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    const [a, b] = replicas as [RadarHarness, RadarHarness];
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await b.command('sync on', { channel: CHANNELS.intel });
    const { message } = await postWatchMessage(a, CHANNELS.intel, () => Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]));
    const ticketId = ticketIdOf(await ticketFromWatch(a, message, 'Two replicas, one thread'));
    await Promise.all([livingPoller(a).tick(), livingPoller(b).tick()]); // sync starts

    // Slack retries a delivery the first replica was slow to ack: the same reply reaches both.
    const event = { type: 'message', channel: CHANNELS.intel, user: USERS.bob, text: 'seen on both', ts: '1795000001.000100', thread_ts: message.ts };
    await Promise.all([a.driver.event(event), b.driver.event(event)]);
    const comments = async () => readable(await a.radar.deps.service.listComments(NW, ticketId));
    while (!(await comments()).some((c) => c.body.includes('seen on both'))) await new Promise((r) => setTimeout(r, 20));
    await a.command('sync', { channel: CHANNELS.intel }); // both deliveries handled by now (one answered after the other)
    expect((await comments()).filter((c) => c.body.includes('seen on both'))).toHaveLength(1);

    const board = await a.radar.deps.service.createComment(NW, ticketId, 'from the board');
    await Promise.all([livingPoller(a).tick(), livingPoller(b).tick()]);
    await Promise.all([livingPoller(a).tick(), livingPoller(b).tick()]);
    const copies = slack.messagesIn(CHANNELS.intel).filter((m) => m.metadata?.event_payload.comment_id === board.id);
    expect(copies).toHaveLength(1);
  });
});
