/**
 * Editing the board from a shown ticket (issue 19), through signed requests against the sandbox:
 * the edit form sends only what changed (checked in the sandbox's request log), delete asks first
 * and deletes once, a briefing ticket offers no Delete, comments Radar wrote can be edited and a
 * person's cannot, and values not sealed here are refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { ServiceClient, Ticket } from '../../../src/service/index.js';
import { mustRead, readable } from '../../../src/service/tolerant.js';
import type { StoredView, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { findElement, isJson } from '../../support/view-state.js';
import { boardClient, postMessage, viewText } from './support.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

/** The values a form shows as Slack would send them back untouched, by block id. */
function initialValues(view: { blocks: unknown[] }): Record<string, string | string[] | null> {
  const values: Record<string, string | string[] | null> = {};
  for (const block of view.blocks) {
    if (!isJson(block) || block.type !== 'input' || !isJson(block.element)) continue;
    const e = block.element as { type: string; initial_value?: string; initial_option?: { value: string }; initial_options?: { value: string }[] };
    const id = String(block.block_id);
    if (e.type === 'plain_text_input') values[id] = e.initial_value ?? null;
    else if (e.type === 'static_select') values[id] = e.initial_option?.value ?? null;
    else if (e.type === 'multi_static_select') values[id] = (e.initial_options ?? []).map((o) => o.value);
  }
  return values;
}

