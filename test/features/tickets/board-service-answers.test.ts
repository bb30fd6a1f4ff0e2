/**
 * Answers of the board's endpoints Radar must say as they are (issue 27): a delete the service
 * answers `{ item: { success: false } }` (spec 4.6: `success` is a boolean) is said as not deleted,
 * for a ticket and for a comment; a 402 on a ticket endpoint is the service's own words, never "your
 * organisation needs a plan for scans" (the board works on any plan, spec 5.7). The answers come over
 * real HTTP from a proxy in front of the sandbox; every other request is the sandbox's own.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TICKET_SEED, type Sandbox } from '../../../src/sandbox/index.js';
import type { ServiceClient, Ticket } from '../../../src/service/index.js';
import { readable } from '../../../src/service/tolerant.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { startRewritingProxy, type RewritingProxy } from '../../support/rewriting-proxy.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { findElement, isJson } from '../../support/view-state.js';
import { boardClient } from './support.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

describe('a delete answered { success: false }', () => {
  let sandbox: Sandbox;
  let proxy: RewritingProxy;
  let h: RadarHarness;
  let board: ServiceClient;
  /** DELETE paths the proxy answers with `{ item: { success: false } }` (the id left out, as a terse service would). */
  const refused = new Set<string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    proxy = await startRewritingProxy(sandbox.url, {
      answer: (req) => (req.method === 'DELETE' && refused.has(req.url.split('?')[0]!) ? { status: 200, json: { item: { success: false } } } : undefined),
    });
    h = await startRadarHarness({ sandbox: Object.assign(Object.create(sandbox) as Sandbox, { url: proxy.url }) });
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => {
    refused.clear();
    expectNoViolations(h.slack);
  });
  afterAll(async () => {
    await board?.close();
    await h?.stop();
    await proxy?.close();
    await sandbox?.close();
  });

  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  const show = (ticket: Ticket) => h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });

  it('a ticket: the answer says it was not deleted, the message stays, and a second press may try again', async () => {
    const ticket = await board.createTicket(NORTHWIND, { title: 'Kept by the service', status: 'triage' });
    refused.add(`/v1/projects/${NORTHWIND}/tickets/${ticket.id}`);
    const shown = await show(ticket);
    expect(findElement(shown.args.blocks as unknown[], ACTION_IDS.ticketMore)).toBeDefined();
    const press = () => h.driver.blockAction(ACTION_IDS.ticketMore, 'delete', { channel: CHANNELS.intel, message: messageOf(shown), ephemeral: true });
    const answer = await h.answerTo(await press());
    const text = replyText(answer);
    expect(text).toContain(`ticket #${ticket.number}`);
    expect(text).toContain('was not deleted');
    expect(text).not.toContain('deleted ticket');
    expect(answer.args.replace_original).toBe(false);
    // Still on the board (the service kept it), and the claim was released: pressing again asks again.
    expect((await board.getTicket(NORTHWIND, ticket.id)).id).toBe(ticket.id);
    refused.clear();
    const again = await h.answerTo(await press());
    expect(replyText(again)).toContain(`deleted ticket #${ticket.number}`);
  });

  it('a comment: the answer says it was not deleted, and the comment is still there', async () => {
    const ticket = await board.createTicket(NORTHWIND, { title: 'Comment kept by the service', status: 'triage' });
    const comment = await board.createComment(NORTHWIND, ticket.id, 'Radar wrote this and the service keeps it');
    refused.add(`/v1/projects/${NORTHWIND}/tickets/${ticket.id}/comments/${comment.id}`);
    const shown = await show(ticket);
    const button = (shown.args.blocks as unknown[])
      .flatMap((b) => (isJson(b) && Array.isArray(b.elements) ? b.elements : []))
      .find((e) => isJson(e) && e.action_id === ACTION_IDS.commentDelete) as { value: string } | undefined;
    expect(button).toBeDefined();
    const ack = await h.driver.blockAction(ACTION_IDS.commentDelete, button!.value, { channel: CHANNELS.intel, message: messageOf(shown), ephemeral: true });
    const text = replyText(await h.answerTo(ack));
    expect(text).toContain('the comment was not deleted');
    expect(text).not.toContain('deleted a comment');
    expect(readable(await board.listComments(NORTHWIND, ticket.id)).map((c) => c.id)).toContain(comment.id);
  });

  it('a 402 on the ticket list says what the service said, not that scans need a plan', async () => {
    sandbox.control.addFault({ method: 'GET', path: `/v1/projects/${NORTHWIND}/tickets`, kind: 'status', status: 402, code: 'subscription_required', times: 1 });
    const text = replyText(await h.command('tickets', { channel: CHANNELS.intel }));
    expect(text).toContain('subscription_required');
    expect(text).toContain('Injected fault');
    expect(text).toContain('works on any plan');
    expect(text).not.toContain('needs a plan');
    expect(text).not.toMatch(/scans and fetches are part of a plan/);
  });

  it('a 402 on reading one ticket is said the same way', async () => {
    const ticket = await board.createTicket(NORTHWIND, { title: 'Board refused by the service', status: 'triage' });
    sandbox.control.addFault({ method: 'GET', path: `/v1/projects/${NORTHWIND}/tickets/${ticket.id}`, kind: 'status', status: 402, code: 'subscription_required', times: 1 });
    const text = replyText(await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel }));
    expect(text).toContain('refused this board request');
    expect(text).not.toMatch(/scans and fetches are part of a plan/);
  });
});
