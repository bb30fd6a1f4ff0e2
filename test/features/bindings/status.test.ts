/**
 * `/radar status` and the service's description: a line from the same contract check the doctor
 * runs, computed in the background (never slowing the answer), and the key-scope probe sent once
 * per process, not on every status.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contractStatusSettled } from '../../../src/service/contract-check.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';

const TICKET_POSTS = (h: RadarHarness) => h.sandbox.control.requests().filter((r) => r.method === 'POST' && /\/tickets$/.test(r.path));

describe('/radar status: service description and key scope', () => {
  const harnesses: RadarHarness[] = [];
  const start = async () => {
    const h = await startRadarHarness();
    harnesses.push(h);
    await h.command('bind prj_northwind', { channel: CHANNELS.intel, user: USERS.alice });
    return h;
  };
  afterEach(() => harnesses.forEach((h) => expectNoViolations(h.slack)));
  afterAll(() => Promise.all(harnesses.map((h) => h.stop())));

  it('says checking… first, then that the description matches; the scope probe is sent once', async () => {
    const h = await start();
    const first = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(first).toContain('*Service description*');
    expect(first).toMatch(/checking…|matches what Radar reads/);
    expect(first).toContain('read and write');
    await contractStatusSettled(h.radar.deps.service);
    for (let i = 0; i < 3; i++) {
      const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
      expect(text).toContain("the service's description matches what Radar reads");
      expect(text).toContain('read and write');
    }
    expect(TICKET_POSTS(h)).toHaveLength(1);
    expect(h.sandbox.control.requests().filter((r) => r.path === '/v1/docs/openapi.json')).toHaveLength(1);
  });

  it('counts the differences of a patched description and points at npm run doctor', async () => {
    const h = await start();
    const doc = structuredClone(h.sandbox.control.description()) as { paths: Record<string, unknown> };
    delete doc.paths['/v1/projects/{projectId}/pricing'];
    delete doc.paths['/v1/projects/{projectId}/tickets/assignees'];
    h.sandbox.control.setDescription(doc);
    await h.command('status', { channel: CHANNELS.intel });
    await contractStatusSettled(h.radar.deps.service);
    const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(text).toContain('2 differences: run `npm run doctor`');
  });
});
