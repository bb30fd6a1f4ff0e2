/** Issue 17, answer 7: `/radar projects` past one page pages (`--page`) or filters (`<words>`), never "…and N projects". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';

describe('/radar projects with many projects', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
    const made = await fetch(`${h.sandbox.url}/__sandbox/projects/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 77, prefix: 'many', organizationId: 'org_acme' }),
    });
    expect(made.status).toBe(200);
  });
  afterAll(() => h?.stop());

  it('pages through every project, counts them all, and names the next page', async () => {
    const first = replyText(await h.command('projects', { channel: CHANNELS.general }));
    const total = Number(/Projects \((\d+)\)/.exec(first)?.[1]);
    expect(total).toBeGreaterThanOrEqual(81);
    expect(first).not.toMatch(/…and \d+ projects/);
    expect(first).toContain('next: `/radar projects --page 2`');
    expect(first).toContain('Share to channel');
    const pages = Math.ceil(total / 20);
    const last = replyText(await h.command(`projects --page ${pages}`, { channel: CHANNELS.general }));
    expect(last).toContain('id `prj_many_77`');
    expect(last).toContain(`Page ${pages} of ${pages}`);
    const past = replyText(await h.command(`projects --page ${pages + 1}`, { channel: CHANNELS.general }));
    expect(past).toContain('past the end');
    expect(past).not.toContain('Share to channel');
  });

  it('finds projects by words in their name, domain or id; none found is an answer without Share', async () => {
    const found = replyText(await h.command('projects northwind', { channel: CHANNELS.general }));
    expect(found).toMatch(/Projects matching “northwind” \(1 of \d+\)/);
    expect(found).toContain('*Northwind CRM*');
    const none = replyText(await h.command('projects nothing-like-this', { channel: CHANNELS.general }));
    expect(none).toContain('No project\'s name, domain or id contains “nothing-like-this”');
    expect(none).not.toContain('Share to channel');
  });
});
