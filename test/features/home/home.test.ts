/**
 * The App Home tab end to end: signed `app_home_opened` events through the HTTP edge, the Home tab
 * Radar publishes (`views.publish`) checked against Slack's Block Kit schema and Home tab limits,
 * the once-a-minute refresh on Radar's clock (moved, never waited for).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { homeText } from '../../support/view-checks.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';

let clock = Date.parse('2026-06-01T09:00:00Z');
let h: RadarHarness;

beforeAll(async () => {
  h = await startRadarHarness({ now: () => new Date(clock) });
});
afterEach(() => expectNoViolations(h.slack));
afterAll(() => h?.stop());

/** Sends `app_home_opened` for `user` and resolves with the Home tab published for them after it. */
async function openHome(user: string, options: { view?: boolean } = {}): Promise<{ call: WebApiCall; text: string }> {
  const ack = await h.driver.event({ type: 'app_home_opened', user, channel: `D0${user.slice(1)}`, tab: 'home', ...(options.view ? { view: { id: 'V0HOMEPREV', type: 'home' } } : {}) });
  expect(ack.status).toBe(200);
  const call = await h.slack.waitForCall('views.publish', (c) => c.args.user_id === user && c.at >= ack.sentAt);
  return { call, text: homeText(call.args.view as object) };
}

