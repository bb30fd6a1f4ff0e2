/**
 * The digest of one briefing edition: one message a manager reads at a glance (verdict, diagnosis
 * with deep-dive pointers, board activity, caveats, the most important opened tickets with buttons),
 * and thread replies for whatever would not fit (more tickets, every caveat, more diagnosis rows).
 */
import type { TicketFacts } from '../../../service/index.js';
import type { BriefingFacts } from '../../../service/read/briefing.js';
import {
  actions,
  button,
  context,
  divider,
  escapeMrkdwn,
  header,
  LIMITS,
  plural,
  section,
  truncate,
  type Block,
  type Button,
} from '../../../slack/blocks/index.js';
import { ACTION_IDS, COMMAND, DIGEST_IDS } from '../../../slack/ids.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { shown, unreadableText } from '../../../service/tolerant.js';
import { caveatLines, diagnosisPart, editionBlocks, editionTitle, linesBlocks, openedHeading, ticketFacts } from '../../editions/views/edition-summary.js';

/** What a digest shows: the edition read with its hub, and the tickets it opened in `tickets.opened` order. */
export interface DigestContent {
  projectId: string;
  projectName: string;
  read: BriefingFacts;
  /** The edition's opened tickets, most important first. */
  opened: TicketFacts[];
  /** The charts of the edition's own deep dives (AI visibility, pricing), at most two; each with its note when it has one. */
  charts?: readonly (MessageChart & { note?: string | null })[];
}

export interface DigestMessage {
  text: string;
  blocks: Block[];
  /** Charts the message shows (Slack's chart block, or a PNG in the thread when Slack refuses it). */
  charts?: readonly MessageChart[];
}

export interface DigestMessages {
  main: DigestMessage;
  /** Replies in the main message's thread, in order. */
  thread: DigestMessage[];
}

/** How many opened tickets the main message lists; the rest go to the thread. */
const MAIN_TICKETS = 8;
/** Tickets per thread reply (two blocks each, within the 50-block limit). */
const THREAD_TICKETS = 20;
/** Caveats quoted in the main message. */
const MAIN_CAVEATS = 3;
/** Sections of diagnosis rows in the main message; more rows go to the thread. */
const MAIN_DIAGNOSIS_SECTIONS = 3;

export function digestMessages(content: DigestContent): DigestMessages {
  const { read, projectName } = content;
  const title = `${projectName}: ${editionTitle(read)}`;
  // Message text is mrkdwn too: Slack would act on a `<!channel>` in it (also in the notification).
  const textTitle = escapeMrkdwn(title);
  const verdict = read.hubFacts.verdict;
  const thread: DigestMessage[] = [];

  const blocks: Block[] = [header(title), ...editionBlocks(read)];

  const diagnosis = diagnosisPart(read);
  blocks.push(...diagnosis.chunks.slice(0, MAIN_DIAGNOSIS_SECTIONS).map((chunk) => section(chunk)));
  const moreDiagnosis = diagnosis.chunks.slice(MAIN_DIAGNOSIS_SECTIONS);
  if (moreDiagnosis.length > 0) thread.push({ text: `${textTitle}: more diagnosis`, blocks: moreDiagnosis.map((chunk) => section(chunk)) });
  if (diagnosis.moreDeepDives) blocks.push(context(diagnosis.moreDeepDives));

  // The caveats are said once, as text: the first few here, every one in the thread when there are more.
  const caveats = caveatLines(read);
  if (caveats.unreadable) blocks.push(context(unreadableText('Coverage caveats')));
  if (caveats.lines.length > 0) {
    const rest = caveats.lines.length - MAIN_CAVEATS;
    blocks.push(context(`*Coverage caveats*\n${caveats.lines.slice(0, MAIN_CAVEATS).join('\n')}${rest > 0 ? `\n…and ${rest} more in the thread` : ''}`));
    if (rest > 0) thread.push({ text: `${textTitle}: coverage caveats`, blocks: [section('*Every coverage caveat*'), ...linesBlocks(caveats.lines)] });
  }

  blocks.push(divider());
  blocks.push(section(openedHeading(read, content.opened.length)));
  if (content.opened.length > 0) {
    const first = content.opened.slice(0, MAIN_TICKETS);
    const rest = content.opened.slice(MAIN_TICKETS);
    blocks.push(...first.flatMap((ticket, i) => ticketRowBlocks(content.projectId, ticket, { rank: i + 1 })));
    if (rest.length > 0) blocks.push(context(`…and ${plural(rest.length, 'more ticket')} in the thread`));
    for (let i = 0; i < rest.length; i += THREAD_TICKETS) {
      const chunk = rest.slice(i, i + THREAD_TICKETS);
      thread.push({
        text: `${textTitle}: more opened tickets`,
        blocks: [
          section(`*More tickets this edition opened* (${MAIN_TICKETS + i + 1} to ${MAIN_TICKETS + i + chunk.length})`),
          ...chunk.flatMap((ticket, j) => ticketRowBlocks(content.projectId, ticket, { rank: MAIN_TICKETS + i + j + 1 })),
        ],
      });
    }
  }
  blocks.push(context(`\`${COMMAND} briefing\` shows the edition · \`${COMMAND} digest off\` stops digests here`));
  const charts = chartsReply(textTitle, content.charts ?? []);
  if (charts) thread.push(charts);

  return { main: { text: verdict ? `${textTitle}: ${escapeMrkdwn(verdict)}` : textTitle, blocks }, thread };
}

