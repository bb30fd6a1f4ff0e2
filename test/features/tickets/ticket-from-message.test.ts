import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { ServiceClient } from '../../../src/service/index.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { boardClient, inputElement, postMessage, viewOf, viewText } from './support.js';
import { mustRead, readable } from '../../../src/service/tolerant.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

describe('turning a message into a ticket', () => {
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

  /** Uses the shortcut on a fresh message; resolves to the opened view and then the filled one. */
  async function openFor(text: string, threadTs?: string) {
    const ts = await postMessage(h, CHANNELS.intel, text, threadTs);
    const ack = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, {
      channel: CHANNELS.intel,
      message: { ts, text, user: USERS.bob, ...(threadTs ? { thread_ts: threadTs } : {}) },
    });
    expect(ack.status).toBe(200);
    const { call: opened, view } = await h.viewOpenedBy(ack);
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id);
    return { ts, opened: viewOf(opened), filled: h.slack.view(view.id)! };
  }

  it('prefills title, triage and a description with author and permalink from a plain message', async () => {
    const text = 'Pipedrive just launched a $19 Starter plan aimed squarely at our small-team segment, undercutting us by 30 percent on list price\nDetails on their blog.';
    const { ts, opened, filled } = await openFor(text);
    expect(inputElement(opened, BLOCK_IDS.title)?.initial_value).toBe('Pipedrive just launched a $19 Starter plan aimed squarely at our small-team segment, undercutting…');
    expect(inputElement(opened, BLOCK_IDS.column)?.initial_option).toMatchObject({ value: 'triage' });
    const description = String(inputElement(opened, BLOCK_IDS.description)?.initial_value);
    expect(description).toContain('Details on their blog.');
    expect(description).toContain('From a Slack message by Bob Okafor.');
    expect(description).toContain(`archives/${CHANNELS.intel}/p${ts.replace('.', '')}`);
    expect(description).not.toContain('thread');
    expect(viewText(opened)).toContain('Loading');
    // Filled by views.update: labels and current members only.
    const labels = (inputElement(filled, BLOCK_IDS.labels)?.options as { text: { text: string } }[]).map((o) => o.text.text);
    expect(labels).toContain('Pricing');
    const members = (inputElement(filled, BLOCK_IDS.assignee)?.options as { text: { text: string } }[]).map((o) => o.text.text);
    expect(members).toEqual(['Maya Chen', 'Tom Okafor', 'Priya Raman', 'Lena Fischer', 'Diego Alvarez']);
  });

  it('notes a thread reply in the description', async () => {
    const parent = await postMessage(h, CHANNELS.intel, 'Pricing watch thread');
    const { opened } = await openFor('Attio now bundles AI enrichment in every plan', parent);
    expect(String(inputElement(opened, BLOCK_IDS.description)?.initial_value)).toContain('a reply in a thread');
  });

  it('creates the ticket with every field at the top of its column and replies in the thread', async () => {
    const { ts, filled } = await openFor('Close.io added a free CRM tier');
    const labels = readable(await board.listLabels(NORTHWIND));
    const pricing = labels.find((l) => l.name === 'Pricing')!.id;
    const seo = labels.find((l) => l.name === 'SEO')!.id;
    const ack = await h.driver.viewSubmission(filled, {
      [BLOCK_IDS.title]: 'Respond to Close.io free tier',
      [BLOCK_IDS.column]: 'todo',
      [BLOCK_IDS.description]: 'They give away 2 seats.',
      [BLOCK_IDS.labels]: [pricing, seo],
      [BLOCK_IDS.assignee]: TICKET_SEED.members.priya,
      [BLOCK_IDS.due]: '2030-06-30',
      [BLOCK_IDS.effort]: 'medium',
      [BLOCK_IDS.impact]: '3',
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ response_action: 'update' });
    expect(viewText((ack.body as { view: { blocks: unknown[] } }).view)).toContain('Respond to Close.io free tier');

    const confirmed = await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(viewOf(c)).includes('is on'));
    const { items } = await board.listTickets(NORTHWIND, { status: ['todo'], include: ['description'] });
    const ticket = mustRead(items[0]!);
    expect(ticket).toMatchObject({
      title: 'Respond to Close.io free tier',
      origin: 'api',
      assignee: { userId: TICKET_SEED.members.priya },
      dueDate: '2030-06-30',
      effort: 'medium',
      impact: 3,
    });
    expect(readable(mustRead(ticket.labels)).map((l) => l.name)).toEqual(['Pricing', 'SEO']);
    expect(ticket.description).toContain('They give away 2 seats.');
    expect(ticket.description).toContain(`p${ts.replace('.', '')}`);
    expect(viewText(viewOf(confirmed))).toContain(`#${ticket.number} Respond to Close.io free tier`);

    const reply = h.slack.messagesIn(CHANNELS.intel).find((m) => m.thread_ts === ts);
    expect(reply?.text).toContain(`#${ticket.number} Respond to Close.io free tier`);
    expect(reply?.text).toContain('Northwind CRM');
  });

  it('shows errors on the fields before calling the service', async () => {
    const { filled } = await openFor('Something to file');
    h.sandbox.control.clearRequests();
    const elevenLabels = Array.from({ length: 11 }, (_, i) => ({ text: { type: 'plain_text', text: `L${i}` }, value: `lbl_${i}` }));
    const ack = await h.driver.viewSubmission(filled, {
      [BLOCK_IDS.title]: '   ',
      [BLOCK_IDS.column]: 'triage',
      [BLOCK_IDS.description]: 'x'.repeat(20_001),
      [BLOCK_IDS.labels]: { type: 'multi_static_select', selected_options: elevenLabels },
      [BLOCK_IDS.due]: { type: 'datepicker', selected_date: '2030-02-30' },
    });
    expect(ack.body).toEqual({
      response_action: 'errors',
      errors: {
        [BLOCK_IDS.title]: expect.stringContaining('title') as unknown,
        [BLOCK_IDS.description]: expect.stringContaining('20,000') as unknown,
        [BLOCK_IDS.labels]: expect.stringContaining('10 labels') as unknown,
        [BLOCK_IDS.due]: expect.stringContaining('YYYY-MM-DD') as unknown,
      },
    });
    expect(h.sandbox.control.requests().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('creates one ticket when the same modal is submitted twice at once', async () => {
    const { filled } = await openFor('Double click');
    const values = { [BLOCK_IDS.title]: 'Only once please', [BLOCK_IDS.column]: 'triage' };
    const acks = await Promise.all([h.driver.viewSubmission(filled, values), h.driver.viewSubmission(filled, values)]);
    expect(acks.map((a) => a.status)).toEqual([200, 200]);
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(viewOf(c)).includes('is on'));
    const { items } = await board.listTickets(NORTHWIND, { q: 'Only once please' });
    expect(items).toHaveLength(1);
    expect(h.sandbox.control.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/tickets'))).toHaveLength(1);
  });

  it('after a 500 looks on the board first, then brings the form back with the input, and the retry creates it', async () => {
    const { filled } = await openFor('Ambiguous failure');
    h.sandbox.control.clearRequests();
    h.sandbox.control.addFault({ method: 'POST', path: `/v1/projects/${NORTHWIND}/tickets`, kind: 'status', status: 500, times: 1 });
    await h.driver.viewSubmission(filled, {
      [BLOCK_IDS.title]: 'Kept after a 500',
      [BLOCK_IDS.column]: 'triage',
      [BLOCK_IDS.description]: 'My own notes',
      [BLOCK_IDS.effort]: 'low',
    });
    const back = await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(viewOf(c)).includes('Your input is kept'));
    const form = viewOf(back);
    expect(viewText(form)).toContain('HTTP 500');
    expect(inputElement(form, BLOCK_IDS.title)?.initial_value).toBe('Kept after a 500');
    expect(inputElement(form, BLOCK_IDS.effort)?.initial_option).toMatchObject({ value: 'low' });
    expect(inputElement(form, BLOCK_IDS.description)?.initial_value).toBe('My own notes');
    // It looked on the board before offering the retry, and nothing was created.
    expect(h.sandbox.control.requests().some((r) => r.method === 'GET' && r.query.q === 'Kept after a 500')).toBe(true);
    expect((await board.listTickets(NORTHWIND, { q: 'Kept after a 500' })).total).toBe(0);

    // The retry from the same modal now creates it.
    await h.driver.viewSubmission({ ...form, id: filled.id }, { [BLOCK_IDS.title]: 'Kept after a 500', [BLOCK_IDS.column]: 'triage' });
    await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(viewOf(c)).includes('is on'));
    expect((await board.listTickets(NORTHWIND, { q: 'Kept after a 500' })).total).toBe(1);
  });

  it('after a 500 on a create that did reach the board, confirms that ticket instead of offering a retry', async () => {
    const { ts, filled } = await openFor('Reached the board');
    const permalink = `https://example.slack.com/archives/${CHANNELS.intel}/p${ts.replace('.', '')}`;
    // The create "reached the service": the ticket is there, but the answer was a 500.
    const made = await board.createTicket(NORTHWIND, { title: 'Landed despite the 500', status: 'triage', description: `Notes\n\n${permalink}` });
    h.sandbox.control.addFault({ method: 'POST', path: `/v1/projects/${NORTHWIND}/tickets`, kind: 'status', status: 500, times: 1 });
    await h.driver.viewSubmission(filled, { [BLOCK_IDS.title]: 'Landed despite the 500', [BLOCK_IDS.column]: 'triage', [BLOCK_IDS.description]: 'Notes' });
    const confirmed = await h.slack.waitForCall('views.update', (c) => c.args.view_id === filled.id && viewText(viewOf(c)).includes('is on'));
    expect(viewText(viewOf(confirmed))).toContain(`#${made.number} Landed despite the 500`);
    expect((await board.listTickets(NORTHWIND, { q: 'Landed despite the 500' })).total).toBe(1);
  });

  it('opens a modal saying how to bind in an unbound channel', async () => {
    const ts = await postMessage(h, CHANNELS.general, 'Unbound');
    const ack = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { channel: CHANNELS.general, message: { ts, text: 'Unbound' } });
    const { call: opened } = await h.viewOpenedBy(ack);
    expect(viewText(viewOf(opened))).toContain('/radar bind');
    expect(viewOf(opened).submit).toBeUndefined();
  });
});
