/**
 * Fuzzing the modals: random and hostile view submissions of the ticket and comment modals (text of
 * any size and script, `<!channel>` injection, impossible dates, options Slack never offered).
 * Every submission is acked, every view Radar answers with is valid Block Kit, nothing pings anyone,
 * no ticket is created twice, and the app keeps answering.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../src/sandbox/index.js';
import { createServiceClient } from '../../src/service/index.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../src/slack/ids.js';
import type { StoredView } from '../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../support/fake-slack.js';
import { CHANNELS, USERS } from '../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';
import { postMessage } from '../features/tickets/support.js';
import { mustRead } from '../../src/service/tolerant.js';

const HOSTILE = ['<!channel>', '<!here>', '<@U0INJECTED>', '<https://evil.example|x>', '&lt;', '*', '`', '\u202e', '😀'];
const text = (max: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: Math.min(max, 60) }),
    fc.constantFrom(...HOSTILE).map((h) => `${h} fuzz`),
    fc.constantFrom('', ' ', '\n\n'),
    fc.integer({ min: 1, max }).map((n) => 'x'.repeat(n)),
  );
const bogusOption = (type: string) => fc.string({ maxLength: 12 }).map((v) => ({ type, selected_option: { text: { type: 'plain_text', text: 'bogus' }, value: `bogus-${v}` } }));

const MENTION = /<(?:!channel|!here|!everyone|@U0INJECTED)>/;

/** Every text Slack reads as mrkdwn in a call: the top-level `text` and each mrkdwn text object. */
function mrkdwnTexts(args: Record<string, unknown>): string[] {
  const out = typeof args.text === 'string' ? [args.text] : [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.type === 'mrkdwn' && typeof o.text === 'string') out.push(o.text);
      Object.values(o).forEach(walk);
    }
  };
  walk(args.blocks);
  walk(args.view);
  return out;
}

