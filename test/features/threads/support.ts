/** Helpers the ticket-thread tests share: a watch message with a ticket made from it, the living poller, statuses shown. */
import type { Worker } from '../../../src/deps.js';
import { SEED } from '../../../src/sandbox/seed.js';
import type { Ticket } from '../../../src/service/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS, TICKET_IDS } from '../../../src/slack/ids.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import type { RadarHarness } from '../../support/radar-harness.js';
import { publishRun, watchesIn, watchPoller } from '../watches/support.js';

export const NW = SEED.projects.northwind.id;
export const TICK_ONLY = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' };

const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
export const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

export function livingPoller(h: Pick<RadarHarness, 'radar'>): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'living-poller');
  if (!worker?.tick) throw new Error('the living poller is not running');
  return worker as Required<Worker>;
}

/** A watch message posted in `channel` (pricing, hubforge gained a free plan); bind and watch first. */
export async function postWatchMessage(h: RadarHarness, channel: string = CHANNELS.intel, tick: () => Promise<unknown> = () => watchPoller(h).tick()): Promise<{ message: StoredMessage; run: string }> {
  await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
  await h.command('watch pricing', { channel });
  const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'hubforge.io': { hasFreePlan: true } }) } });
  await tick();
  const message = watchesIn(h, channel, run)[0];
  if (!message) throw new Error('no watch message was posted');
  return { message, run };
}

/** Presses Create ticket on the watch message and submits the modal; the confirmation call back. */
export async function ticketFromWatch(h: RadarHarness, message: StoredMessage, title: string, channel: string = CHANNELS.intel): Promise<WebApiCall> {
  const button = (message.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchTicket);
  const ack = await h.driver.blockAction(ACTION_IDS.watchTicket, button?.value ?? '', { channel, message });
  await h.viewOpenedBy(ack);
  const sent = Date.now();
  await h.driver.viewSubmission(h.slack.latestView()!, { title, column: 'triage' });
  const confirmation = await h.slack.waitForCall('chat.postMessage', (c) => c.at >= sent && String(c.args.text ?? '').includes('turned this message into ticket'), { timeoutMs: 10_000 });
  await untilSubmitted(h, sent);
  return confirmation;
}

/** Waits until the ticket modal submitted after `sent` shows "Ticket created": the submission's work (links included) is done. */
export function untilSubmitted(h: Pick<RadarHarness, 'slack'>, sent: number): Promise<unknown> {
  return h.slack.waitForCall('views.update', (c) => c.at >= sent && JSON.stringify(c.args.view).includes('Ticket created'), { timeoutMs: 10_000 });
}

/** The ticket id a confirmation's metadata names. */
export const ticketIdOf = (confirmation: WebApiCall) => {
  const metadata = confirmation.args.metadata as { event_type?: string; event_payload?: { ticket_id?: string } } | undefined;
  if (metadata?.event_type !== TICKET_IDS.eventType || !metadata.event_payload?.ticket_id) throw new Error('the confirmation carries no radar_ticket metadata');
  return metadata.event_payload.ticket_id;
};

/** The text of a message's ticket status block (empty when it has none). */
export function statusOf(message: StoredMessage | undefined): string {
  const block = (message?.blocks as { block_id?: string; elements?: { text?: string }[] }[] | undefined)?.find((b) => b.block_id?.startsWith(`${TICKET_IDS.statusBlockPrefix}:`));
  return block?.elements?.map((e) => e.text ?? '').join(' ') ?? '';
}

export const updatesOf = (h: Pick<RadarHarness, 'slack'>, ts: string) => h.slack.callsTo('chat.update').filter((c) => c.args.ts === ts && c.response !== undefined);

/** Board list reads (GET /tickets) of a project logged by the sandbox. */
export const boardReads = (h: Pick<RadarHarness, 'sandbox'>, projectId: string = NW) =>
  h.sandbox.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/projects/${projectId}/tickets`).length;

export const findMessage = (h: Pick<RadarHarness, 'slack'>, channel: string, ts: string) => h.slack.messagesIn(channel).find((m) => m.ts === ts);

/** Uses "Add to Radar ticket" on `message` and submits it onto `ticket`; the confirmation call back. */
export async function addToTicket(h: RadarHarness, message: StoredMessage, ticket: Ticket, channel: string = CHANNELS.intel) {
  const ack = await h.driver.messageShortcut(CALLBACK_IDS.commentFromMessage, { channel, message });
  const { view } = await h.viewOpenedBy(ack);
  const sent = Date.now();
  const chosen = { type: 'external_select', selected_option: { text: { type: 'plain_text', text: `#${ticket.number} ${ticket.title}` }, value: ticket.id } };
  await h.driver.viewSubmission(view, { [BLOCK_IDS.ticket]: chosen, [BLOCK_IDS.body]: 'From the watch message' });
  await h.slack.waitForCall('views.update', (c) => c.at >= sent && JSON.stringify(c.args.view).includes('The comment is on'), { timeoutMs: 10_000 });
  return h.slack.waitForCall('chat.postMessage', (c) => c.at >= sent && String(c.args.text ?? '').includes('added this message as a comment'), { timeoutMs: 10_000 });
}
