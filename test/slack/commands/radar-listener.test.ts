/**
 * The `/radar` listener as Radar registers it (`app.command('/radar', …)`), called with fake Bolt
 * arguments (bolt-args.ts) over the real service client and the sandbox: no receiver, no HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandArgs } from '../../support/bolt-args.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';
import { expectValidMessage, type RenderedMessage } from '../../support/view-checks.js';

describe('the /radar listener', () => {
  let r: RadarListeners;
  beforeAll(async () => {
    r = await startRadarListeners();
  });
  afterAll(() => r?.stop());

  const run = async (text: string) => {
    const args = commandArgs(text);
    await r.radar(args);
    expect(args.ack).toHaveBeenCalledTimes(1);
    // Acked before anything was answered, and answered once: in the ack or through respond.
    expect(args.ack.mock.invocationCallOrder[0]).toBeLessThan(args.respond.mock.invocationCallOrder[0] ?? Infinity);
    expect(args.replies()).toHaveLength(1);
    const reply = args.replies()[0] ?? {};
    // The referee the fake Slack applies: valid Block Kit within the limits, with a fallback text.
    expectValidMessage(reply as unknown as RenderedMessage);
    return { args, reply, text: replyText({ args: reply }) };
  };

  it('is registered with app.command and nothing else answers /radar', () => {
    expect(r.recorded.commands.get('/radar')).toHaveLength(1);
    expect(r.recorded.registrations.filter((x) => x.kind === 'command')).toHaveLength(1);
  });

  it('/radar help lists the subcommands, only to the person, in the ack itself', async () => {
    const { args, reply, text } = await run('help');
    expect(args.ack.mock.calls[0]?.[0]).toBe(reply);
    expect(args.respond).not.toHaveBeenCalled();
    expect(reply.response_type).toBe('ephemeral');
    for (const name of ['pricing', 'projects', 'bind', 'status']) expect(text).toContain(`/radar ${name}`);
  });

  it('/radar pricing answers with the project\'s gaps from the service, after an empty ack', async () => {
    const { args, text } = await run('pricing --project northwind');
    expect(args.ack.mock.calls[0]).toEqual([]);
    expect(args.respond).toHaveBeenCalledTimes(1);
    expect(text).toMatch(/\*Price gap:\* no gap/);
    expect(text).toMatch(/Market average\*\n\$39\.25 per seat month/);
    expect(text).toContain('*dealstream.io*: no pricing data (no pricing page found)');
  });

  it('an unknown subcommand gets one sentence with a suggestion, and no call to the service or Slack', async () => {
    r.sandbox.control.clearRequests();
    const { args, reply, text } = await run('pricnig');
    // A sentence about the text as typed needs nothing but memory: it travels in the ack.
    expect(args.ack.mock.calls[0]?.[0]).toBe(reply);
    expect(reply.response_type).toBe('ephemeral');
    expect(text).toContain("Radar doesn't know `/radar pricnig`. Did you mean `/radar pricing`?");
    expect(r.sandbox.control.requests()).toEqual([]);
    expect(args.clientCalls()).toEqual([]);
    expect(args.say).not.toHaveBeenCalled();
  });

  it('decodes Slack\'s entities once and escapes the typed name on output', async () => {
    const { text } = await run('&lt;!channel&gt;');
    expect(text).not.toContain('<!channel>');
  });
});
