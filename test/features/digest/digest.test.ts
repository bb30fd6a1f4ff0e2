import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { ACTION_IDS, BLOCK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { digestsIn, finish, historyReads, poller, publish } from './support.js';
import { mustRead, readable } from '../../../src/service/tolerant.js';

const NORTHWIND = SEED.projects.northwind.id;
const LUMEN = SEED.projects.lumen.id;
const SPROUT = SEED.projects.sprout.id;
/** Cycles run only when a test ticks; the automatic schedule is tested on its own below. */
const TICK_ONLY = { DIGEST_INTERVAL_SECONDS: '3600' };

const textOf = (message: { text: string; blocks?: unknown[] }) => replyText({ args: { text: message.text, blocks: message.blocks } });

describe('briefing digests', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: TICK_ONLY });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('posts a new edition once to every bound channel, reading history once per project and the edition once', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    await h.command('bind lumen', { channel: CHANNELS.private });
    await poller(h).tick();
    // Binding does not post the editions that were already there.
    expect([CHANNELS.intel, CHANNELS.general, CHANNELS.private].map((c) => digestsIn(h, c).length)).toEqual([0, 0, 0]);

    const edition = await publish(h, NORTHWIND, { headline: 'Pipedrift <cut> prices & HubForge follows', opened: 3 });
    h.sandbox.control.clearRequests();
    await poller(h).tick();

    expect(historyReads(h, NORTHWIND)).toBe(1);
    expect(historyReads(h, LUMEN)).toBe(1);
    const requests = h.sandbox.control.requests();
    expect(requests.filter((r) => r.path.endsWith(`/strategic-briefing/history/${edition.runId}`))).toHaveLength(1);
    expect(requests.filter((r) => r.path === `/v1/projects/${NORTHWIND}/tickets` && r.query.briefingRunId === edition.runId)).toHaveLength(1);

    for (const channel of [CHANNELS.intel, CHANNELS.general]) expect(digestsIn(h, channel, edition.runId)).toHaveLength(1);
    expect(digestsIn(h, CHANNELS.private)).toHaveLength(0);

    const [digest] = digestsIn(h, CHANNELS.intel, edition.runId);
    const text = textOf(digest!);
    expect(text).toContain(`Northwind CRM: Edition ${edition.editionNumber}`);
    expect(text).toContain('Pipedrift &lt;cut&gt; prices &amp; HubForge follows');
    // The message text (notifications, clients without blocks) is mrkdwn as well.
    expect(digest!.text).toContain('Pipedrift &lt;cut&gt; prices &amp; HubForge follows');
    expect(text).toContain('opened 3');
    // Each thing said once: a row's deep dive by the command that reads it (no raw section key), a note
    // that already says "no deep-dive" not followed by a second one, the caveats as text without a count.
    expect(text).toMatch(/\*Pricing\* \(strong\): Priced \d+% under the market average per seat[^\n]* · deep dive: `\/radar briefing pricing`/);
    expect(text).not.toContain('deep-pricing');
    expect(text).not.toMatch(/no deep[- ]dive this edition.*no deep dive this edition/i);
    expect(text).toContain('*Coverage caveats*\n• Edition published through the sandbox control surface.');
    expect(text).not.toMatch(/\d+ coverage caveats?/);
    expect(text).not.toContain('Deep dives');
    expect(digest!.metadata?.event_payload).toEqual({ run_id: edition.runId, project_id: NORTHWIND });
    // The opened tickets in the edition's order, each with impact and size, with buttons.
    const ticketBlocks = (digest!.blocks as { block_id?: string; text?: { text: string } }[]).filter((b) => b.block_id?.startsWith('digest_ticket:') && !b.block_id.endsWith(':actions'));
    expect(ticketBlocks.map((b) => b.block_id)).toEqual(edition.opened.map((id) => `digest_ticket:${id}`));
    expect(ticketBlocks.every((b) => /impact .*·/.test(b.text?.text ?? ''))).toBe(true);

    await poller(h).tick();
    for (const channel of [CHANNELS.intel, CHANNELS.general]) expect(digestsIn(h, channel)).toHaveLength(1);
    const binding = await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.intel);
    expect(binding?.lastSeenRunId).toBe(edition.runId);
  });

  it('never digests running or failed runs, and digests a running one once it is done', async () => {
    const running = SEED.projects.lumen.briefingRunIds[0]!;
    await h.command('bind lumen', { channel: CHANNELS.intel });
    await poller(h).tick();
    await publish(h, LUMEN, { status: 'failed' });
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel)).toHaveLength(0);

    const done = await finish(h, LUMEN, running, 'done');
    await poller(h).tick();
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel).map((m) => m.metadata?.event_payload.run_id)).toEqual([done.runId]);
  });

  it('posts the first done edition of a project that had none when the channel was bound', async () => {
    await h.command('bind sprout', { channel: CHANNELS.intel });
    expect((await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.intel))?.lastSeenRunId).toBeNull();
    await poller(h).tick();
    const first = await publish(h, SPROUT, { opened: 1 });
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel, first.runId)).toHaveLength(1);
  });

  it('digest now posts the latest edition here, and the poller does not post it again', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 2 });
    const reply = replyText(await h.command('digest now', { channel: CHANNELS.intel }));
    expect(reply).toContain(`Posted the digest of *Northwind CRM*, Edition ${edition.editionNumber}`);
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);

    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
    // On request again: it is posted again, by request.
    await h.command('digest now', { channel: CHANNELS.intel });
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(2);
  });

  it('digest now does not double a digest the poller is posting at that moment', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    // The poller (another replica) holds a live claim: its post is in flight.
    await h.radar.deps.digestLedger.claim({ teamId: TEAM.id, channelId: CHANNELS.intel, runId: edition.runId }, 'poller-elsewhere', 60_000);
    const reply = replyText(await h.command('digest now', { channel: CHANNELS.intel }));
    expect(reply).toContain('is being posted in this channel right now');
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(0);
  });

  it('digest off stops digests, and on resumes them from the next edition without the ones in between', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    expect(replyText(await h.command('digest off', { channel: CHANNELS.intel }))).toContain('now *off*');
    expect((await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.intel))?.digestsEnabled).toBe(false);
    expect(replyText(await h.command('status', { channel: CHANNELS.intel }))).toContain('Briefing digests:* off');

    const whileOff = await publish(h, NORTHWIND);
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel)).toHaveLength(0);

    expect(replyText(await h.command('digest on', { channel: CHANNELS.intel }))).toContain('now *on*');
    expect(replyText(await h.command('digest on', { channel: CHANNELS.intel }))).toContain('already *on*');
    const next = await publish(h, NORTHWIND);
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel).map((m) => m.metadata?.event_payload.run_id)).toEqual([next.runId]);
    expect(digestsIn(h, CHANNELS.intel, whileOff.runId)).toHaveLength(0);

    expect(replyText(await h.command('digest sideways', { channel: CHANNELS.intel }))).toContain('takes `now`, `on` or `off`');
    expect(replyText(await h.command('digest off', { channel: CHANNELS.general }))).toContain("isn't bound");
  });

  it('a channel Radar is not in is marked failing and does not block the others; it gets the edition once invited', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    h.slack.denyChannel(CHANNELS.general, 'not_in_channel');
    const edition = await publish(h, NORTHWIND);
    await poller(h).tick();

    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
    const failing = await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.general);
    expect(failing?.failing?.reason).toContain('not_in_channel');
    expect(failing?.lastSeenRunId).not.toBe(edition.runId);
    expect(replyText(await h.command('status', { channel: CHANNELS.general }))).toContain('Digests to this channel are failing');

    h.slack.allowChannel(CHANNELS.general);
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.general, edition.runId)).toHaveLength(1);
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
    expect((await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.general))?.failing).toBeNull();
  });

  it('Edit on a digest row opens the ticket form, saves only what changed, and leaves the digest as it is', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    await poller(h).tick();
    const [ticketId] = edition.opened as [string];
    const digest = digestsIn(h, CHANNELS.intel, edition.runId)[0]!;
    const ack = await h.driver.blockAction(ACTION_IDS.ticketEdit, null, { channel: CHANNELS.intel, message: digest, user: USERS.bob });
    const { view } = await h.viewOpenedBy(ack);
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id);
    const form = h.slack.view(view.id)!;
    const title = (form.blocks as { block_id?: string; element?: { initial_value?: string } }[]).find((b) => b.block_id === BLOCK_IDS.title)?.element?.initial_value;
    h.sandbox.control.clearRequests();
    await h.driver.viewSubmission(form, { [BLOCK_IDS.title]: title ?? null, [BLOCK_IDS.due]: '2031-01-31' }, { user: USERS.bob });
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === form.id && JSON.stringify(c.args.view).includes('Saved ticket'));
    const patch = h.sandbox.control.requests().find((r) => r.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ dueDate: '2031-01-31' });
    expect((await h.radar.deps.service.getTicket(NORTHWIND, ticketId)).dueDate).toBe('2031-01-31');
    // The digest message is not replaced by a ticket view.
    expect(h.answersTo(ack)).toHaveLength(0);
  });

  it('the buttons move a ticket to To do or dismiss it, and the digest shows the new column', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 2 });
    await poller(h).tick();
    const [first, second] = edition.opened as [string, string];

    const digest = () => digestsIn(h, CHANNELS.intel, edition.runId)[0]!;
    const ack = await h.driver.blockAction(ACTION_IDS.digestMove, null, { channel: CHANNELS.intel, message: digest(), user: USERS.bob });
    expect(ack.status).toBe(200);
    await h.slack.waitForCall('chat.update', (c) => JSON.stringify(c.args.blocks).includes('To do'));
    expect((await h.radar.deps.service.getTicket(NORTHWIND, first)).status).toBe('todo');
    // It lands at the top of To do, like every move Radar makes (docs/assumptions.md).
    const todo = (await h.radar.deps.service.listTickets(NORTHWIND, { status: ['todo'] })).items;
    expect(todo.length).toBeGreaterThan(1);
    expect(readable(todo)[0]?.id).toBe(first);
    const row = (id: string) => textOf({ text: '', blocks: (digest().blocks as { block_id?: string }[]).filter((b) => b.block_id === `digest_ticket:${id}`) });
    expect(row(first)).toContain(`*To do* (moved by <@${USERS.bob}>)`);
    expect(digest().metadata?.event_payload.run_id).toBe(edition.runId);

    // Button values are sealed now (src/slack/sealed-values.ts): the second row's Dismiss is read from the digest.
    const secondRow = (digest().blocks as { block_id?: string; elements?: { action_id?: string; value?: string }[] }[]).find((b) => b.block_id === `digest_ticket:${second}:actions`);
    const dismissValue = secondRow?.elements?.find((e) => e.action_id === ACTION_IDS.digestDismiss)?.value ?? '';
    await h.driver.blockAction(ACTION_IDS.digestDismiss, dismissValue, { channel: CHANNELS.intel, message: digest() });
    await h.slack.waitForCall('chat.update', (c) => JSON.stringify(c.args.blocks).includes('Dismissed'));
    expect((await h.radar.deps.service.getTicket(NORTHWIND, second)).status).toBe('dismissed');
    expect((await h.radar.deps.service.listTickets(NORTHWIND, { status: ['dismissed'], closed: 'all' })).items.map((t) => mustRead(t))[0]?.id).toBe(second);
    expect(row(second)).toContain('*Dismissed*');
    expect(row(first)).toContain('*To do*');
  });

  it('a thread reply listing more tickets carries radar_ticket metadata naming them, kept when a row there is moved (issue 30)', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 10 });
    await poller(h).tick();
    const main = digestsIn(h, CHANNELS.intel, edition.runId)[0]!;
    const reply = () => h.slack.messagesIn(CHANNELS.intel).find((m) => m.thread_ts === main.ts && m.ts !== main.ts && JSON.stringify(m.blocks).includes('digest_ticket:'))!;
    const shown = (edition.opened as string[]).slice(8);
    const expected = { event_type: 'radar_ticket', event_payload: { project_id: NORTHWIND, run_id: edition.runId, ticket_ids: shown.join(',') } };
    expect(reply().metadata).toEqual(expected);
    const last = shown[shown.length - 1]!;
    const actions = (reply().blocks as { block_id?: string; elements?: { action_id?: string; value?: string }[] }[]).find((b) => b.block_id === `digest_ticket:${last}:actions`);
    const dismiss = actions?.elements?.find((e) => e.action_id === ACTION_IDS.digestDismiss)?.value ?? '';
    await h.driver.blockAction(ACTION_IDS.digestDismiss, dismiss, { channel: CHANNELS.intel, message: reply() });
    const update = await h.slack.waitForCall('chat.update', (c) => c.args.ts === reply().ts && JSON.stringify(c.args.blocks).includes('Dismissed'));
    expect(update.args.metadata).toEqual(expected);
  });

  it('a ticket row’s Follow button follows that ticket for whoever clicks (issue 31)', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    await poller(h).tick();
    const [first] = edition.opened as [string];
    const digest = digestsIn(h, CHANNELS.intel, edition.runId)[0]!;
    const row = (digest.blocks as { block_id?: string; elements?: { action_id?: string; value?: string }[] }[]).find((b) => b.block_id === `digest_ticket:${first}:actions`);
    const value = row?.elements?.find((e) => e.action_id === ACTION_IDS.ticketFollow)?.value;
    expect(value).toBeTruthy();
    const answer = replyText(await h.answerTo(await h.driver.blockAction(ACTION_IDS.ticketFollow, value!, { channel: CHANNELS.intel, message: digest, user: USERS.bob })));
    const ticket = await h.radar.deps.service.getTicket(NORTHWIND, first);
    expect(answer).toContain(`You now follow *#${ticket.number} `);
    const follows = replyText(await h.command('follow', { channel: CHANNELS.intel, user: USERS.bob }));
    expect(follows).toContain(`Ticket: *#${ticket.number} `);
    expect(follows).toContain(`set by <@${USERS.bob}>`);
  });

  it('a restart between polls neither repeats nor misses an edition', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const before = await publish(h, NORTHWIND);
    await poller(h).tick();
    await h.restart();
    await poller(h).tick();
    const after = await publish(h, NORTHWIND);
    await h.restart();
    await poller(h).tick();
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel).map((m) => m.metadata?.event_payload.run_id)).toEqual([before.runId, after.runId]);
  });

  it('after a kill between posting and recording, the earlier post is recorded instead of posted again', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    const edition = await publish(h, NORTHWIND);
    const intelKey = { teamId: TEAM.id, channelId: CHANNELS.intel, runId: edition.runId };
    const generalKey = { ...intelKey, channelId: CHANNELS.general };
    // The dead process claimed both; it posted to #intel and died before recording; it never reached #general.
    await h.radar.deps.digestLedger.claim(intelKey, 'dead-process', 1);
    await h.radar.deps.digestLedger.claim(generalKey, 'dead-process', 1);
    const earlier = await h.radar.app.client.chat.postMessage({
      channel: CHANNELS.intel,
      text: 'digest posted before the crash',
      metadata: { event_type: 'radar_digest', event_payload: { run_id: edition.runId, project_id: NORTHWIND } },
    });
    await h.restart();
    await poller(h).tick();

    expect(digestsIn(h, CHANNELS.intel, edition.runId).map((m) => m.ts)).toEqual([earlier.ts]);
    expect(await h.radar.deps.digestLedger.get(intelKey)).toMatchObject({ state: 'posted', ts: earlier.ts });
    expect(digestsIn(h, CHANNELS.general, edition.runId)).toHaveLength(1);
    expect(h.slack.callsTo('conversations.history').every((c) => c.args.include_all_metadata === true || c.args.include_all_metadata === 'true')).toBe(true);
  });

  it('after a kill between the main post and its thread, recovery posts the missing replies once', async () => {
    await h.command('bind northwind', { channel: CHANNELS.private });
    // Twelve opened tickets: more than the main message lists, so the digest has a thread reply.
    const edition = await publish(h, NORTHWIND, { opened: 12 });
    const key = { teamId: TEAM.id, channelId: CHANNELS.private, runId: edition.runId };
    await h.radar.deps.digestLedger.claim(key, 'dead-process', 1);
    const earlier = await h.radar.app.client.chat.postMessage({
      channel: CHANNELS.private,
      text: 'digest posted before the crash, thread never written',
      metadata: { event_type: 'radar_digest', event_payload: { run_id: edition.runId, project_id: NORTHWIND } },
    });
    await h.restart();
    await poller(h).tick();
    await poller(h).tick();

    const replies = h.slack.messagesIn(CHANNELS.private).filter((m) => m.thread_ts === earlier.ts && m.ts !== earlier.ts);
    expect(replies.length).toBeGreaterThan(0);
    expect(new Set(replies.map((m) => m.text)).size).toBe(replies.length);
    expect(digestsIn(h, CHANNELS.private, edition.runId).map((m) => m.ts)).toEqual([earlier.ts]);
  });

  it('a project bound to many channels gets every digest through Slack rate limits', async () => {
    const channels = Array.from({ length: 120 }, (_, i) => `C09BULK${String(i).padStart(4, '0')}`);
    const latest = readable((await h.radar.deps.service.getBriefingHistory(NORTHWIND)).items).find((r) => r.status === 'done')!.runId;
    for (const channelId of channels) {
      await h.radar.deps.bindings.set({
        teamId: TEAM.id,
        channelId,
        projectId: NORTHWIND,
        projectName: 'Northwind CRM',
        boundBy: USERS.alice,
        boundAt: new Date().toISOString(),
        digestsEnabled: true,
        lastSeenRunId: latest,
        failing: null,
      });
    }
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    // More 429s in a row than the client retries: some posts wait for the next poll.
    h.slack.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 0, times: 12 });
    await poller(h).tick();
    await poller(h).tick();
    const counts = channels.map((c) => digestsIn(h, c, edition.runId).length);
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    expect(h.slack.calls.filter((c) => c.method === 'chat.postMessage').length).toBeGreaterThan(channels.length);
  });
});