export interface RowOptions {
  /** Place in the edition's order, from 1. */
  rank?: number;
  /** Slack user id of whoever last moved it from the digest. */
  movedBy?: string;
}

/** One opened ticket: a section (title, impact, size, column) and its buttons. Re-rendered after a move. */
export function ticketRowBlocks(projectId: string, ticket: TicketFacts, options: RowOptions = {}): Block[] {
  const facts = ticketFacts(ticket);
  if (options.movedBy) facts[facts.length - 1] += ` (moved by <@${escapeMrkdwn(options.movedBy)}>)`;
  const rank = options.rank === undefined ? '' : `${options.rank}. `;
  const id = ticketBlockId(ticket.id);
  const value = ticketButtonValue({ projectId, ticketId: ticket.id, rank: options.rank ?? null });
  const buttons: Button[] = [];
  if (ticket.status !== 'todo') buttons.push(button({ text: 'Move to To do', actionId: ACTION_IDS.digestMove, value, style: 'primary' }));
  if (ticket.status !== 'dismissed') buttons.push(button({ text: 'Dismiss', actionId: ACTION_IDS.digestDismiss, value }));
  // Edit opens the tickets feature's form (its value unseals as a ticket reference there too).
  buttons.push(button({ text: 'Edit', actionId: ACTION_IDS.ticketEdit, value }));
  // Follow: the follows feature's button, reading the same sealed ticket reference (issue 31).
  buttons.push(button({ text: 'Follow', actionId: ACTION_IDS.ticketFollow, value }));
  const row: Block = { ...section(`${rank}*#${ticket.number} ${shown(ticket.title, (t) => escapeMrkdwn(truncate(t, 300)))}*\n${facts.join(' · ')}`), block_id: id };
  return [row, actions(buttons, `${id}:actions`)];
}

/** The block id of a ticket's row; its buttons' block is this plus `:actions`. */
export function ticketBlockId(ticketId: string): string {
  return truncate(`${DIGEST_IDS.ticketBlockPrefix}:${ticketId}`, LIMITS.blockId - ':actions'.length);
}