describe('editing the board from a shown ticket', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  beforeAll(async () => {
    h = await startRadarHarness();
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await board?.close();
    await h?.stop();
  });

  const byTitle = async (q: string): Promise<Ticket> => mustRead((await board.listTickets(NORTHWIND, { q, closed: 'all' })).items[0]!);
  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  const show = (ticket: Ticket) => h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
  const writes = () => h.sandbox.control.requests().filter((r) => r.method !== 'GET');

  /** Presses Edit on a shown ticket and resolves with the filled form. */
  async function openEdit(shown: WebApiCall, actionId: string = ACTION_IDS.ticketEdit, value: string | null = null): Promise<StoredView> {
    const ack = await h.driver.blockAction(actionId, value, { channel: CHANNELS.intel, message: messageOf(shown), ephemeral: true });
    expect(ack.status).toBe(200);
    const { call } = await h.viewOpenedBy(ack);
    const id = (call.response?.view as { id: string }).id;
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === id);
    return h.slack.view(id)!;
  }

  /** Submits the form with `changes` over its untouched values; resolves once Radar has shown the outcome. */
  async function submit(view: StoredView, changes: Record<string, string | string[] | null>) {
    const before = h.slack.calls.length;
    const ack = await h.driver.viewSubmission(view, { ...initialValues(view), ...changes });
    expect(ack.status).toBe(200);
    const body = ack.body as { response_action?: string; errors?: Record<string, string> };
    if (body.response_action === 'errors') return { ack: body, shownIn: null };
    const done = await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id && h.slack.calls.indexOf(c) >= before && !JSON.stringify(c.args.view).includes('Saving ticket'));
    return { ack: body, shownIn: done };
  }

  it('an edit that changes only the due date sends only dueDate, and the message is drawn again in place', async () => {
    const ticket = await byTitle('Competitor sitemap grew');
    const shown = await show(ticket);
    const form = await openEdit(shown);
    expect(JSON.stringify(form)).toContain('Edit ticket #');
    h.sandbox.control.clearRequests();
    const { shownIn } = await submit(form, { [BLOCK_IDS.due]: '2026-09-30' });
    const patches = writes();
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ method: 'PATCH', path: `/v1/projects/${NORTHWIND}/tickets/${ticket.id}` });
    expect(patches[0]!.body).toEqual({ dueDate: '2026-09-30' });
    expect(viewText(shownIn!.args.view as StoredView)).toContain('due date');
    const redrawn = await h.slack.waitForCall('response_url', (c) => replyText(c).includes('edited this ticket'));
    expect(redrawn.args.replace_original).toBe(true);
    expect(replyText(redrawn)).toContain('Sep 30, 2026');
    // Still a message about the ticket: its metadata goes with it (issue 30 item 7).
    expect(redrawn.args.metadata).toEqual({ event_type: 'radar_ticket', event_payload: { project_id: NORTHWIND, ticket_id: ticket.id } });
  });

  it('clearing impact sends null; emptying the description sends ""', async () => {
    const ticket = await byTitle('Rewrite homepage hero');
    expect(mustRead(ticket.impact)).not.toBeNull();
    const form = await openEdit(await show(ticket));
    h.sandbox.control.clearRequests();
    await submit(form, { [BLOCK_IDS.impact]: 'none', [BLOCK_IDS.description]: null });
    expect(writes().map((w) => w.body)).toEqual([{ impact: null, description: '' }]);
    const after = await board.getTicket(NORTHWIND, ticket.id);
    expect(after.impact).toBeNull();
    expect(after.description).toBe('');
  });

  it('checks the fields before sending: errors on their fields, nothing sent', async () => {
    const ticket = await byTitle('SalesLoom homepage now leads');
    const form = await openEdit(await show(ticket));
    h.sandbox.control.clearRequests();
    const { ack } = await submit(form, { [BLOCK_IDS.title]: '  ', [BLOCK_IDS.due]: '30/09/2026' });
    expect(ack.response_action).toBe('errors');
    expect(Object.keys(ack.errors ?? {}).sort()).toEqual([BLOCK_IDS.due, BLOCK_IDS.title].sort());
    expect(writes()).toHaveLength(0);
  });

  it('says when the ticket changed after the form opened, and the later save wins', async () => {
    const ticket = await byTitle('Refresh the startup plan');
    const form = await openEdit(await show(ticket));
    await board.updateTicket(NORTHWIND, ticket.id, { effort: 'high' });
    const { shownIn } = await submit(form, { [BLOCK_IDS.title]: 'Refresh the startup plan value proposition (v2)' });
    expect(viewText(shownIn!.args.view as StoredView)).toContain('Someone changed this ticket after you opened the form');
    const after = await board.getTicket(NORTHWIND, ticket.id);
    expect(after.title).toBe('Refresh the startup plan value proposition (v2)');
    // The other person's change to a field this edit left alone stays.
    expect(after.effort).toBe('high');
  });

  it('a briefing ticket offers no Delete and says why; a deletable one asks first and deletes once', async () => {
    const briefing = readable((await board.listTickets(NORTHWIND, { origin: 'briefing', closed: 'all' })).items)[0]!;
    const shownBriefing = await show(briefing);
    expect(findElement(shownBriefing.args.blocks as unknown[], ACTION_IDS.ticketMore)).toBeUndefined();
    expect(replyText(shownBriefing)).toContain('dismiss it instead');

    const doomed = await board.createTicket(NORTHWIND, { title: 'Filed by mistake', status: 'triage' });
    const shown = await show(doomed);
    const more = findElement(shown.args.blocks as unknown[], ACTION_IDS.ticketMore);
    expect(more?.element.confirm).toBeDefined();
    h.sandbox.control.clearRequests();
    const press = () => h.driver.blockAction(ACTION_IDS.ticketMore, 'delete', { channel: CHANNELS.intel, message: messageOf(shown), ephemeral: true });
    const [first, second] = await Promise.all([press(), press()]);
    // Whichever press claims the delete first answers; the other sends and says nothing.
    await h.slack.waitForCall('response_url', (c) => replyText(c).includes(`deleted ticket #${doomed.number}`));
    const deletes = writes().filter((w) => w.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect([...h.answersTo(first), ...h.answersTo(second)].filter((c) => replyText(c).includes('deleted ticket'))).toHaveLength(1);
    await expect(board.getTicket(NORTHWIND, doomed.id)).rejects.toMatchObject({ status: 404 });
  });

  it('the service refusing a delete (400) reads as the briefing rule', async () => {
    const ticket = await board.createTicket(NORTHWIND, { title: 'Refused delete', status: 'triage' });
    const shown = await show(ticket);
    h.sandbox.control.addFault({ method: 'DELETE', path: `/v1/projects/${NORTHWIND}/tickets/${ticket.id}`, kind: 'status', status: 400, code: 'bad_request', times: 1 });
    const ack = await h.driver.blockAction(ACTION_IDS.ticketMore, 'delete', { channel: CHANNELS.intel, message: messageOf(shown), ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain('dismiss it instead');
  });

  it('comments Radar wrote get Edit and Delete; a person’s comment only Delete', async () => {
    const ticket = await byTitle('Rewrite homepage hero');
    await board.createComment(NORTHWIND, ticket.id, 'Radar wrote this one');
    const shown = await show(ticket);
    const comments = readable(await board.listComments(NORTHWIND, ticket.id)).slice(-3);
    const blocks = shown.args.blocks as unknown[];
    const editButtons = blocks.flatMap((b) => (isJson(b) && Array.isArray(b.elements) ? b.elements : [])).filter((e) => isJson(e) && e.action_id === ACTION_IDS.commentEdit);
    const deleteButtons = blocks.flatMap((b) => (isJson(b) && Array.isArray(b.elements) ? b.elements : [])).filter((e) => isJson(e) && e.action_id === ACTION_IDS.commentDelete);
    expect(comments.some((c) => c.origin !== 'api')).toBe(true);
    expect(editButtons).toHaveLength(comments.filter((c) => c.origin === 'api').length);
    expect(deleteButtons).toHaveLength(comments.length);

    const form = await openEdit(shown, ACTION_IDS.commentEdit);
    h.sandbox.control.clearRequests();
    const before = h.slack.calls.length;
    await h.driver.viewSubmission(form, { [BLOCK_IDS.body]: 'Radar wrote this one, edited' });
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === form.id && h.slack.calls.indexOf(c) >= before && viewText(c.args.view as StoredView).includes('saved'));
    expect(writes().map((w) => [w.method, w.body])).toEqual([['PATCH', { body: 'Radar wrote this one, edited' }]]);
  });

  it('the label picker can create a label inline, within the label rules', async () => {
    const ticket = await byTitle('SalesLoom homepage now leads');
    const form = await openEdit(await show(ticket));
    expect(findElement(form.blocks, BLOCK_IDS.newLabel)).toBeDefined();
    h.sandbox.control.clearRequests();
    // A name the project already has, in another case: refused on the field, nothing sent.
    const dupe = await submit(form, { [BLOCK_IDS.newLabel]: 'seo' });
    expect(dupe.ack.errors?.[BLOCK_IDS.newLabel]).toContain('already a label named');
    const long = await submit(form, { [BLOCK_IDS.newLabel]: 'n'.repeat(41) });
    expect(long.ack.errors?.[BLOCK_IDS.newLabel]).toContain('at most 40 characters');
    expect(writes()).toHaveLength(0);

    const { shownIn } = await submit(form, { [BLOCK_IDS.newLabel]: 'Homepage' });
    const created = readable(await board.listLabels(NORTHWIND)).find((l) => l.name === 'Homepage')!;
    expect(created).toBeDefined();
    const sent = writes();
    expect(sent.map((w) => w.method)).toEqual(['POST', 'PATCH']);
    expect(sent[1]!.body).toEqual({ labelIds: [...readable(mustRead(ticket.labels)).map((l) => l.id), created.id] });
    expect(viewText(shownIn!.args.view as StoredView)).toContain('labels');
  });

  it('the service refusing the inline label reads as the label rules, the form kept', async () => {
    const ticket = await byTitle('Competitor sitemap grew');
    const form = await openEdit(await show(ticket));
    h.sandbox.control.addFault({ method: 'POST', path: `/v1/projects/${NORTHWIND}/tickets/labels`, kind: 'status', status: 400, code: 'invalid_parameters', times: 1 });
    const { shownIn } = await submit(form, { [BLOCK_IDS.newLabel]: 'Refused label' });
    const text = viewText(shownIn!.args.view as StoredView);
    expect(text).toContain('The service refused the label');
    expect(text).toContain('Your input is kept below');
    expect(JSON.stringify(shownIn!.args.view)).toContain('Refused label');
  });

  it('the create form from a message can add a label inline too, and puts it on the new ticket', async () => {
    const text = 'Zoho launched a partner program';
    const ts = await postMessage(h, CHANNELS.intel, text);
    const ack = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { channel: CHANNELS.intel, message: { ts, text, user: USERS.bob } });
    const { view } = await h.viewOpenedBy(ack);
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id);
    const filled = h.slack.view(view.id)!;
    expect(findElement(filled.blocks, BLOCK_IDS.newLabel)).toBeDefined();
    const dupe = await h.driver.viewSubmission(filled, { [BLOCK_IDS.title]: text, [BLOCK_IDS.column]: 'triage', [BLOCK_IDS.newLabel]: 'PRICING' });
    expect((dupe.body as { errors?: Record<string, string> }).errors?.[BLOCK_IDS.newLabel]).toContain('already a label named');
    h.sandbox.control.clearRequests();
    await h.driver.viewSubmission(filled, { [BLOCK_IDS.title]: text, [BLOCK_IDS.column]: 'triage', [BLOCK_IDS.newLabel]: 'Partners' });
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(c.args.view as StoredView).includes('is on'));
    const label = readable(await board.listLabels(NORTHWIND)).find((l) => l.name === 'Partners')!;
    const created = writes().find((w) => w.method === 'POST' && w.path.endsWith('/tickets'))!;
    expect((created.body as { labelIds?: string[] }).labelIds).toEqual([label.id]);
  });

  it('refuses forged or copied button values, changing nothing', async () => {
    const ticket = await byTitle('Competitor sitemap grew');
    const shown = await show(ticket);
    h.sandbox.control.clearRequests();
    // The same message pressed from another channel: the seal names the channel it was shown in.
    const copied = await h.driver.blockAction(ACTION_IDS.ticketEdit, null, { channel: CHANNELS.general, message: messageOf(shown), ephemeral: true });
    expect(replyText(await h.answerTo(copied))).toContain('not made by Radar for this channel');
    const forged = { ts: '1', blocks: [{ type: 'actions', block_id: 'x', elements: [{ type: 'button', action_id: ACTION_IDS.commentDelete, text: { type: 'plain_text', text: 'Delete' }, value: JSON.stringify({ p: NORTHWIND, t: ticket.id, c: 'cmt_1', k: 'cd' }) }] }] };
    const ack = await h.driver.blockAction(ACTION_IDS.commentDelete, null, { channel: CHANNELS.intel, message: forged, ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain('not made by Radar');
    expect(writes()).toHaveLength(0);
  });
});