describe('the automatic schedule', () => {
  let h: RadarHarness;
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('polls every DIGEST_INTERVAL_SECONDS without being asked', async () => {
    h = await startRadarHarness({ env: { DIGEST_INTERVAL_SECONDS: '1' } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind lumen', { channel: CHANNELS.general });
    const edition = await publish(h, NORTHWIND);
    const call = await h.slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel);
    expect((call.args.metadata as { event_payload: { run_id: string } }).event_payload.run_id).toBe(edition.runId);
  });
});

describe('a digest post Slack does not answer in time', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: TICK_ONLY, timing: { slackPostTimeoutMs: 100, digestClaimTtlMs: 60_000 } });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h?.stop();
  });

  it('keeps the claim, so no second copy is posted, and records the post when the late answer comes', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    const key = { teamId: TEAM.id, channelId: CHANNELS.intel, runId: edition.runId };
    h.slack.delayNext('chat.postMessage', 600);
    await poller(h).tick();
    // The poll moved on before Slack answered; a second poll meanwhile must not post again.
    expect(await h.radar.deps.digestLedger.get(key)).toMatchObject({ state: 'claimed' });
    await poller(h).tick();
    // Until the late answer is recorded: no deadline but the test's timeout (a record never made fails it).
    while ((await h.radar.deps.digestLedger.get(key))?.state !== 'posted') await new Promise((r) => setTimeout(r, 20));
    const posted = digestsIn(h, CHANNELS.intel, edition.runId);
    expect(posted).toHaveLength(1);
    expect(await h.radar.deps.digestLedger.get(key)).toMatchObject({ state: 'posted', ts: posted[0]?.ts });
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
  });
});
