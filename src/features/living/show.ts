/**
 * Showing a ticket's state on a living message (issue 30 item 5) with `chat.update`, exactly once per
 * (message, update) through the claim ledger protocol (src/features/background/deliver-once.ts) on its
 * own ledger (`living-ledger`): a replica that dies between claiming and updating leaves a claim the
 * next one takes over once stale; it first reads the message back, and when the message already shows
 * the state (its status block's id names it), records that instead of updating again. A message is
 * updated at most once a minute; a state that changes sooner is shown on a later cycle.
 *
 * A watch message is read back and keeps everything it has (blocks, buttons, metadata, with the
 * ticket's id added to its `radar_change` payload); its status block is replaced. A confirmation is
 * drawn again from its own line. A message Slack says is gone (deleted, not Radar's to change) is
 * dropped from the record.
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { fitBlocks, type Block } from '../../slack/blocks/index.js';
import { isGoneForRadar } from '../../slack/slack-errors.js';
import { createDigestLedger, type DigestKey, type DigestLedger } from '../../store/digest-ledger.js';
import { createTicketThreadsRepo, type LivingMessage, type ShownState, type TicketThread, type TicketThreadsRepo } from '../../store/ticket-threads.js';
import { deliverOnce, isDelivered, posterBase, type ClaimContext, type PosterBase } from '../background/deliver-once.js';
import { TICKET_IDS } from '../../slack/ids.js';
import { isStatusBlock, sameState, stateKey, statusBlockId, ticketMetadata } from './ticket-state.js';
import { confirmationMessage, ticketStatusBlock } from './views/ticket-status.js';

export const LIVING_LEDGER_NAMESPACE = 'living-ledger';
/** At most one update a minute per message. */
export const LIVING_MIN_INTERVAL_MS = 60_000;

export interface LivingContext extends PosterBase, ClaimContext<DigestKey> {
  ledger: DigestLedger;
  threads: TicketThreadsRepo;
  now(): Date;
}

export function createLivingContext(deps: Pick<RadarDeps, 'store' | 'timing' | 'logger' | 'now'>, client: webApi.WebClient): LivingContext {
  return {
    ...posterBase(deps, client, 'living'),
    ledger: createDigestLedger(deps.store, { now: deps.now, namespace: LIVING_LEDGER_NAMESPACE }),
    threads: createTicketThreadsRepo(deps.store),
    now: deps.now,
  };
}

/** The ledger key of showing `state` on `message` (its version counts the updates recorded before). */
export const livingKey = (thread: Pick<TicketThread, 'teamId' | 'channelId' | 'ticketId'>, message: Pick<LivingMessage, 'ts' | 'version'>, state: ShownState): DigestKey => ({
  teamId: thread.teamId,
  channelId: thread.channelId,
  runId: `${message.ts}:${thread.ticketId}:${message.version}:${stateKey(thread.ticketId, state)}`,
});

export interface SlackMessage {
  ts?: string;
  text?: string;
  blocks?: unknown[];
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
}

/** One message of a channel read back (a thread's parent through history, a reply through replies), with its metadata; null when gone. */
export async function readMessage(client: webApi.WebClient, channel: string, ts: string, threadTs: string): Promise<SlackMessage | null> {
  const range = { channel, latest: ts, oldest: ts, inclusive: true, include_all_metadata: true };
  const result = ts === threadTs ? await client.conversations.history({ ...range, limit: 1 }) : await client.conversations.replies({ ...range, ts: threadTs, limit: 10 });
  return ((result.messages ?? []) as SlackMessage[]).find((m) => m.ts === ts) ?? null;
}

class MessageGone extends Error {
  constructor() {
    super('the message is gone');
    this.name = 'MessageGone';
  }
}

export type ShowOutcome = 'shown' | 'unchanged' | 'later' | 'gone';

