/** Helpers the ticket feature tests share: real messages in the fake Slack, and a service client on the sandbox. */
import { createServiceClient, type ServiceClient, type Ticket, type TicketFacts, type TicketStatus } from '../../../src/service/index.js';
import { ticketFactsOf } from '../../../src/service/schemas/tickets.js';
import type { StoredView, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { BOT_TOKEN, type RadarHarness } from '../../support/radar-harness.js';
import { isJson } from '../../support/view-state.js';

/** Posts a message into the fake Slack (so permalinks and thread replies find it); resolves to its ts. */
export async function postMessage(h: RadarHarness, channel: string, text: string, threadTs?: string): Promise<string> {
  const res = await fetch(`${h.slack.url}chat.postMessage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BOT_TOKEN}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel, text, ...(threadTs ? { thread_ts: threadTs } : {}) }),
  });
  const body = (await res.json()) as { ok: boolean; ts?: string; error?: string };
  if (!body.ok || !body.ts) throw new Error(`could not post the test message: ${body.error}`);
  return body.ts;
}

/** A client of the sandbox with the read_write key and no retries, to check the board. */
export function boardClient(h: RadarHarness): ServiceClient {
  return createServiceClient({ baseUrl: h.sandbox.url, apiKey: h.sandbox.keys.readWrite, retry: false });
}

/** The view a views.* call sent. */
export function viewOf(call: WebApiCall): StoredView {
  return call.args.view as StoredView;
}

/** An input block's element in a view, by block id. */
export function inputElement(view: { blocks: unknown[] }, blockId: string): Record<string, unknown> | undefined {
  const block = view.blocks.find((b) => isJson(b) && b.type === 'input' && b.block_id === blockId);
  return isJson(block) && isJson(block.element) ? block.element : undefined;
}

/** Every text of a view's blocks, joined, for assertions. */
export function viewText(view: { blocks: unknown[] }): string {
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (isJson(value)) Object.values(value).forEach(walk);
  };
  walk(view.blocks);
  return parts.join('\n');
}

/** A ticket as the service lists it, read as facts, for view tests; `overrides` replace any field. */
export function ticketFixture(number: number, status: TicketStatus, overrides: Partial<Ticket> = {}): TicketFacts {
  const at = '2026-01-01T00:00:00.000Z';
  return ticketFactsOf({
    id: `tkt_${number}`,
    number,
    origin: 'user',
    author: null,
    briefing: null,
    title: `Ticket number ${number} with a reasonably long title to fill the lines`,
    description: '',
    labels: [{ id: 'l1', name: 'Pricing', color: '#ffffff' }],
    status,
    statusChangedAt: at,
    assignee: { userId: 'u1', fullName: 'Maya Chen' },
    dueDate: '2026-02-01',
    effort: 'low',
    impact: 2,
    commentCount: 0,
    deletable: true,
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
    ...overrides,
  });
}
