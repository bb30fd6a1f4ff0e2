/**
 * Fuzzing `/radar`: a thousand random and hostile texts (a fixed seed) (unicode, 10,000 characters, mrkdwn and
 * `<!channel>` injection, flags without values). Most go straight to the `/radar` listener as Radar
 * registers it, with fake Bolt arguments (bolt-args.ts) over the real service client and sandbox; the
 * last 40 go through signed HTTP into the real app, so the edge sees hostile texts too. Every one is
 * acked and answered, the app stays up, no reply pings anyone, every reply is valid Block Kit, and
 * nothing is written to the service that nobody asked for.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { WebApiCall } from '../../src/slack/local-web-api/index.js';
import { commandArgs, type FakeCommandArgs } from '../support/bolt-args.js';
import { ackAnswer, expectNoViolations } from '../support/fake-slack.js';
import { startRadarListeners, type RadarListeners } from '../support/radar-listeners.js';
import { expectValidMessage, expectValidModal, type RenderedMessage } from '../support/view-checks.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';

const WORDS = ['help', 'bind', 'unbind', 'status', 'projects', 'briefing', 'history', 'pricing', 'tickets', 'ticket', 'northwind', 'lumen', 'quarry', 'sprout', 'triage'];
const FLAGS = ['--project', '--page', '--share', '--all', '--fix-prompts', '--', '—project', '--project=', '--page=-1', '--bogus'];
const HOSTILE = ['<!channel>', '<!here>', '<!everyone>', '<@U0INJECTED>', '<#C07GENERAL1>', '<https://evil.example|click me>', '*bold*', '`code`', '&amp;', '&lt;!channel&gt;', '"unclosed', '\u0000', '\u202e', '😀', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'];

const token = fc.oneof(
  fc.constantFrom(...WORDS),
  fc.constantFrom(...FLAGS),
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: -5, max: 10_000 }).map(String),
);
const commandText = fc.oneof(
  { weight: 8, arbitrary: fc.array(token, { maxLength: 8 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 9_000, maxLength: 10_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE).map((h) => `${h} `.repeat(400)) },
);

/** What the hostile texts try to smuggle in; Radar's own `<@binder>` in status is not a user's text. */
const MENTION = /<(?:!channel|!here|!everyone|@U0INJECTED)>/;

/** How many of the texts go over signed HTTP (the rest straight to the listener). */
const OVER_HTTP = 40;

describe('fuzzing /radar', () => {
  let sandbox: Sandbox;
  let h: RadarHarness;
  let r: RadarListeners;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    h = await startRadarHarness({ sandbox });
    r = await startRadarListeners({ sandbox });
  });
  afterAll(async () => {
    await h?.stop();
    await r?.stop();
    await sandbox?.close();
  });

  it('answers every random and hostile text with one inert reply and writes nothing unasked', async () => {
    const texts = fc.sample(commandText, { numRuns: 1000, seed: 20261122 });
    const direct = texts.slice(0, -OVER_HTTP);
    const overHttp = texts.slice(-OVER_HTTP);
    sandbox.control.clearRequests();
    const checkReply = (reply: Pick<WebApiCall, 'args'>) => {
      const text = replyText(reply);
      expect(text, 'a reply must never ping anyone').not.toMatch(MENTION);
      expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
    };

    // Straight to the listener, ten senders at a time, like a busy workspace.
    const called: { text: string; args: FakeCommandArgs }[] = [];
    for (let i = 0; i < direct.length; i += 10) {
      const batch = direct.slice(i, i + 10).map((text) => ({ text, args: commandArgs(text) }));
      await Promise.all(batch.map(({ args }) => r.radar(args)));
      called.push(...batch);
    }
    // Answered once: in the ack (help, a sentence about the text) or through respond, never both.
    const badly = called.filter(({ args }) => args.ack.mock.calls.length !== 1 || args.replies().length !== 1);
    expect(badly.map((c) => c.text.slice(0, 80)), 'each text is acked once and answered once').toEqual([]);
    for (const { args } of called) {
      const reply = args.replies()[0] ?? {};
      // The referee the fake Slack applies to an answer: valid Block Kit within the limits, with a fallback text.
      expectValidMessage(reply as unknown as RenderedMessage);
      checkReply({ args: reply });
      for (const call of args.clientCalls('views.open')) expectValidModal(call.args.view as object);
      expect(args.say).not.toHaveBeenCalled();
    }

    // The rest over signed HTTP into the real app.
    const acks: { text: string; responseUrl: string; status: number; inAck: WebApiCall | undefined }[] = [];
    for (let i = 0; i < overHttp.length; i += 10) {
      const batch = overHttp.slice(i, i + 10);
      const results = await Promise.all(batch.map((text) => h.driver.command(text, { channel: CHANNELS.general })));
      results.forEach((ack, j) => acks.push({ text: batch[j] ?? '', responseUrl: ack.responseUrl ?? '', status: ack.status, inAck: ackAnswer(ack) }));
    }
    expect(acks.filter((a) => a.status !== 200)).toEqual([]);
    for (const { inAck } of acks) if (inAck) checkReply(inAck);

    // Every command gets its reply (matched by its own response_url): waited for as replies arrive,
    // with no clock; a command left unanswered fails the test by its timeout, and is named here.
    const idOf = (url: string) => url.split('/response/')[1];
    const answered = new Set<string | undefined>();
    let seen = 0;
    const unanswered = () => {
      for (const call of h.slack.responses.slice(seen)) answered.add(call.responseUrlId);
      seen = h.slack.responses.length;
      return acks.filter((a) => !a.inAck && !answered.has(idOf(a.responseUrl)));
    };
    onTestFailed(() => console.error('unanswered:', unanswered().map((a) => a.text.slice(0, 80))));
    await h.slack.untilCalls(() => unanswered().length === 0);
    for (const reply of h.slack.responses) checkReply(reply);
    // Answered in the ack means answered there only.
    const inAckIds = new Set(acks.filter((a) => a.inAck).map((a) => idOf(a.responseUrl)));
    expect(h.slack.responses.filter((c) => inAckIds.has(c.responseUrlId))).toEqual([]);

    // Nothing was written: the only non-GET a read command may send is status's scope probe, which
    // the service refuses (400) by design.
    const writes = sandbox.control.requests().filter((w) => w.method !== 'GET');
    for (const w of writes) {
      expect(`${w.method} ${w.path}`).toMatch(/^POST \/v1\/projects\/[^/]+\/tickets$/);
      expect(w.status).toBe(400);
    }
    expectNoViolations(h.slack);
    // Still alive and answering, both ways.
    expect(replyText(await h.command('projects', { channel: CHANNELS.general }))).toContain('Northwind CRM');
    const after = commandArgs('projects');
    await r.radar(after);
    expect(replyText({ args: after.replies()[0] ?? {} })).toContain('Northwind CRM');
  }, 300_000);
});
