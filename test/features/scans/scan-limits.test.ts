import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { channelRefusal, personRefusal } from '../../../src/features/fair-use/scan-limits.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { eventually, SCAN_TIMING, scanRequests, startScan } from './scan-helpers.js';

const starts = (h: RadarHarness) => scanRequests(h).filter((r) => r.method === 'POST').length;
/** Waits until the sandbox has answered `n` scan starts (it logs a request when it answers). */
const startsReach = (h: RadarHarness, n: number) => eventually(() => (starts(h) >= n ? true : undefined), `${n} scan starts`);

describe('fair use: scans running per person and per channel', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    // Speed 1: a trust scan runs 5 s, so the scans started here stay running for the whole file.
    h = await startRadarHarness({ speed: 1, timing: SCAN_TIMING, env: { SCAN_LIMIT_PER_PERSON: '2', SCAN_LIMIT_PER_CHANNEL: '3' } });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('refuses a person’s scan past their limit in one sentence, sending nothing to the service', async () => {
    await startScan(h, 'scan trust one-example.com', { channel: CHANNELS.intel, user: USERS.alice });
    await startScan(h, 'scan trust two-example.com', { channel: CHANNELS.intel, user: USERS.alice });
    await startsReach(h, 2);
    const posted = h.slack.callsTo('chat.postMessage').length;

    const refused = replyText(await h.command('scan trust three-example.com', { channel: CHANNELS.intel, user: USERS.alice }));
    expect(refused).toContain('You have 2 scans running; try again when one finishes (usually within a minute).');
    expect(personRefusal(2)).toBe('You have 2 scans running; try again when one finishes (usually within a minute).');
    expect(starts(h)).toBe(2);
    expect(h.slack.callsTo('chat.postMessage')).toHaveLength(posted);
  });

  it('refuses a scan past the channel’s limit, whoever asks', async () => {
    await startScan(h, 'scan trust four-example.com', { channel: CHANNELS.intel, user: USERS.bob });
    await startsReach(h, 3);
    const refused = replyText(await h.command('scan trust five-example.com', { channel: CHANNELS.intel, user: USERS.carol }));
    expect(refused).toContain('This channel has 3 scans running; try again when one finishes (usually within a minute).');
    expect(channelRefusal(3)).toBe('This channel has 3 scans running; try again when one finishes (usually within a minute).');
    expect(starts(h)).toBe(3);
  });

  it('a burst of starts by one person admits exactly their limit', async () => {
    const before = starts(h);
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => h.driver.command(`scan trust burst-${i}-example.com`, { channel: CHANNELS.general, user: USERS.carol })),
    );
    expect(acks.every((a) => a.status === 200)).toBe(true);
    // Each command's own answer, matched by its response_url.
    const refusals = () => acks.filter((ack) => h.answersTo(ack).some((r) => replyText(r).includes(personRefusal(2)))).length;
    await eventually(() => (refusals() >= 28 ? true : undefined), '28 refusals');
    await eventually(() => (starts(h) - before === 2 ? true : undefined), 'two scans started');
    // Each is recorded as pending once the service has answered its start.
    const carols = async () => (await h.radar.deps.pendingScans.listAll()).filter((s) => s.startedBy === USERS.carol);
    await eventually(async () => ((await carols()).length >= 2 ? true : undefined), 'both recorded as pending');
    expect(await carols()).toHaveLength(2);
    expect(starts(h) - before).toBe(2);
  });

  it('reads the limits from SCAN_LIMIT_PER_PERSON and SCAN_LIMIT_PER_CHANNEL; a bad value names its variable', () => {
    expect(loadConfig({}).scanLimits).toEqual({ perPerson: 5, perChannel: 20 });
    expect(loadConfig({ SCAN_LIMIT_PER_PERSON: '1', SCAN_LIMIT_PER_CHANNEL: '40' }).scanLimits).toEqual({ perPerson: 1, perChannel: 40 });
    for (const [name, value] of [['SCAN_LIMIT_PER_PERSON', '0'], ['SCAN_LIMIT_PER_CHANNEL', 'lots']] as const) {
      const error = (() => {
        try {
          loadConfig({ [name]: value });
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(name);
      expect((error as ConfigError).message).toMatch(new RegExp(`^${name} must be `));
      expect((error as ConfigError).message).not.toContain('\n');
    }
  });
});

describe('fair use: a burst against the default limit of five', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ speed: 1, timing: SCAN_TIMING });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('starts exactly five: a scan recorded as pending is not counted again by the token it started with', async () => {
    const acks = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.driver.command(`scan trust five-${i}-example.com`, { channel: CHANNELS.general, user: USERS.alice })),
    );
    expect(acks.every((a) => a.status === 200)).toBe(true);
    const refusals = () => acks.filter((ack) => h.answersTo(ack).some((r) => replyText(r).includes(personRefusal(5)))).length;
    // Every command settles: refused, or its scan started.
    await eventually(() => (refusals() + starts(h) >= 40 ? true : undefined), 'every start settled');
    expect(starts(h)).toBe(5);
    expect(refusals()).toBe(35);
    // Each is recorded as pending once the service has answered its start.
    const alices = async () => (await h.radar.deps.pendingScans.listAll()).filter((s) => s.startedBy === USERS.alice);
    await eventually(async () => ((await alices()).length >= 5 ? true : undefined), 'five recorded as pending');
    const pending = await alices();
    expect(pending).toHaveLength(5);
    expect(pending.every((s) => typeof s.admission === 'string')).toBe(true);
  });
});
