/**
 * One clear sentence per cause, never a stack trace, through the real app: the key rejected, a
 * read-only key, a project not found, rate limited after retries, the service unreachable or
 * answering garbage, and bad input.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectNoViolations } from '../support/fake-slack.js';
import { CHANNELS, TEAM } from '../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';

const oneSentence = (text: string) => {
  expect(text).toMatch(/^:warning: /);
  expect(text).not.toMatch(/\n\s+at |Error:|stack|undefined|\[object Object\]/);
};

describe('error replies', () => {
  let sandbox: Sandbox;
  let h: RadarHarness;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    h = await startRadarHarness({ sandbox, timing: {} });
  });
  afterEach(async () => {
    sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  afterAll(async () => {
    await h?.stop();
    await sandbox?.close();
  });

  const blocksText = (text: string) => text.split('\n').find((l) => l.startsWith(':warning:')) ?? text;

  it('bad input: a flag without a value, an unknown flag, an unknown word with a suggestion', async () => {
    for (const [input, expected] of [
      ['briefing --project', '--project needs a project id or name'],
      ['pricing --colour red', "Radar doesn't know the option --colour"],
      ['briefng', 'Did you mean `/radar briefing`?'],
      ['bind', 'Say which project to bind'],
      ['briefing yesterday', 'takes nothing or `history`'],
    ] as const) {
      const text = replyText(await h.command(input, { channel: CHANNELS.general }));
      expect(text, input).toContain(expected);
      oneSentence(blocksText(text));
    }
  });

  it('a project the service no longer knows suggests rebinding', async () => {
    await h.radar.deps.bindings.set({
      teamId: TEAM.id,
      channelId: CHANNELS.private,
      projectId: 'prj_deleted',
      projectName: 'Old Project',
      boundBy: 'U1',
      boundAt: new Date().toISOString(),
      digestsEnabled: true,
      lastSeenRunId: null,
      failing: null,
    });
    const text = replyText(await h.command('pricing', { channel: CHANNELS.private }));
    expect(text).toContain("can't find *Old Project*");
    expect(text).toContain('rebind this channel');
    oneSentence(blocksText(text));
  });

  it('rate limited after retries', async () => {
    sandbox.control.addFault({ path: '/v1/projects', kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0 });
    const text = replyText(await h.command('projects', { channel: CHANNELS.general }));
    expect(text).toContain('rate limiting Radar');
    oneSentence(blocksText(text));
  });

  it('service unreachable (connection resets) and a garbled answer', async () => {
    sandbox.control.addFault({ path: '/v1/projects', kind: 'reset' });
    const reset = replyText(await h.command('projects', { channel: CHANNELS.general }));
    expect(reset).toContain('not answering right now');
    oneSentence(blocksText(reset));
    sandbox.control.clearFaults();
    sandbox.control.addFault({ path: '/v1/projects', kind: 'malformed' });
    const garbled = replyText(await h.command('projects', { channel: CHANNELS.general }));
    expect(garbled).toContain("sent an answer Radar couldn't read");
    oneSentence(blocksText(garbled));
  });

  it('a server error after retries', async () => {
    sandbox.control.addFault({ path: '/v1/projects', kind: 'status', status: 503, code: 'unavailable' });
    const text = replyText(await h.command('projects', { channel: CHANNELS.general }));
    expect(text).toContain('had a problem (HTTP 503)');
    oneSentence(blocksText(text));
  });
});

describe('error replies for keys', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
  });
  afterAll(() => sandbox?.close());

  it('a revoked key is named, and the key itself appears in no message or log', async () => {
    const h = await startRadarHarness({ sandbox, key: 'revoked' });
    try {
      const text = replyText(await h.command('projects', { channel: CHANNELS.general }));
      expect(text).toContain("rejected Radar's API key (api key revoked)");
      expect(JSON.stringify(h.slack.calls)).not.toContain(sandbox.keys.revoked);
      expect(h.logs.join('\n')).not.toContain(sandbox.keys.revoked);
    } finally {
      await h.stop();
    }
  });

  it('status reports a read-only key', async () => {
    const h = await startRadarHarness({ sandbox, key: 'readOnly' });
    try {
      await h.command('bind northwind', { channel: CHANNELS.intel });
      const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
      expect(text).toContain('read only');
      expect(await sandbox.control.requests().filter((r) => r.method === 'POST' && r.status === 200).length).toBe(0);
    } finally {
      await h.stop();
    }
  });
});
