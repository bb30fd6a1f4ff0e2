/**
 * `/radar briefing`: the latest edition at least as completely as its digest says it (verdict, board
 * activity with `tickets.total`, diagnosis rows with their notes and deep dives, the coverage caveats,
 * the tickets the edition opened with impact and size), through the shared edition rendering. The
 * answer is a main message and its long parts; shown to one person they follow the main message in
 * one answer, shared to the channel they go in its thread.
 */
import type { TicketFacts } from '../../../service/index.js';
import type { BriefingFacts } from '../../../service/read/briefing.js';
import { isUnreadable, readableOr, UNREADABLE_VALUE, unreadableText } from '../../../service/tolerant.js';
import { context, escapeMrkdwn, header, LIMITS, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { BriefingState } from '../load-briefing.js';
import { caveatLines, diagnosisPart, editionBlocks, editionTitle, linesBlocks, openedCount, openedHeading, openedTicketLine } from '../../editions/views/edition-summary.js';

export interface BriefingMessage {
  text: string;
  blocks: Block[];
}

export interface BriefingMessages {
  main: BriefingMessage;
  /** Long parts (every caveat, the opened tickets past the first few): a thread when shared. */
  thread: BriefingMessage[];
  /** True when the answer says there is nothing to show (no Share button). */
  empty: boolean;
}

/** Caveats and opened tickets the main message holds when the rest goes to a thread. */
const MAIN_CAVEATS = 3;
const MAIN_TICKETS = 5;

/** Words a step code writes in lower case that people write otherwise. */
const ACRONYMS: Readonly<Record<string, string>> = { ai: 'AI', seo: 'SEO', url: 'URL', urls: 'URLs', llms: 'LLMs', dns: 'DNS', api: 'API' };

/** A progress step as people write it: `analysing_ai_visibility` -> "analysing AI visibility"; never a raw enum. */
export function stepText(step: unknown): string {
  if (typeof step !== 'string' || step.trim() === '') return 'not reported';
  const words = step
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map((w) => ACRONYMS[w] ?? w);
  return escapeMrkdwn(words.join(' '));
}

/**
 * One edition's parts. `split`: the main message keeps the first caveats and tickets and the rest go
 * to thread replies (shared); otherwise every caveat and ticket is in the main blocks (one person).
 */
function editionParts(projectName: string, read: BriefingFacts, opened: TicketFacts[] | null, lead: string, split: boolean): { main: Block[]; thread: BriefingMessage[] } {
  const title = `${projectName}: ${editionTitle(read)}`;
  const textTitle = escapeMrkdwn(title);
  const main: Block[] = [header(title), ...editionBlocks(read)];
  const thread: BriefingMessage[] = [];

  const diagnosis = diagnosisPart(read);
  main.push(...diagnosis.chunks.map((chunk) => section(chunk)));
  if (diagnosis.moreDeepDives) main.push(context(diagnosis.moreDeepDives));

  const caveats = caveatLines(read);
  if (caveats.unreadable) main.push(context(unreadableText('Coverage caveats')));
  if (split && caveats.lines.length > MAIN_CAVEATS) {
    main.push(context(`*Coverage caveats*\n${caveats.lines.slice(0, MAIN_CAVEATS).join('\n')}\n…and ${caveats.lines.length - MAIN_CAVEATS} more in the thread`));
    thread.push({ text: `${textTitle}: coverage caveats`, blocks: [section('*Every coverage caveat*'), ...linesBlocks(caveats.lines)] });
  } else if (caveats.lines.length > 0) {
    main.push(...linesBlocks(['*Coverage caveats*', ...caveats.lines]).map((b) => (b.type === 'section' && b.text ? context(b.text.text) : b)));
  }

  if (opened === null) {
    main.push(section(openedCount(read, 0) === 0 ? 'This edition opened no new tickets.' : `${openedHeading(read, 0)} (the edition's ticket list could not be read)`));
  } else {
    const lines = opened.map((t, i) => openedTicketLine(t, i + 1));
    const first = split ? lines.slice(0, MAIN_TICKETS) : lines;
    main.push(...linesBlocks([openedHeading(read, opened.length), ...first]));
    if (lines.length > first.length) {
      main.push(context(`…and ${lines.length - first.length} more in the thread`));
      thread.push({ text: `${textTitle}: more opened tickets`, blocks: linesBlocks([`*More tickets this edition opened* (${first.length + 1} to ${lines.length})`, ...lines.slice(first.length)]) });
    }
  }
  main.push(context(`${lead} · \`${COMMAND} briefing history\` lists every edition · \`${COMMAND} tickets\` shows the board.`));
  return { main, thread };
}

/**
 * The answer to `/radar briefing`. `split` (a shared answer) keeps the main message short and puts the
 * long parts in thread replies; otherwise everything is in one message, within the block limit.
 */
export function briefingMessages(projectName: string, state: BriefingState, now: Date, opened: TicketFacts[] | null = [], split = false): BriefingMessages {
  const name = escapeMrkdwn(projectName);
  switch (state.kind) {
    case 'never':
      return {
        main: { text: `No briefing yet for ${name}`, blocks: [section(`No briefing has run yet for *${name}*: its history is empty. Editions appear here once the first one is done.`)] },
        thread: [],
        empty: true,
      };
    case 'done': {
      const parts = editionParts(projectName, state.read, opened, 'Latest edition', split);
      return { main: { text: `${name}: ${escapeMrkdwn(editionTitle(state.read))}`, blocks: parts.main }, thread: parts.thread, empty: false };
    }
    default: {
      const blocks: Block[] = [];
      if (state.kind === 'running') {
        const meta = state.latest.runMeta;
        const rawProgress = meta?.progress;
        const progress = readableOr(rawProgress, undefined);
        const step = isUnreadable(rawProgress) ? UNREADABLE_VALUE : progress === undefined ? 'not reported' : stepText(progress.step);
        const since = progress?.startedAt ?? readableOr(meta?.startedAt, undefined);
        blocks.push(
          section(
            `:hourglass_flowing_sand: A new edition for *${name}* is being written: now *${step}*, started ${relativeAndAbsolute(since, now, 'at an unreported time')}` +
              (progress?.updatedAt ? `, last update ${relativeAndAbsolute(progress.updatedAt, now)}` : '') +
              '. Runs finish within two hours.',
          ),
        );
      } else {
        blocks.push(section(`:warning: The latest briefing attempt for *${name}* failed and produced no edition.`));
      }
      if (!state.lastDone) {
        blocks.push(section('There is no earlier done edition to show.'));
        return { main: { text: `${name}: briefing ${state.kind}`, blocks }, thread: [], empty: false };
      }
      const parts = editionParts(projectName, state.lastDone, opened, 'Last done edition', split);
      return { main: { text: `${name}: briefing ${state.kind}`, blocks: [...blocks, ...parts.main] }, thread: parts.thread, empty: false };
    }
  }
}

/** The whole answer as one message (shown to one person), kept within the block limit. */
export function briefingView(projectName: string, state: BriefingState, now: Date, opened: TicketFacts[] | null = []): BriefingMessage & { empty: boolean } {
  const { main, empty } = briefingMessages(projectName, state, now, opened, false);
  const blocks = main.blocks;
  if (blocks.length <= LIMITS.blocksPerMessage - 1) return { text: main.text, blocks, empty };
  const footer = blocks[blocks.length - 1] as Block;
  const kept = blocks.slice(0, LIMITS.blocksPerMessage - 3);
  return { text: main.text, blocks: [...kept, context(`…more than one message holds: \`${COMMAND} briefing --share\` posts it with a thread.`), footer], empty };
}
