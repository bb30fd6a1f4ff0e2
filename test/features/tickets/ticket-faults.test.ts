import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { inputElement, postMessage, viewOf, viewText } from './support.js';

const TICKETS = `/v1/projects/${TICKET_SEED.projects.northwind}/tickets`;

/** Opens the ticket modal on a fresh message; resolves once `views.open` was called. */
async function openTicketModal(h: RadarHarness, text: string) {
  const ts = await postMessage(h, CHANNELS.intel, text);
  const ack = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { channel: CHANNELS.intel, message: { ts, text, user: USERS.bob } });
  const { call, view } = await h.viewOpenedBy(ack);
  expect(viewText(viewOf(call))).toContain(text);
  return { ack, opened: viewOf(call), viewId: view.id };
}

const filledView = (h: RadarHarness, viewId: string) =>
  h.slack.waitForCall('views.update', (c) => c.args.view_id === viewId && inputElement(viewOf(c), BLOCK_IDS.labels) !== undefined);

describe('the ticket modal when the service is slow or refuses', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  afterAll(() => h?.stop());

  it('opens the modal while the service is still answering, with latency over 3 seconds on the ticket endpoints', async () => {
    h.sandbox.control.addFault({ path: `^${TICKETS}`, kind: 'latency', latencyMs: 3_500 });
    h.sandbox.control.clearRequests();
    const { opened, viewId } = await openTicketModal(h, 'Slow service, fast modal');
    // views.open happened while the labels and members calls were still held by the sandbox: the
    // modal did not wait for the service (how fast the ack is, npm run bench measures).
    expect(h.sandbox.control.requests().filter((r) => r.path.startsWith(TICKETS))).toEqual([]);
    expect(viewText(opened)).toContain('Loading');
    const filled = await filledView(h, viewId);
    expect(viewText(viewOf(filled))).toContain('Pricing');
  }, 10_000);

  it('after 429s outlasting the retries, brings the form back with the input and the reason', async () => {
    const { viewId } = await openTicketModal(h, 'Rate limited');
    const view = viewOf(await filledView(h, viewId));
    h.sandbox.control.addFault({ method: 'POST', path: TICKETS, kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0 });
    h.sandbox.control.clearRequests();
    await h.driver.viewSubmission({ ...view, id: viewId }, { [BLOCK_IDS.title]: 'Still mine after 429', [BLOCK_IDS.column]: 'done', [BLOCK_IDS.impact]: '4' });
    const back = viewOf(await h.slack.waitForCall('views.update', (c) => c.args.view_id === viewId && viewText(viewOf(c)).includes('Your input is kept')));
    expect(viewText(back)).toContain('rate limiting');
    expect(inputElement(back, BLOCK_IDS.title)?.initial_value).toBe('Still mine after 429');
    expect(inputElement(back, BLOCK_IDS.column)?.initial_option).toMatchObject({ value: 'done' });
    expect(inputElement(back, BLOCK_IDS.impact)?.initial_option).toMatchObject({ value: '4' });
    expect(inputElement(back, BLOCK_IDS.labels)).toBeDefined();
    // The client retried before giving up.
    expect(h.sandbox.control.requests().filter((r) => r.method === 'POST' && r.path === TICKETS).length).toBeGreaterThan(1);
  }, 10_000);
});

describe('the ticket modal with a read-only key', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ key: 'readOnly' });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('says the key needs the read_write scope and keeps every value', async () => {
    const { viewId } = await openTicketModal(h, 'Read-only key');
    const view = viewOf(await filledView(h, viewId));
    await h.driver.viewSubmission({ ...view, id: viewId }, {
      [BLOCK_IDS.title]: 'Cannot be written',
      [BLOCK_IDS.column]: 'todo',
      [BLOCK_IDS.description]: 'Typed with care',
      [BLOCK_IDS.assignee]: TICKET_SEED.members.tom,
      [BLOCK_IDS.due]: '2031-01-15',
    });
    const back = viewOf(await h.slack.waitForCall('views.update', (c) => c.args.view_id === viewId && viewText(viewOf(c)).includes('Your input is kept')));
    expect(viewText(back)).toContain("the bot's key must have the read_write scope");
    expect(inputElement(back, BLOCK_IDS.title)?.initial_value).toBe('Cannot be written');
    expect(inputElement(back, BLOCK_IDS.description)?.initial_value).toBe('Typed with care');
    expect(inputElement(back, BLOCK_IDS.assignee)?.initial_option).toMatchObject({ value: TICKET_SEED.members.tom });
    expect(inputElement(back, BLOCK_IDS.due)?.initial_date).toBe('2031-01-15');
    // A later submit of the same modal may try again: the failed one released its claim.
    expect(await h.radar.deps.store.keyv('submissions').get(viewId)).toBeUndefined();
  });
});
