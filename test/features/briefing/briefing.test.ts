import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishEdition } from '../../../src/sandbox/routes/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';

describe('/radar briefing', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('shows the latest done edition: verdict, number, date, board counts, caveats and deep dives', async () => {
    const reply = await h.command('briefing --project northwind', { channel: CHANNELS.general });
    const text = replyText(reply);
    expect(text).toMatch(/Northwind CRM: Edition 3 · \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain('Competitors are out-publishing you');
    // tickets.commented is shown beside the other moves (docs/assumptions.md), a count of 0 included.
    expect(text).toMatch(/opened \d+ · commented \d+ · already on board \d+ · rechecked unchanged \d+/);
    expect(text).toMatch(/triage \d+ · to do \d+ · in progress \d+ · done \d+ · dismissed \d+/);
    expect(text).toContain('Coverage caveats');
    expect(text).toContain('deep dive: `/radar briefing pricing`');
    expect(text).toContain('Share to channel');
  });

  it('a running latest run shows its step and since when, then the last done edition from history', async () => {
    const text = replyText(await h.command('briefing --project lumen', { channel: CHANNELS.general }));
    expect(text).toContain('is being written: now *analysing AI visibility*');
    expect(text).toMatch(/started .* ago \((<!date\^\d+\^[^|>]+\|[^>]+>|(\w{3} \d{1,2}, \d{4}|today|yesterday|tomorrow) \d{2}:\d{2})/);
    expect(text).toMatch(/Lumen Docs: Edition \d+/);
    expect(text).toContain('Last done edition');
  });

  it('a failed latest run says so and shows the last done edition', async () => {
    const text = replyText(await h.command('briefing --project quarry', { channel: CHANNELS.general }));
    expect(text).toContain('latest briefing attempt for *Quarry Pay* failed');
    expect(text).toMatch(/Quarry Pay: Edition \d+/);
  });

  it('a project that never had a run says no briefing has run yet (after checking history)', async () => {
    await h.sandbox.control.clearRequests();
    const text = replyText(await h.command('briefing --project sprout', { channel: CHANNELS.general }));
    expect(text).toContain('No briefing has run yet');
    const paths = h.sandbox.control.requests().map((r) => r.path);
    expect(paths.some((p) => p.endsWith('/strategic-briefing/history'))).toBe(true);
  });

  it('lists history newest first with paging', async () => {
    const text = replyText(await h.command('briefing history --project quarry', { channel: CHANNELS.general }));
    expect(text).toContain('briefing history');
    expect(text).toMatch(/:x: \*—\*/); // the failed run, without an edition number
    expect(text).toMatch(/runs in all/);
    const beyond = replyText(await h.command('briefing history --page 99 --project quarry', { channel: CHANNELS.general }));
    expect(beyond).toContain('past the end');
    const bad = replyText(await h.command('briefing history --page zero --project quarry', { channel: CHANNELS.general }));
    expect(bad).toContain('--page needs a page number');
  });

  it('keeps a service string with <!channel> and <@U…> inert', async () => {
    publishEdition(h.sandbox.state, 'prj_northwind', { headline: '<!channel> ping <@U07ALICE01> & <https://evil.example|click>' });
    const reply = await h.command('briefing --project northwind', { channel: CHANNELS.general });
    const text = replyText(reply);
    expect(text).toContain('&lt;!channel&gt; ping &lt;@U07ALICE01&gt; &amp; &lt;https://evil.example|click&gt;');
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<@U07ALICE01>');
  });

  it('--share answers in the channel, and the Share button reposts there', async () => {
    const shared = await h.command('briefing --project northwind --share', { channel: CHANNELS.general });
    expect(shared.args.response_type).toBe('in_channel');
    expect(replyText(shared)).not.toContain('Share to channel');

    const ephemeral = await h.command('projects', { channel: CHANNELS.general });
    const blocks = ephemeral.args.blocks as unknown[];
    const ack = await h.driver.blockAction('share', null, { channel: CHANNELS.general, message: { ts: '1.1', blocks }, ephemeral: true });
    expect(ack.status).toBe(200);
    const reposted = await h.answerTo(ack, { predicate: (c) => c.args.response_type === 'in_channel' });
    expect(replyText(reposted)).toContain('Northwind CRM');
  });
});
