/**
 * The name bridge end to end (issue 31): a ticket assigned on the board to a member nobody Radar
 * knows is named as reaches the workspace's one Slack person of that name (`users.list` of the fake
 * Slack, paged by cursor), once; a name two people carry tells nobody (one log line, without the
 * name); bots and deactivated accounts are never matched; the list is read once per team an hour
 * (Radar's clock moved, never waited for). The follow poller is ticked by the test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, TICKET_SEED, type Sandbox } from '../../../src/sandbox/index.js';
import type { ServiceClient, Ticket } from '../../../src/service/index.js';
import { mustRead, readable } from '../../../src/service/tolerant.js';
import type { Worker } from '../../../src/deps.js';
import type { LocalUser, StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { boardClient } from '../tickets/support.js';

const NW = TICKET_SEED.projects.northwind;
const M = TICKET_SEED.members;
const TICK_ONLY = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600', FOLLOW_INTERVAL_SECONDS: '3600' };
const START = Date.parse('2026-11-26T12:00:00Z');

/** Slack people the fixtures do not have: none of them has ever met Radar. */
const TOM = 'U07TOMOKA6';
const TOM_BOT = 'U07TOMBOT7';
const TOM_GONE = 'U07TOMOLD8';
const PRIYA_A = 'U07PRIYAA9';
const PRIYA_B = 'U07PRIYAB0';
const DIEGO_BOT = 'U07DIEGOB1';

/** 250 people before the rest, so that whoever comes after them is on `users.list`'s second page (200 a page). */
const crowd = (): Record<string, LocalUser> =>
  Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`U08CROWD${String(i).padStart(3, '0')}`, { name: `crowd${i}`, real_name: `Crowd Person ${i}` }]));

const textOf = (m: StoredMessage) => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

function followPoller(h: RadarHarness): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'follow-poller');
  if (!worker?.tick) throw new Error('the follow poller is not running');
  return worker as Required<Worker>;
}

describe('assignment DMs to people Radar has not met (the name bridge)', () => {
  let clock = START;
  let sandbox: Sandbox | undefined;
  let slack: FakeSlack | undefined;
  let h: RadarHarness | undefined;
  let board: ServiceClient | undefined;

  async function start(users: Record<string, LocalUser>): Promise<{ h: RadarHarness; slack: FakeSlack; board: ServiceClient }> {
    clock = START;
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack({ users });
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock), sandbox, slack });
    board = boardClient(h);
    // A bound channel makes the poller read the board; nobody follows anything or opened Home.
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
    await followPoller(h).tick(); // the baseline: nothing told
    return { h, slack, board };
  }

  afterEach(async () => {
    if (slack) expectNoViolations(slack);
    await board?.close();
    await h?.stop();
    await slack?.close();
    await sandbox?.close();
    h = undefined;
    slack = undefined;
    board = undefined;
    sandbox = undefined;
  });

  /** Open tickets of the board not assigned to `member`, oldest number first. */
  async function ticketsNotAssignedTo(b: ServiceClient, member: string, count: number): Promise<Ticket[]> {
    const open = readable((await b.listTickets(NW, {})).items).filter((t) => mustRead(t.assignee)?.userId !== member);
    expect(open.length).toBeGreaterThanOrEqual(count);
    return open.slice(0, count);
  }

  it('an assignee with a unique Slack name gets one DM, found on users.list’s second page; a bot or deactivated account of that name is not matched', async () => {
    const { h, slack, board } = await start({
      ...crowd(),
      [TOM_BOT]: { name: 'tom-bot', real_name: 'Tom Okafor', is_bot: true },
      [TOM_GONE]: { name: 'tom.old', real_name: 'Tom Okafor', deleted: true },
      [TOM]: { name: 'tom', real_name: 'Tom Okafor' },
      [DIEGO_BOT]: { name: 'diego', real_name: 'Diego Alvarez', is_bot: true },
    });
    const [forTom, forDiego] = await ticketsNotAssignedTo(board, M.tom, 2);
    await board.updateTicket(NW, forTom!.id, { assigneeUserId: M.tom });
    await board.updateTicket(NW, forDiego!.id, { assigneeUserId: M.diego });
    await followPoller(h).tick();

    expect(slack.messagesIn(TOM)).toHaveLength(1);
    const text = textOf(slack.messagesIn(TOM)[0]!);
    expect(text).toContain(`#${forTom!.number}`);
    expect(text).toContain('is now assigned to you');
    // The same name on a bot or a deactivated account is nobody: Tom was unique, Diego has no person.
    expect(slack.messagesIn(TOM_BOT)).toHaveLength(0);
    expect(slack.messagesIn(TOM_GONE)).toHaveLength(0);
    expect(slack.messagesIn(DIEGO_BOT)).toHaveLength(0);
    // Tom sits past the first 200: the list was read page by page, by cursor.
    const pages = slack.callsTo('users.list');
    expect(pages).toHaveLength(2);
    expect(pages[1]!.args.cursor).toBeTruthy();

    // Told once: the next rounds send nothing more.
    await followPoller(h).tick();
    await followPoller(h).tick();
    expect(slack.messagesIn(TOM)).toHaveLength(1);
  });

  it('a name two Slack people carry tells nobody, and one log line says so without the name', async () => {
    const { h, slack, board } = await start({
      [PRIYA_A]: { name: 'priya', real_name: 'Priya Raman' },
      // Her display name is the same: two people answer to it.
      [PRIYA_B]: { name: 'p.r', real_name: 'P. Raman', display_name: 'Priya Raman' },
    });
    const [ticket] = await ticketsNotAssignedTo(board, M.priya, 1);
    await board.updateTicket(NW, ticket!.id, { assigneeUserId: M.priya });
    await followPoller(h).tick();

    expect(slack.messagesIn(PRIYA_A)).toHaveLength(0);
    expect(slack.messagesIn(PRIYA_B)).toHaveLength(0);
    expect(slack.callsTo('chat.postMessage').filter((c) => String(c.args.channel).startsWith('U'))).toHaveLength(0);
    const said = h.logs.filter((line) => line.includes('matches more than one Slack person'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('"people":2');
    expect(said[0]).not.toMatch(/priya|raman/i);
  });

  it('the workspace’s list is read once per team within the hour, and again after it', async () => {
    const { h, slack, board } = await start({ [TOM]: { name: 'tom', real_name: 'Tom Okafor' } });
    // Only this flow reads users.list: count from here.
    const before = slack.callsTo('users.list').length;
    const [first, second, third] = await ticketsNotAssignedTo(board, M.tom, 3);

    await board.updateTicket(NW, first!.id, { assigneeUserId: M.tom });
    await followPoller(h).tick();
    expect(slack.messagesIn(TOM)).toHaveLength(1);
    expect(slack.callsTo('users.list').length - before).toBe(1);

    clock += 59 * 60_000;
    await board.updateTicket(NW, second!.id, { assigneeUserId: M.tom });
    await followPoller(h).tick();
    expect(slack.messagesIn(TOM)).toHaveLength(2);
    expect(slack.callsTo('users.list').length - before).toBe(1);

    clock += 2 * 60_000;
    await board.updateTicket(NW, third!.id, { assigneeUserId: M.tom });
    await followPoller(h).tick();
    expect(slack.messagesIn(TOM)).toHaveLength(3);
    expect(slack.callsTo('users.list').length - before).toBe(2);
  });
});