describe('fuzzing the modals', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  /** A modal's context, read from its sealed private_metadata (src/slack/sealed-values.ts: base64url JSON, then the seal). */
  const contextOf = (view: unknown): string => Buffer.from(String((view as StoredView).private_metadata ?? '').split('.')[0] ?? '', 'base64url').toString('utf8');

  async function openModal(callbackId: string, index: number): Promise<StoredView> {
    const ts = await postMessage(h, CHANNELS.intel, `fuzz message ${index}`);
    const ack = await h.driver.messageShortcut(callbackId, { channel: CHANNELS.intel, message: { ts, text: `fuzz message ${index}`, user: USERS.bob } });
    expect(ack.status).toBe(200);
    if (callbackId === CALLBACK_IDS.ticketFromMessage) {
      // The update that fills this modal (not a late confirmation of the previous one).
      const filled = await h.slack.waitForCall('views.update', (c) => contextOf(c.args.view).includes(ts));
      return h.slack.view(String(filled.args.view_id))!;
    }
    const opened = await h.slack.waitForCall('views.open', (c) => contextOf(c.args.view).includes(ts));
    return h.slack.view(String((opened.args.view as { external_id?: string }).external_id ?? '')) ?? (h.slack.latestView() as StoredView);
  }

  it('answers random ticket submissions with valid views, never twice the same ticket', async () => {
    const labels = ['lbl_bogus'];
    const ticketValues = fc.record({
      [BLOCK_IDS.title]: text(5000),
      [BLOCK_IDS.description]: fc.oneof(text(3000), fc.constant('d'.repeat(20_001))),
      [BLOCK_IDS.column]: fc.oneof(fc.constantFrom('triage', 'todo', 'in_progress', 'done', 'dismissed'), bogusOption('static_select')),
      [BLOCK_IDS.due]: fc.oneof(fc.constant(null), fc.constantFrom('2030-02-30', '1999-01-01', 'tomorrow', '2031-12-31')),
      [BLOCK_IDS.impact]: fc.oneof(fc.constant(null), fc.constantFrom('1', '2', '3', '4'), bogusOption('static_select')),
      [BLOCK_IDS.labels]: fc.oneof(fc.constant(null), fc.constant({ type: 'multi_static_select', selected_options: Array.from({ length: 12 }, (_, i) => ({ text: { type: 'plain_text', text: 'l' }, value: `${labels[0]}${i}` })) })),
    });
    const samples = fc.sample(ticketValues, { numRuns: 120, seed: 1122 });
    const board = createServiceClient({ baseUrl: h.sandbox.url, apiKey: h.sandbox.keys.readWrite, retry: false });
    h.sandbox.control.advanceClock(61_000);
    const before = (await board.listTickets(TICKET_SEED.projects.northwind, { closed: 'all' })).total;
    let accepted = 0;
    /** Views answered with "Creating the ticket", with how many views.update each had before its submission. */
    const creating = new Map<string, number>();
    const updatesOf = (id: string) => h.slack.callsTo('views.update').filter((c) => c.args.view_id === id).length;
    for (const [i, values] of samples.entries()) {
      const view = await openModal(CALLBACK_IDS.ticketFromMessage, i);
      const title = values[BLOCK_IDS.title] as string;
      // A field whose choices did not load (the service rate limits ticket reads) is not in the view.
      const present = new Set(view.blocks.map((b) => (b as { block_id?: string }).block_id));
      const shown = Object.fromEntries(Object.entries({ ...values, [BLOCK_IDS.title]: title.trim() === '' ? title : `${i}:${title}` }).filter(([k]) => present.has(k)));
      const updatesBefore = updatesOf(view.id);
      const ack = await h.driver.viewSubmission(view, shown as never);
      expect(ack.status).toBe(200);
      const body = ack.body as { response_action?: string; errors?: Record<string, string> } | '';
      expect(body === '' || body.response_action === 'errors' || body.response_action === 'update', JSON.stringify(body).slice(0, 200)).toBe(true);
      if (body !== '' && body.response_action === 'errors') {
        for (const message of Object.values(body.errors ?? {})) expect(message).not.toMatch(MENTION);
      } else {
        accepted++;
        if (body !== '' && body.response_action === 'update' && JSON.stringify(body).includes('Creating the ticket')) creating.set(view.id, updatesBefore);
      }
    }
    // Let the accepted ones finish: each submission answered with the "Creating the ticket" view ends
    // in one views.update of that very view (the ticket, or the form back with its failure). Then move
    // the sandbox clock past its rate-limit window, so this test's own reads of the board are not refused.
    await h.slack.untilCalls(() => [...creating].every(([id, before]) => updatesOf(id) > before));
    expect(creating.size).toBeGreaterThan(0);
    h.sandbox.control.advanceClock(61_000);
    const created = async () => (await board.listTickets(TICKET_SEED.projects.northwind, { closed: 'all' })).total - before;
    const count = await created();
    expect(accepted).toBeGreaterThan(0);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(accepted);
    const titles = (await board.listTickets(TICKET_SEED.projects.northwind, { closed: 'all', q: ':' })).items.map((t) => mustRead(t).title);
    expect(new Set(titles).size).toBe(titles.length);
    // Slack acts on mentions in mrkdwn (and a message's top-level text); plain_text, such as an
    // input's value, is shown as typed and can hold them harmlessly.
    for (const call of h.slack.calls.filter((c) => c.method.startsWith('views.') || c.method.startsWith('chat.'))) {
      for (const t of mrkdwnTexts(call.args)) expect(t).not.toMatch(MENTION);
    }
    await board.close();
  }, 120_000);

  it('answers random comment submissions', async () => {
    const samples = fc.sample(fc.record({ [BLOCK_IDS.body]: fc.oneof(text(3000), fc.constant('c'.repeat(20_001))) }), { numRuns: 60, seed: 2211 });
    for (const [i, values] of samples.entries()) {
      const view = await openModal(CALLBACK_IDS.commentFromMessage, 1000 + i);
      const ticket = i % 3 === 0 ? null : { type: 'external_select', selected_option: { text: { type: 'plain_text', text: '#1' }, value: i % 3 === 1 ? 'tkt_bogus' : 'x' } };
      const ack = await h.driver.viewSubmission(view, { ...values, ...(ticket ? { [BLOCK_IDS.ticket]: ticket } : {}) } as never);
      expect(ack.status).toBe(200);
    }
    // Still alive and answering.
    expect(replyText(await h.command('projects', { channel: CHANNELS.general }))).toContain('Northwind CRM');
  }, 120_000);
});
