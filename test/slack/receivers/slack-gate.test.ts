/**
 * The Slack gate with a stub in Bolt's place (real loopback HTTP): what it refuses from the headers,
 * what it hands on (the payload, verified and parsed), fair use asked before the replay claim, and
 * the replay check failing or hanging.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '../../../src/log.js';
import { createReplayGuard } from '../../../src/slack/receivers/replay-guard.js';
import { startHttpServer, type RunningServer } from '../../../src/slack/receivers/http-server.js';
import { createSlackGate, TRY_AGAIN, type SlackGateOptions, type VerifiedRequest } from '../../../src/slack/receivers/slack-gate.js';
import { createBodyBudget } from '../../../src/slack/receivers/body-budget.js';
import { createSlackDriver } from '../../support/slack-driver.js';
import { chunkedBody, MiB, rawRequest, requestHead } from './raw-http.js';

const SECRET = 'gate-test-signing-secret';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The fields every slash command carries, after `text`. */
const WHO = 'team_id=T1&user_id=U1&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fr';
const servers: RunningServer[] = [];
/** The head of a chunked POST with a well-formed, wrong signature and a current timestamp. */
const chunkedHead = () =>
  requestHead('POST /slack/events HTTP/1.1', {
    'content-type': 'application/x-www-form-urlencoded',
    'transfer-encoding': 'chunked',
    'x-slack-signature': `v0=${'0'.repeat(64)}`,
    'x-slack-request-timestamp': Math.floor(Date.now() / 1000),
  });
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function gate(given: Partial<SlackGateOptions> | ((logger: Logger) => Partial<SlackGateOptions>) = {}) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', sink: (l) => lines.push(l), secrets: [SECRET] });
  const options = typeof given === 'function' ? given(logger) : given;
  const dispatched: VerifiedRequest[] = [];
  const slack = createSlackGate({
    signingSecret: SECRET,
    logger,
    dispatch: async (request, _req, res) => {
      dispatched.push(request);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"dispatched":true}');
    },
    ...options,
  });
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', health: async () => ({ ok: true }), slack, logger });
  servers.push(server);
  const driver = createSlackDriver({ url: `${server.url}/slack/events?from=test`, signingSecret: SECRET, responseUrlBase: 'http://127.0.0.1:1/response' });
  return { lines, dispatched, driver, url: server.url };
}

