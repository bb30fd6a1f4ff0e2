import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { eventually, SCAN_TIMING, startScan } from '../scans/scan-helpers.js';

const fetches = (h: RadarHarness) => h.sandbox.control.requests().filter((r) => r.path === '/v1/tools/fetch-url');

describe('/radar fetch', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('status, final URL, content type, size with cleanStats and duration, in one request', async () => {
    const text = replyText(await h.command('fetch https://pipedrift.com/ --body', { channel: CHANNELS.general }));
    expect(fetches(h)).toHaveLength(1);
    expect(text).toContain('*Status*\n200');
    expect(text).toContain('*Final URL*\nhttps://pipedrift.com/');
    expect(text).toContain('*Content type*\ntext/html; charset=utf-8');
    expect(text).toMatch(/\*Size\*\n\d+ B, cleaned to \d+ B \(−[\d.]+%\)/);
    expect(text).toContain('*Duration*\n240 ms');
  });

  it('--headers lists the headers; hidden headers read "the site hides its response headers", never "none"', async () => {
    const shown = replyText(await h.command('fetch https://pipedrift.com/ --headers', { channel: CHANNELS.general }));
    expect(shown).toContain('*Response headers* (3)');
    expect(shown).toContain('`strict-transport-security`: max-age=31536000');
    const hidden = replyText(await h.command('fetch shielded.example.com --headers', { channel: CHANNELS.general }));
    expect(hidden).toContain('the site hides its response headers');
    expect(hidden).not.toContain('the site sent none');
  });

  it('--body: the cleaned text follows in its own message, escaped and within limits', async () => {
    const ack = await h.driver.command('fetch https://hubforge.io/ --body', { channel: CHANNELS.general });
    const answers = await eventually(() => (h.answersTo(ack).length >= 2 ? h.answersTo(ack) : undefined), 'two answers');
    const body = replyText(answers[1] ?? { args: {} });
    expect(body).toContain('&lt;h1&gt;');
    expect(body).not.toContain('<script');
    expect(replyText(answers[1] ?? { args: {} })).not.toContain('Share to channel');
  });

  it('--body --share: the summary in the channel, the page text in its thread', async () => {
    const ack = await h.driver.command('fetch https://closewise.com/ --body --share', { channel: CHANNELS.general });
    const summary = await h.postAfter(ack, CHANNELS.general, { predicate: (c) => String(c.args.text).startsWith('Fetched') });
    const ts = (summary.response as { ts?: string } | undefined)?.ts;
    expect(ts).toBeTruthy();
    const thread = await h.postAfter(ack, CHANNELS.general, { predicate: (c) => c.args.thread_ts === ts });
    expect(replyText(thread)).toContain('&lt;h1&gt;');
  });

  it('validation happens before any request: scheme, localhost, private, loopback, link-local and single-label hosts', async () => {
    for (const url of ['ftp://pipedrift.com/', 'http://localhost:3000/', 'http://10.1.2.3/', 'http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest', 'http://intranet/', 'http://printer.local/', 'http://2130706433/']) {
      const text = replyText(await h.command(`fetch ${url}`, { channel: CHANNELS.general }));
      expect(text, url).toMatch(/only public sites|only http and https/);
    }
    expect(fetches(h)).toHaveLength(0);
  });

  it('one sentence each for 502 bot protection, 502 fetch failed and 503 unreachable', async () => {
    expect(replyText(await h.command('fetch https://blocked.example.com/', { channel: CHANNELS.general }))).toContain('blocked the service’s fetch with bot protection');
    expect(replyText(await h.command('fetch https://nothing-here.example.org/', { channel: CHANNELS.general }))).toContain('could not fetch `nothing-here.example.org` (fetch failed)');
    expect(replyText(await h.command('fetch https://unreachable.example.com/', { channel: CHANNELS.general }))).toContain('is unreachable right now; retry shortly');
    // Never retried: a fetch is a POST.
    expect(fetches(h)).toHaveLength(3);
  });

  it('a 400 from the service is one sentence', async () => {
    h.sandbox.control.addFault({ method: 'POST', path: '/v1/tools/fetch-url', kind: 'status', status: 400, code: 'invalid_parameters', times: 1 });
    expect(replyText(await h.command('fetch https://pipedrift.com/x', { channel: CHANNELS.general }))).toContain('The service refused to fetch that URL: Injected fault');
  });
});

describe('/radar fetch without a plan, and within the per-person limits', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    // Speed 1: a trust scan runs 5 s, so the scan started here stays running for the test.
    h = await startRadarHarness({ speed: 1, timing: SCAN_TIMING, env: { SCAN_LIMIT_PER_PERSON: '1' } });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('a fetch counts like a scan start: refused while the person is at their limit, nothing sent', async () => {
    await startScan(h, 'scan trust one-example.com', { channel: CHANNELS.intel, user: USERS.alice });
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('fetch https://pipedrift.com/', { channel: CHANNELS.general, user: USERS.alice }));
    expect(text).toContain('A fetch counts like a scan start. You have 1 scan running');
    expect(fetches(h)).toHaveLength(0);
    // Another person is not held by Alice's limit.
    expect(replyText(await h.command('fetch https://pipedrift.com/', { channel: CHANNELS.general, user: USERS.bob }))).toContain('*Status*\n200');
  });
});

describe('/radar fetch, organisation without a plan', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ key: 'noPlan' });
  });
  afterAll(() => h?.stop());

  it('402 is one sentence', async () => {
    expect(replyText(await h.command('fetch https://pipedrift.com/', { channel: CHANNELS.general }))).toContain('needs a plan with the monitoring service');
  });
});