/** Resolves once a log line after `after` matches: no deadline but the test's timeout (a line never logged fails it). */
async function logged(pattern: RegExp, after: number): Promise<void> {
  while (!h.logs.slice(after).some((l) => pattern.test(l))) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('App Home', () => {
  it('a first visit with no bound channel sees what Radar does and how to start', async () => {
    const { text } = await openHome(USERS.alice);
    expect(text).toContain('Radar brings the Competitive Intelligence Monitoring Service into Slack');
    expect(text).toContain('Invite Radar to a channel');
    expect(text).toContain('/radar bind <project>');
    expect(text).toContain('Try `/radar briefing`');
    expect(text).toContain('Radar is bound in none of your channels yet');
    expect(text).not.toContain('Assigned to you');
  });

  it('lists the bound channels the person is in, their digests, their open tickets and each latest headline', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
    await h.command('bind quarry', { channel: CHANNELS.private, user: USERS.alice });
    await h.command('digest off', { channel: CHANNELS.private, user: USERS.alice });
    clock += 61_000;
    const { text } = await openHome(USERS.maya, { view: true });
    // Not a first visit: no welcome.
    expect(text).not.toContain('How to start');
    expect(text).toMatch(/#C07COMPINT2 → \*Northwind CRM\* · digests on/);
    expect(text).toMatch(/#G07PRIVATE3 → \*Quarry Pay\* · digests off/);
    // Maya Chen (users.info) is the sandbox member Maya Chen: her open ticket, not her done one.
    expect(text).toContain('Assigned to you');
    expect(text).toContain('Rewrite homepage hero around pipeline forecasting');
    expect(text).toContain('_In progress_');
    expect(text).not.toContain('Launch the free plan for two seats');
    expect(text).toMatch(/1 open ticket assigned to you/);
    expect(text).toContain('Latest briefings');
    expect(text).toMatch(/\*Northwind CRM\* · Edition \d+/);
  });

  it('never lists a private channel the person is not in, nor reads its project', async () => {
    const before = h.sandbox.control.requests().length;
    const { text } = await openHome(USERS.carol);
    expect(text).toContain('Northwind CRM');
    expect(text).not.toContain('G07PRIVATE3');
    expect(text).not.toContain('Quarry Pay');
    // Carol Nguyen is no member of the organisation: said, not guessed.
    expect(text).toContain("couldn't match your Slack name (Carol Nguyen)");
    const quarry = (await h.radar.deps.bindings.get(TEAM.id, CHANNELS.private))?.projectId ?? 'unbound';
    const read = h.sandbox.control.requests().slice(before).map((r) => r.path);
    expect(read.some((p) => p.includes('/tickets'))).toBe(true);
    expect(read.some((p) => p.includes(quarry))).toBe(false);
  });

  it('a newcomer in no channel sees every bound public channel with its project (not a private one), then what they follow and how they are told', async () => {
    clock += 61_000;
    await h.command('watch pricing', { channel: CHANNELS.intel, user: USERS.alice });
    await h.command('follow competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.nia });
    const { call, text } = await openHome(USERS.nia);
    // Slack was asked which channels she is in (none), then which of the others are public.
    expect(h.slack.callsTo('users.conversations').some((c) => c.args.user === USERS.nia && c.at <= call.at)).toBe(true);
    expect(text).toContain('Where Radar works');
    expect(text).toMatch(/#C07COMPINT2 → \*Northwind CRM\* · digests on · watches: pricing · _you're not in it: join to see what it gets_/);
    expect(text).toContain('join one above rather than binding a duplicate');
    expect(text).not.toContain('G07PRIVATE3');
    expect(text).not.toContain('Quarry Pay');
    // A first visit with no channel of her own: the welcome too.
    expect(text).toContain('How to start');
    expect(text).toContain('What you follow');
    expect(text).toMatch(/Competitor: \*Pipedrift.* in Northwind CRM · set by @U07NIANEW5/);
    expect(text).toContain('Your notifications');
    expect(text).toContain('*Assignment messages* go to the person whose Slack name matches');
    expect(text).toContain('A ticket is assigned to you: *on*');
    expect(text).toContain('in your time zone (Europe/Berlin)');
  });

  it("Home's switches and Unfollow change what the person gets and publish the tab again at once", async () => {
    const home = () => h.slack.home(USERS.nia)!;
    const act = async (actionId: string, value: string | null) => {
      const ack = await h.driver.blockAction(actionId, value, { view: { ...home(), id: home().id }, user: USERS.nia });
      expect(ack.status).toBe(200);
      const call = await h.slack.waitForCall('views.publish', (c) => c.args.user_id === USERS.nia && c.at >= ack.sentAt);
      return homeText(call.args.view as object);
    };
    expect(await act(ACTION_IDS.notifyToggle, 'assigned')).toContain('A ticket is assigned to you: *off*');
    expect((await h.radar.deps.store.keyv('follows').get(`${TEAM.id}:${USERS.nia}`)) as { settings: { assigned: boolean } }).toMatchObject({ settings: { assigned: false } });
    expect(await act(ACTION_IDS.notifyQuiet, '22:00-07:00')).toMatch(/Quiet hours, in your time zone \(Europe\/Berlin\)/);
    const after = await act(ACTION_IDS.followRemove, null);
    expect(after).toContain('You follow nothing yet');
  });

  it('refreshes at most once a minute per person', async () => {
    clock += 61_000;
    await openHome(USERS.bob);
    const published = () => h.slack.callsTo('views.publish').filter((c) => c.args.user_id === USERS.bob).length;
    expect(published()).toBe(1);

    clock += 30_000;
    const mark = h.logs.length;
    const ack = await h.driver.event({ type: 'app_home_opened', user: USERS.bob, channel: 'D0BOB', tab: 'home', view: { id: 'V0', type: 'home' } });
    expect(ack.status).toBe(200);
    await logged(/refreshed less than a minute ago/, mark);
    expect(published()).toBe(1);

    clock += 31_000;
    await openHome(USERS.bob, { view: true });
    expect(published()).toBe(2);
  });

  it('ignores the Messages tab', async () => {
    clock += 61_000;
    const carol = () => h.slack.callsTo('views.publish').filter((c) => c.args.user_id === USERS.carol).length;
    const before = carol();
    const ack = await h.driver.event({ type: 'app_home_opened', user: USERS.carol, channel: 'D0CAROL', tab: 'messages' });
    expect(ack.status).toBe(200);
    // Sent after it: Alice's Home tab is published, Carol's is not.
    await openHome(USERS.alice, { view: true });
    expect(carol()).toBe(before);
  });

  it("answers Slack's URL check with its challenge through the gate", async () => {
    const ack = await h.driver.urlVerification('challenge-3f9a');
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ challenge: 'challenge-3f9a' });
  });
});
