import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { finished, messageAt, resultReplies, SCAN_TIMING, scanRequests, startScan, textOf, updatesOf } from './scan-helpers.js';

describe('/radar scan: from the command to the result in the channel', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    // Speed 20: a trust scan queues for 50 ms and runs for 200 ms, so polls see every state.
    h = await startRadarHarness({ speed: 20, timing: SCAN_TIMING });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('runs a trust-signals scan: one message kept current from queued through running to the result, details in its thread', async () => {
    const ts = await startScan(h, 'scan trust https://WWW.Northwind-Example.com:8443/pricing?x=1', { user: USERS.bob });
    const final = await finished(h, CHANNELS.intel, ts);

    const start = scanRequests(h).find((r) => r.method === 'POST');
    expect(start?.path).toBe('/v1/tools/trust-signals/scans');
    const updates = updatesOf(h.slack, ts);
    expect(updates[0]).toContain('Queued');
    expect(updates.some((u) => /Running for \d+ s/.test(u))).toBe(true);
    expect(updates.every((u) => u.includes(`<@${USERS.bob}> started a trust-signals scan of *www.northwind-example.com*`))).toBe(true);

    expect(final).toContain('Trust signals: www.northwind-example.com');
    expect(final).toMatch(/\*Tier:\* (Comprehensive|Substantial|Moderate|Minimal) · \*Score:\* \d+\/100, against a benchmark of \d+ for this tier \((above|below) average\)/);
    for (const category of ['Enterprise readiness', 'Third party validation', 'Social proof', 'Brand authority', 'Risk reversal']) {
      expect(final).toMatch(new RegExp(`\\*${category}\\*\\n\\d+/\\d+`));
    }
    // "16 of 26" is said once: the service's summary says it, so Radar's line does not repeat it.
    expect(final.match(/\b\d+ of 26\b/g)).toHaveLength(1);
    expect(final).toContain('*Strongest signals:*\n• ');
    expect(final).toMatch(/\*Top gaps vs the benchmark:\* \d+\n• .*(\d+% of the benchmark show it|half of the benchmark|most of the benchmark show it \(\d+%\))/);
    expect(final).not.toMatch(/Soc2|Iso27001|Gdpr|Sso\b/);
    expect(final).not.toContain('hides its response headers');

    const replies = resultReplies(h.slack, CHANNELS.intel, ts);
    expect(replies).toHaveLength(1);
    const details = textOf(replies[0]!);
    expect(details).toContain('*Signals detected*');
    expect(details).toContain('*Gaps vs the benchmark*');
    expect(replies[0]!.metadata?.event_payload).toMatchObject({ scan_id: expect.stringMatching(/^scan_/) });
    expect(h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === undefined && m.ts !== ts && m.text.includes('northwind-example'))).toEqual([]);
  });

  it('runs an agent-adoption scan with --fix-prompts: score, level, categories, failed checks, fix prompts in the thread', async () => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, 'scan agents Quarry-Example.io --fix-prompts');
    const final = await finished(h, CHANNELS.intel, ts);

    const body = h.sandbox.control.requests().find((r) => r.method === 'POST' && r.path === '/v1/tools/agent-adoption/scans');
    expect(body).toBeDefined();
    expect(final).toContain('Agent adoption: quarry-example.io');
    expect(final).toMatch(/\*Score:\* \d+ · \*Level:\* \d \((Unprepared|Basic|Emerging|Capable|Agent-ready)\)/);
    for (const category of ['Discoverability', 'Access control', 'Content readability', 'Agent endpoints']) {
      expect(final).toMatch(new RegExp(`\\*${category}\\*: \\d+\\n\\d+ passed · \\d+ failed · \\d+ neutral · \\d+ could not measure`));
    }
    expect(final).toMatch(/\*Failed scored checks:\* (none\.|\d+\n• `[a-z0-9-]+` \([a-z ]+\): Not met)/);
    expect(final).toMatch(/\*Clusters triggered:\* (none\.|\d+)/);

    const [reply] = resultReplies(h.slack, CHANNELS.intel, ts);
    const details = textOf(reply!);
    expect(details).toContain('*Failed scored checks*');
    expect(details).toContain('*Fix prompt:*\n> Make this true for https://quarry-example.io/');
    expect(details).toMatch(/\d+ checks evaluated, \d+ skipped/);
  });

  it('leaves fix prompts out unless asked for', async () => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, 'scan agents quarry-example.io');
    await finished(h, CHANNELS.intel, ts);
    expect(textOf(resultReplies(h.slack, CHANNELS.intel, ts)[0]!)).not.toContain('Fix prompt');
  });

  it('says when response headers could not be inspected, and that nothing else is missing', async () => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, 'scan trust shielded-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('The site hides its response headers (site uses behavioral protection)');
    expect(final).toContain('otherwise complete and comparable');
  });

  it('reads nulls as never inspected, never as zero', async () => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, 'scan trust legacy-null-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    // Said once per message, naming every part a null marks.
    expect(final).toContain('_Never inspected: verdict, category scores, signals detected, suspicious patterns, gaps vs the benchmark, signals evaluated.');
    expect(final.match(/never inspected/gi)).toHaveLength(1);
    expect(final).not.toMatch(/\b0\/100\b/);
    const details = textOf(resultReplies(h.slack, CHANNELS.intel, ts)[0]!);
    expect(details.match(/never inspected/gi)).toHaveLength(1);
    expect(details).not.toContain('(0)');
  });

  it.each([
    ['fail-homepage-example.com', 'could not fetch the homepage of *fail-homepage-example.com*'],
    ['fail-scan-example.com', 'The scan failed on the service’s side'],
  ])('reports a failed scan of %s in a plain sentence', async (domain, sentence) => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, `scan trust ${domain}`);
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain(sentence);
    expect(final).toMatch(/Scan id `scan_/);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toEqual([]);
  });

  it('refuses input that is not a site without calling the service or posting', async () => {
    h.sandbox.control.clearRequests();
    const posts = h.slack.callsTo('chat.postMessage').length;
    const cases: [string, string][] = [
      ['scan', 'Say what to scan'],
      ['scan pricing northwindcrm.com', 'in `/radar scan`; it takes `trust` (trust signals) or `agents` (agent adoption)'],
      ['scan trust', 'Say which site to scan'],
      ['scan trust "not a domain"', '“not a domain” is not a domain or web address'],
      ['scan trust localhost', 'is not a domain or web address'],
      ['scan agents ftp://files.example.com', 'is not a domain or web address'],
      ['scan trust 192.168.0.1', 'is not a domain or web address'],
      ['scan trust <!channel>', '“&lt;!channel&gt;” is not a domain or web address'],
      ['scan trust a.com b.com', 'takes one domain or URL'],
      ['scan trust northwindcrm.com --fix-prompts', '--fix-prompts goes with agent-adoption scans only'],
    ];
    for (const [text, sentence] of cases) {
      const reply = await h.command(text, { channel: CHANNELS.general });
      expect(reply.args.response_type).toBe('ephemeral');
      expect(replyText(reply)).toContain(sentence);
    }
    expect(scanRequests(h)).toEqual([]);
    expect(h.slack.callsTo('chat.postMessage')).toHaveLength(posts);
  });

  it('tells the person how to fix it when Radar is not in the channel, and starts nothing', async () => {
    h.sandbox.control.clearRequests();
    h.slack.denyChannel(CHANNELS.private, 'not_in_channel');
    try {
      const reply = await h.command('scan trust northwindcrm.com', { channel: CHANNELS.private });
      expect(reply.args.response_type).toBe('ephemeral');
      expect(replyText(reply)).toContain('Radar can’t post in this channel (not_in_channel), so it didn’t start the scan');
      expect(replyText(reply)).toContain('/invite @Radar');
    } finally {
      h.slack.allowChannel(CHANNELS.private);
    }
    expect(scanRequests(h)).toEqual([]);
    expect(await h.radar.deps.pendingScans.listAll()).toEqual([]);
  });

  it('keeps the message within Slack limits and escapes what the person typed', async () => {
    h.sandbox.control.setSpeed(1000);
    const ts = await startScan(h, 'scan trust <https://acme-example.com|acme-example.com>');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Trust signals: acme-example.com');
    expect(messageAt(h.slack, CHANNELS.intel, ts).blocks?.length).toBeLessThanOrEqual(50);
  });
});

describe('/radar scan without a plan', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ key: 'noPlan', timing: SCAN_TIMING });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('says the organisation needs a plan, keeps the command to run again, and records nothing', async () => {
    const ts = await startScan(h, 'scan agents northwindcrm.com --fix-prompts');
    const text = await finished(h, CHANNELS.intel, ts);
    expect(text).toContain('Your organisation needs a plan with the monitoring service');
    expect(text).toContain('Run `/radar scan agents northwindcrm.com --fix-prompts` again once that is fixed.');
    expect(scanRequests(h).map((r) => r.path)).toEqual(['/v1/tools/agent-adoption/scans']);
    expect(await h.radar.deps.pendingScans.listAll()).toEqual([]);
  });
});