/** Shows `state` on `message` of `thread` once; records what it shows. */
export async function showState(ctx: LivingContext, thread: TicketThread, message: LivingMessage, state: ShownState): Promise<ShowOutcome> {
  if (sameState(message.shown, state)) return 'unchanged';
  const now = ctx.now();
  if (message.updatedAt !== null && now.getTime() - Date.parse(message.updatedAt) < LIVING_MIN_INTERVAL_MS) return 'later';
  const { channelId } = thread;
  const blockId = statusBlockId(thread.ticketId, state);
  const ticket = { ticketId: thread.ticketId, ticketNumber: thread.ticketNumber, title: thread.title };
  const outcome = await deliverOnce(ctx, livingKey(thread, message, state), {
    what: 'ticket state update',
    async findEarlier() {
      const shown = await readMessage(ctx.client, channelId, message.ts, thread.threadTs);
      return shown?.blocks?.some((b) => (b as { block_id?: string }).block_id === blockId) ? message.ts : null;
    },
    async render() {
      if (message.kind === 'confirmation') {
        // Its radar_ticket metadata goes with every update (issue 30 item 7): as posted (read back), else the thread's ticket.
        const posted = await readMessage(ctx.client, channelId, message.ts, thread.threadTs).catch(() => null);
        const metadata = posted?.metadata?.event_type === TICKET_IDS.eventType ? { event_type: TICKET_IDS.eventType, event_payload: { ...(posted.metadata.event_payload ?? {}), ticket_id: thread.ticketId } } : ticketMetadata({ projectId: thread.projectId, ticketId: thread.ticketId });
        return { ...confirmationMessage(message.text ?? '', ticket, state), metadata };
      }
      const current = await readMessage(ctx.client, channelId, message.ts, thread.threadTs);
      if (!current) throw new MessageGone();
      const kept = (current.blocks ?? []).filter((b) => !isStatusBlock(b)) as Block[];
      const blocks = [...fitBlocks(kept, 49), ticketStatusBlock(ticket, state)];
      const metadata = current.metadata?.event_type
        ? { event_type: current.metadata.event_type, event_payload: { ...(current.metadata.event_payload ?? {}), ticket_id: thread.ticketId } }
        : undefined;
      return { text: current.text ?? '', blocks, metadata };
    },
    async post(update) {
      await ctx.client.chat.update({ channel: channelId, ts: message.ts, text: update.text, blocks: update.blocks, ...(update.metadata ? { metadata: update.metadata } : {}) });
      return message.ts;
    },
    followUp: async () => undefined,
    completeRecovered: async () => undefined,
  });
  if (isDelivered(outcome)) {
    await ctx.threads.update(thread.teamId, thread.channelId, thread.threadTs, (current) => {
      if (current.ticketId !== thread.ticketId) return undefined;
      const m = current.messages.find((x) => x.ts === message.ts);
      if (!m || m.version !== message.version) return undefined;
      Object.assign(m, { shown: state, updatedAt: ctx.now().toISOString(), version: m.version + 1 });
      return current;
    });
    if (outcome.kind !== 'already_posted') ctx.logger.info('ticket state shown on a message', { channel: channelId, ts: message.ts, ticketId: thread.ticketId, status: state.status, recovered: outcome.kind === 'recovered' });
    return 'shown';
  }
  if (outcome.kind === 'retry_later' && (outcome.error instanceof MessageGone || isGoneForRadar(outcome.error))) {
    ctx.logger.info('a living message is gone; no longer updating it', { channel: channelId, ts: message.ts, ticketId: thread.ticketId });
    await ctx.threads.update(thread.teamId, thread.channelId, thread.threadTs, (current) => ({ ...current, messages: current.messages.filter((m) => m.ts !== message.ts) }));
    return 'gone';
  }
  if (outcome.kind === 'retry_later') ctx.logger.warn('could not show a ticket’s state; trying again next cycle', { channel: channelId, ts: message.ts, error: outcome.error });
  return 'later';
}