describe('the Slack gate', () => {
  it('hands a verified request on, parsed, whatever the query string', async () => {
    const { driver, dispatched } = await gate();
    const body = `command=%2Fradar&text=help&${WHO}`;
    const ack = await driver.raw(body, { ...FORM, ...driver.sign(body) });
    expect(ack).toMatchObject({ status: 200, body: { dispatched: true } });
    expect(dispatched).toEqual([{ body: { command: '/radar', text: 'help', team_id: 'T1', user_id: 'U1', response_url: 'http://127.0.0.1:1/r' }, fairUse: { allowed: true } }]);
  });

  it('refuses wrong signatures, duplicated signature headers and timestamps outside ±5 minutes', async () => {
    const now = Date.now();
    const { driver, dispatched, lines } = await gate({ now: () => now });
    const body = `command=%2Fradar&text=help&${WHO}`;
    const seconds = Math.floor(now / 1000);
    const statuses = [
      (await driver.raw(body, { ...FORM, ...driver.sign(`${body}x`) })).status,
      (await driver.raw(body, { ...FORM, ...driver.sign(body, seconds - 301) })).status,
      (await driver.raw(body, { ...FORM, ...driver.sign(body, seconds + 301) })).status,
      (await driver.raw(body, { ...FORM, ...driver.sign(body), 'X-Slack-Signature': 'v1=abc' })).status,
      (await driver.raw(body, { ...FORM, ...driver.sign(body), 'X-Slack-Request-Timestamp': '12.5' })).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Inside the window either way: accepted.
    expect((await driver.raw(body, { ...FORM, ...driver.sign(body, seconds - 299) })).status).toBe(200);
    expect((await driver.raw(body, { ...FORM, ...driver.sign(body, seconds + 299) })).status).toBe(200);
    expect(dispatched).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('when the replay check throws or hangs: a command is told to try again, nothing is dispatched, and it is logged', async () => {
    const throwing = await gate((logger) => ({ replayGuard: createReplayGuard({ store: { claim: () => Promise.reject(new Error('store down')) }, logger }) }));
    const body = `command=%2Fradar&text=help&${WHO}`;
    expect(await throwing.driver.raw(body, { ...FORM, ...throwing.driver.sign(body) })).toMatchObject({ status: 200, body: { response_type: 'ephemeral', text: TRY_AGAIN } });
    expect(throwing.dispatched).toHaveLength(0);
    expect(throwing.lines.some((l) => l.includes('replay check failed') && l.includes('store down'))).toBe(true);

    const hanging = await gate((logger) => ({ replayGuard: createReplayGuard({ store: { claim: () => new Promise<boolean>(() => {}) }, logger, timeoutMs: 20 }) }));
    expect((await hanging.driver.raw(body, { ...FORM, ...hanging.driver.sign(body) })).body).toMatchObject({ text: TRY_AGAIN });
    // Not a command: asked again, as Slack retries.
    const press = `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', user: { id: 'U1' }, actions: [{ action_id: 'a' }], trigger_id: 't-1' }))}`;
    const pressed = await hanging.driver.raw(press, { ...FORM, ...hanging.driver.sign(press) });
    expect(pressed.status).toBe(503);
    expect(hanging.dispatched).toHaveLength(0);
  });

  it('asks the replay check only about verified requests, and drops what it has seen', async () => {
    const asked: string[] = [];
    const seen = new Set<string>();
    const { driver, dispatched } = await gate({
      replayGuard: async (signature) => {
        asked.push(signature);
        if (seen.has(signature)) return 'replay';
        seen.add(signature);
        return 'first';
      },
    });
    const body = `command=%2Fradar&text=help&${WHO}`;
    await driver.raw(body, { ...FORM, ...driver.sign(`${body}x`) });
    const signed = driver.sign(body);
    const headers = { ...FORM, ...signed };
    expect((await driver.raw(body, headers)).status).toBe(200);
    expect(await driver.raw(body, headers)).toMatchObject({ status: 200, body: '' });
    expect(asked).toEqual([signed['X-Slack-Signature'], signed['X-Slack-Signature']]);
    expect(dispatched).toHaveLength(1);
  });

  it('answers Expect: 100-continue only once the headers have passed, and refuses without inviting the body', async () => {
    const { url } = await gate();
    const post = (headers: Record<string, string | number>) =>
      rawRequest(url, requestHead('POST /slack/events HTTP/1.1', { expect: '100-continue', 'content-type': 'application/x-www-form-urlencoded', ...headers }));
    const signature = { 'x-slack-signature': `v0=${'0'.repeat(64)}`, 'x-slack-request-timestamp': Math.floor(Date.now() / 1000) };
    expect((await post({ 'content-length': 2 * MiB, ...signature })).status).toBe(413);
    expect((await post({ 'content-length': 100 })).status).toBe(401);
    expect((await post({ 'content-length': 100, ...signature })).status).toBe(100);
  });

  it('holds unverified bodies within one shared budget: past it a request is refused 503, and the budget comes back', async () => {
    const KiB = 1024;
    const budget = createBodyBudget({ pool: 256 * KiB, allowance: 16 * KiB, refusedHoldMs: 0 });
    const { url, driver, dispatched } = await gate({ bodyBudget: budget });

    // One request sends 200 KiB of its body and stalls: it holds 184 KiB of the pool.
    const { hostname, port } = new URL(url);
    const holder = connect({ host: hostname, port: Number(port) });
    holder.on('error', () => {});
    holder.write(chunkedHead());
    for (const chunk of chunkedBody(200 * KiB)) if (chunk.length > 10) holder.write(chunk);
    await vi.waitFor(() => expect(budget.borrowed()).toBe(184 * KiB));

    // Another needing more than what is left is refused at once, without waiting for its end.
    const refused = await rawRequest(url, chunkedHead(), { stream: chunkedBody(300 * KiB) });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');

    // The stalled client leaves: its bytes come back, and the next request is judged on its signature.
    holder.destroy();
    await vi.waitFor(() => expect(budget.borrowed()).toBe(0));
    expect((await rawRequest(url, chunkedHead(), { stream: chunkedBody(200 * KiB) })).status).toBe(401);
    await vi.waitFor(() => expect(budget.borrowed()).toBe(0));

    // A signed body past the allowance is read, handed on, and gives its bytes back once verified.
    const body = `command=%2Fradar&text=${'a'.repeat(100 * KiB)}&${WHO}`;
    expect((await driver.raw(body, { ...FORM, ...driver.sign(body) })).status).toBe(200);
    expect(dispatched).toHaveLength(1);
    expect(budget.borrowed()).toBe(0);
  });

  it('keeps a refused body’s bytes charged for a while, so a flood of them is read at most a pool at a time', async () => {
    const KiB = 1024;
    const budget = createBodyBudget({ pool: 256 * KiB, allowance: 16 * KiB, refusedHoldMs: 60_000 });
    const { url } = await gate({ bodyBudget: budget });
    expect((await rawRequest(url, chunkedHead(), { stream: chunkedBody(200 * KiB) })).status).toBe(401);
    expect(budget.borrowed()).toBe(184 * KiB);
    // The next large unverifiable body finds the pool still charged and is refused after its allowance.
    expect((await rawRequest(url, chunkedHead(), { stream: chunkedBody(200 * KiB) })).status).toBe(503);
    // What it read before the refusal is charged too; never more than the pool.
    expect(budget.borrowed()).toBeGreaterThanOrEqual(184 * KiB);
    expect(budget.borrowed()).toBeLessThanOrEqual(256 * KiB);
    // Small bodies never borrow: they are still judged on their signature.
    expect((await rawRequest(url, chunkedHead(), { stream: chunkedBody(8 * KiB) })).status).toBe(401);
  });

  it('answers 400, with one log line each, to a signed body that is not a Slack payload, and url_verification with its challenge', async () => {
    const { driver, dispatched, lines } = await gate();
    const JSON_TYPE = 'application/json';
    const malformed = [
      ['null', JSON_TYPE],
      ['[1]', JSON_TYPE],
      ['{', JSON_TYPE],
      ['payload=%7Bnot+json', FORM['content-type']],
      [`command=%2Fradar&text=a&text=b&${WHO}`, FORM['content-type']],
      ['command=%2Fradar&text=help&team_id=T1&user_id=U1', FORM['content-type']],
      [`payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', user: { id: 'U1' }, view: { callback_id: 'x' } }))}`, FORM['content-type']],
      [`payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', user: { id: 'U1' }, actions: [] }))}`, FORM['content-type']],
      [JSON.stringify({ type: 'something_new' }), JSON_TYPE],
    ] as const;
    for (const [body, type] of malformed) {
      const ack = await driver.raw(body, { 'content-type': type, ...driver.sign(body) });
      expect(ack.status).toBe(400);
    }
    expect(lines.filter((l) => l.includes('not a Slack payload'))).toHaveLength(malformed.length);
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c-123' });
    expect(await driver.raw(challenge, { 'content-type': 'application/json', ...driver.sign(challenge) })).toMatchObject({ status: 200, body: { challenge: 'c-123' } });
    expect(dispatched).toEqual([]);
  });

  it('asks fair use before the replay claim: a refused request is dispatched with its verdict and claims nothing', async () => {
    const claimed: string[] = [];
    const refusal = { allowed: false as const, by: 'person' as const, retryInS: 7, sentence: 'try again in 7 s.' };
    const { driver, dispatched } = await gate({
      limits: { check: async (body) => (body.user_id === 'UFLOOD' ? refusal : { allowed: true }) },
      replayGuard: async (signature) => {
        claimed.push(signature);
        return 'first';
      },
    });
    const flood = 'command=%2Fradar&text=help&team_id=T1&user_id=UFLOOD&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fr';
    const floodSigned = driver.sign(flood);
    expect((await driver.raw(flood, { ...FORM, ...floodSigned })).status).toBe(200);
    const other = 'command=%2Fradar&text=help&team_id=T1&user_id=UOTHER&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fr';
    const otherSigned = driver.sign(other);
    expect((await driver.raw(other, { ...FORM, ...otherSigned })).status).toBe(200);
    expect(claimed).toEqual([otherSigned['X-Slack-Signature']]);
    expect(dispatched.map((d) => d.fairUse)).toEqual([refusal, { allowed: true }]);
  });
});
