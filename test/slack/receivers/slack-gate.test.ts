/**
 * The Slack gate with a stub in Bolt's place (real loopback HTTP): what it refuses from the headers,
 * what it hands on (the buffered body, verified), and the replay check failing or hanging.
 */
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { startHttpServer, type RunningServer } from '../../../src/slack/receivers/http-server.js';
import { createSlackGate, type SlackGateOptions } from '../../../src/slack/receivers/slack-gate.js';
import { createAckOrder } from '../../../src/slack/receivers/ack-order.js';
import { createBodyBudget } from '../../../src/slack/receivers/body-budget.js';
import { createLightFirst } from '../../../src/slack/receivers/light-first.js';
import { createSlackDriver } from '../../support/slack-driver.js';
import { chunkedBody, MiB, rawRequest, requestHead } from './raw-http.js';
import { settled } from '../../support/settled.js';

const SECRET = 'gate-test-signing-secret';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
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

async function gate(options: Partial<SlackGateOptions> = {}) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', sink: (l) => lines.push(l), secrets: [SECRET] });
  const dispatched: { rawBody: string; url: string | undefined }[] = [];
  const slack = createSlackGate({
    signingSecret: SECRET,
    logger,
    dispatch: (req, res) => {
      dispatched.push({ rawBody: (req as IncomingMessage & { rawBody: Buffer }).rawBody.toString(), url: req.url });
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
  it('hands a verified request on with its body buffered and the path normalised', async () => {
    const { driver, dispatched } = await gate();
    const body = 'command=%2Fradar&text=help';
    const ack = await driver.raw(body, { ...FORM, ...driver.sign(body) });
    expect(ack).toMatchObject({ status: 200, body: { dispatched: true } });
    expect(dispatched).toEqual([{ rawBody: body, url: '/slack/events' }]);
  });

  it('refuses wrong signatures, duplicated signature headers and timestamps outside ±5 minutes', async () => {
    const now = Date.now();
    const { driver, dispatched, lines } = await gate({ now: () => now });
    const body = 'command=%2Fradar&text=help';
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

  it('dispatches, and logs, when the replay check throws or hangs (a store outage must not stop Slack traffic)', async () => {
    const throwing = await gate({
      seenBefore: async () => {
        throw new Error('store down');
      },
    });
    const body = 'command=%2Fradar&text=help';
    expect((await throwing.driver.raw(body, { ...FORM, ...throwing.driver.sign(body) })).status).toBe(200);
    expect(throwing.dispatched).toHaveLength(1);
    expect(throwing.lines.some((l) => l.includes('replay check failed') && l.includes('store down'))).toBe(true);

    const hanging = await gate({ seenBefore: () => new Promise(() => {}), seenBeforeTimeoutMs: 20 });
    expect((await hanging.driver.raw(body, { ...FORM, ...hanging.driver.sign(body) })).status).toBe(200);
    expect(hanging.dispatched).toHaveLength(1);
    expect(hanging.lines.some((l) => l.includes('replay check failed'))).toBe(true);
  });

  it('asks the replay check only about verified requests, and drops what it has seen', async () => {
    const asked: string[] = [];
    const seen = new Set<string>();
    const { driver, dispatched } = await gate({
      seenBefore: async (signature) => {
        asked.push(signature);
        if (seen.has(signature)) return true;
        seen.add(signature);
        return false;
      },
    });
    const body = 'command=%2Fradar&text=help';
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
    const body = `command=%2Fradar&text=${'a'.repeat(100 * KiB)}`;
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

  it('holds a busy sender’s request at the hand-over while a light sender’s work is under way, and counts it from its arrival', async () => {
    const lightFirst = createLightFirst({ busyAt: 2 });
    const { driver, dispatched } = await gate({ lightFirst });
    const alice = 'command=%2Fradar&text=scan+a.example&team_id=T1&user_id=UALICE';
    // Alice has one command's answer under way; Bob's command is being answered.
    const aliceAnswer = lightFirst.begin('T1:UALICE');
    const bobAnswer = lightFirst.begin('T1:UBOB');
    // Alice's next request arrives: counted from now, she is busy (2), so it waits for Bob.
    const ack = driver.raw(alice, { ...FORM, ...driver.sign(alice) });
    // Before it arrives Alice is light (1) and nothing of hers is held; once it has arrived she is
    // busy (2, counted while it waits), so a turn of hers is held, as her request's own hand-over is.
    expect(await settled(lightFirst.turn('T1:UALICE'))).toBe(true);
    await vi.waitFor(async () => expect(await settled(lightFirst.turn('T1:UALICE', 60_000))).toBe(false));
    expect(dispatched).toEqual([]);
    bobAnswer();
    expect((await ack).status).toBe(200);
    expect(dispatched.map((d) => d.rawBody)).toEqual([alice]);
    aliceAnswer();
  });

  it('tells the ack order about a request from its whole body until its answer, and not about a trickling one', async () => {
    const ackOrder = createAckOrder();
    const held: (() => void)[] = [];
    const { url, driver } = await gate({
      ackOrder,
      dispatch: (_req, res) => {
        held.push(() => {
          res.writeHead(200);
          res.end();
        });
      },
    });
    // A client that sends its headers and part of a body, then stalls: not counted.
    const { hostname, port } = new URL(url);
    const stalled = connect({ host: hostname, port: Number(port) });
    stalled.on('error', () => {});
    stalled.write(requestHead('POST /slack/events HTTP/1.1', { ...FORM, 'content-length': 1000, 'x-slack-signature': `v0=${'0'.repeat(64)}`, 'x-slack-request-timestamp': Math.floor(Date.now() / 1000) }));
    stalled.write('command=');

    const body = 'command=%2Fradar&text=help';
    const ack = driver.raw(body, { ...FORM, ...driver.sign(body) });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(ackOrder.pending()).toBe(1);
    const answer = ackOrder.acksBefore();
    held[0]?.();
    await answer;
    expect((await ack).status).toBe(200);
    expect(ackOrder.pending()).toBe(0);
    stalled.destroy();
  });

  it("while another person has a request in, hands one person's burst over a few at a time, and that other person's next request at once", async () => {
    const held: (() => void)[] = [];
    const heldBob: (() => void)[] = [];
    const dispatched: string[] = [];
    const { driver } = await gate({
      dispatch: (req, res) => {
        const body = new URLSearchParams((req as IncomingMessage & { rawBody: Buffer }).rawBody.toString());
        const user = body.get('user_id') ?? '';
        dispatched.push(`${user}:${body.get('text') ?? ''}`);
        const answer = () => {
          res.writeHead(200);
          res.end();
        };
        // Alice's, and Bob's "hold", are acked only when the test says so.
        if (user === 'UALICE') held.push(answer);
        else if (body.get('text') === 'hold') heldBob.push(answer);
        else answer();
      },
    });
    const send = (user: string, text: string) => {
      const body = `command=%2Fradar&text=${text}&team_id=T1&user_id=${user}`;
      return driver.raw(body, { ...FORM, ...driver.sign(body) });
    };
    const bobHold = send('UBOB', 'hold');
    await vi.waitFor(() => expect(heldBob).toHaveLength(1));
    const alice = Array.from({ length: 7 }, (_, i) => send('UALICE', `scan+${i}`));
    await vi.waitFor(() => expect(held).toHaveLength(4));
    expect((await send('UBOB', 'help')).status).toBe(200);
    expect(dispatched.filter((d) => d.startsWith('UALICE'))).toHaveLength(4);
    expect(dispatched.at(-1)).toBe('UBOB:help');
    // Once Bob has nothing in, Alice is alone again and the rest of her burst goes.
    heldBob[0]?.();
    expect((await bobHold).status).toBe(200);
    await vi.waitFor(() => expect(held).toHaveLength(7));
    for (const answer of held) answer();
    expect((await Promise.all(alice)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });
});