/** The ids of the tickets whose rows `blocks` show (read back from their block ids; a cut id is left out). */
export function ticketIdsIn(blocks: readonly Block[]): string[] {
  const prefix = `${DIGEST_IDS.ticketBlockPrefix}:`;
  const ids: string[] = [];
  for (const block of blocks) {
    const id = block.block_id;
    if (typeof id !== 'string' || !id.startsWith(prefix) || id.endsWith(':actions')) continue;
    const ticketId = id.slice(prefix.length);
    if (ticketBlockId(ticketId) === id && id.length < LIMITS.blockId - ':actions'.length) ids.push(ticketId);
  }
  return ids;
}

/** What a ticket row's buttons carry: enough to move the ticket and draw its row again. */
export interface TicketButtonValue {
  projectId: string;
  ticketId: string;
  rank: number | null;
}

export function ticketButtonValue({ projectId, ticketId, rank }: TicketButtonValue): string {
  return JSON.stringify({ p: projectId, t: ticketId, r: rank });
}

export function parseTicketButtonValue(value: string | undefined): TicketButtonValue | null {
  try {
    const parsed = JSON.parse(value ?? '') as { p?: unknown; t?: unknown; r?: unknown };
    if (typeof parsed.p !== 'string' || typeof parsed.t !== 'string') return null;
    return { projectId: parsed.p, ticketId: parsed.t, rank: typeof parsed.r === 'number' ? parsed.r : null };
  } catch {
    return null;
  }
}

/**
 * The messages with every ticket button's value sealed by `seal` (to the channel they are posted
 * in): the views draw the plain value, delivery seals it per channel, the buttons unseal it.
 */
export function withSealedButtons(messages: DigestMessages, seal: (value: TicketButtonValue) => string): DigestMessages {
  const sealMessage = (m: DigestMessage): DigestMessage => ({ ...m, blocks: sealRowButtons(m.blocks, seal) });
  return { main: sealMessage(messages.main), thread: messages.thread.map(sealMessage) };
}

/** `blocks` with the values of the digest's ticket buttons sealed by `seal`. */
export function sealRowButtons(blocks: readonly Block[], seal: (value: TicketButtonValue) => string): Block[] {
  const ids: readonly string[] = [ACTION_IDS.digestMove, ACTION_IDS.digestDismiss, ACTION_IDS.ticketEdit, ACTION_IDS.ticketFollow];
  return blocks.map((block) => {
    if (block.type !== 'actions') return block;
    const elements = block.elements.map((e) => {
      if (e.type !== 'button' || !ids.includes(e.action_id ?? '')) return e;
      const plain = parseTicketButtonValue(e.value);
      return plain ? { ...e, value: seal(plain) } : e;
    });
    return { ...block, elements };
  });
}

/** `blocks` with the ticket's row (its section and buttons) replaced by `row`; unchanged when the row is not there. */
export function withTicketRow(blocks: readonly Block[], ticketId: string, row: readonly Block[]): Block[] {
  const id = ticketBlockId(ticketId);
  const start = blocks.findIndex((b) => b.block_id === id);
  if (start < 0) return [...blocks];
  const end = blocks[start + 1]?.block_id === `${id}:actions` ? start + 2 : start + 1;
  return [...blocks.slice(0, start), ...row, ...blocks.slice(end)];
}

/**
 * The edition's charts as one thread reply (two charts a message at most), each with its figures as
 * text beside it; null when there is none.
 */
function chartsReply(textTitle: string, charts: readonly (MessageChart & { note?: string | null })[]): DigestMessage | null {
  const shown = charts.slice(0, 2);
  if (shown.length === 0) return null;
  // Each chart's note under its figures, a note the charts share said once (under the last of them).
  const parts = shown.map((c, i) => {
    const part = chartPart(c.facts, c.blockId);
    const said = c.note && !shown.slice(i + 1).some((later) => later.note === c.note) ? [context(escapeMrkdwn(c.note))] : [];
    return { ...part, blocks: [...part.blocks, ...said] };
  });
  return { text: `${textTitle}: charts`, blocks: [section('*Charts of this edition*'), ...parts.flatMap((p) => p.blocks)], charts: parts.flatMap((p) => p.charts) };
}
