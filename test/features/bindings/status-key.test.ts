/**
 * Issue 17, point 5: `/radar status` with a key the service refuses reads "reachable, but the key was
 * rejected"; a bound project the key cannot see is flagged; bind says at once when the key is read-only.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';

describe('/radar status and bind: the key', () => {
  const harnesses: RadarHarness[] = [];
  const start = async (key: 'revoked' | 'otherOrg' | 'readOnly') => {
    const h = await startRadarHarness({ key });
    harnesses.push(h);
    return h;
  };
  const bindDirectly = (h: RadarHarness) =>
    h.radar.deps.bindings.set({ teamId: TEAM.id, channelId: CHANNELS.intel, projectId: 'prj_northwind', projectName: 'Northwind CRM', boundBy: USERS.alice, boundAt: '2026-01-01T00:00:00.000Z' });
  afterEach(() => harnesses.forEach((h) => expectNoViolations(h.slack)));
  afterAll(() => Promise.all(harnesses.map((h) => h.stop())));

  it.each([['revoked', 'revoked']] as const)('a %s key: reachable, but the key was rejected', async (key, reason) => {
    const h = await start(key);
    await bindDirectly(h);
    const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(text).toContain(`reachable, but the key was rejected (${reason})`);
    expect(text).not.toContain('unreachable');
    expect(text).toContain('not checked (the key was rejected)');
  });

  it('flags a bound project the key cannot see', async () => {
    const h = await start('otherOrg');
    await bindDirectly(h);
    const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(text).toContain(":warning: *Radar's API key cannot see Northwind CRM:*");
    expect(text).toContain(':white_check_mark: reachable');
  });

  it('bind says when the key is read-only; status agrees', async () => {
    const h = await start('readOnly');
    const bound = replyText(await h.command('bind prj_northwind', { channel: CHANNELS.intel, user: USERS.alice }));
    expect(bound).toContain('This channel is now bound to *Northwind CRM*');
    expect(bound).toContain("Radar's API key is read-only: reads work, but ticket writes");
    const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(text).toContain('read only (tickets and comments cannot be written)');
    expect(text).not.toContain('cannot see');
  });
});
