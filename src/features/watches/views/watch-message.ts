/**
 * The message a watch posts for one run (issue 16): the dimension, the project, the run's date, up to
 * eight change lines most significant first, "and N more" with every line in the thread, and the
 * buttons (Create ticket, prefilled from the changes; Mute competitor, for the most significant
 * change that names one; the Snooze menu, that competitor or the whole watch for 1 day, 1 week or 30
 * days). Button and option values are filled in by whoever posts it (sealed to the channel).
 */
import { actions, button, chunkLines, context, dayText, escapeMrkdwn, LIMITS, option, plainText, section, truncate, type ActionsElement, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import type { WatchDimension } from '../../../store/watches.js';
import type { Change } from '../changes/index.js';

/** The lines the main message shows; the rest go to the thread. */
export const MAIN_LINES = 8;

export const DIMENSION_NAMES: Record<WatchDimension, string> = {
  pricing: 'Pricing',
  content: 'Content',
  ai: 'AI visibility',
  sources: 'AI sources',
  tech: 'Tech and trust',
  positioning: 'Positioning',
};

export interface WatchPost {
  projectId: string;
  projectName: string;
  dimension: WatchDimension;
  runId: string;
  runAt: string | null;
  changes: Change[];
}

export interface WatchMessage {
  text: string;
  blocks: Block[];
}

export interface WatchMessages {
  main: WatchMessage;
  thread: WatchMessage[];
}

/** What the buttons carry before sealing; `snooze`: the Snooze menu's choices (label and sealed value). */
export interface ButtonValues {
  ticket: string;
  mute: string | null;
  snooze?: { text: string; value: string }[];
}

/** The Snooze menu's lengths, in days. */
export const SNOOZE_DAYS = [1, 7, 30] as const;
export const snoozeLength = (days: number) => (days === 1 ? '1 day' : days === 7 ? '1 week' : `${days} days`);

/** A run's day as mrkdwn: a date token (the reader's zone), "date not given" without one. */
export const dayOfRun = (at: string | null) => (at && !Number.isNaN(Date.parse(at)) ? dayText(at) : 'date not given');

/** Create ticket, Mute <competitor> (when one is named) and the Snooze menu: a watch message's actions, and a held change's. */
export function watchButtons(values: ButtonValues, muteTarget: string | null): ActionsElement[] {
  const buttons: ActionsElement[] = [button({ text: 'Create ticket', actionId: ACTION_IDS.watchTicket, value: values.ticket, style: 'primary' })];
  if (muteTarget && values.mute) buttons.push(button({ text: truncate(`Mute ${muteTarget}`, LIMITS.buttonText), actionId: ACTION_IDS.watchMute, value: values.mute }));
  if (values.snooze?.length) {
    buttons.push({ type: 'static_select', action_id: ACTION_IDS.watchSnooze, placeholder: plainText('Snooze…', LIMITS.optionText), options: values.snooze.map((o) => option(o.text, o.value)) });
  }
  return buttons;
}

export function watchMessages(post: WatchPost, values: ButtonValues): WatchMessages {
  const name = DIMENSION_NAMES[post.dimension];
  const title = `${name} moved: ${escapeMrkdwn(post.projectName)}`;
  const shownLines = post.changes.slice(0, MAIN_LINES).map((c) => `• ${c.line}`);
  const rest = post.changes.length - shownLines.length;
  const buttons = watchButtons(values, muteTargetOf(post.changes));
  const blocks: Block[] = [
    section(`:mag: *${title}*  ·  run of ${dayOfRun(post.runAt)}`),
    ...chunkLines(shownLines).map((t) => section(t)),
    ...(rest > 0 ? [context(`…and ${rest} more: every change is in the thread.`)] : []),
    actions(buttons, `watch:${post.dimension}`),
    context(
      `Run \`${escapeMrkdwn(post.runId)}\` compared with the run before it.${values.snooze?.length ? ' *Snooze* stops posting until its end; runs while snoozed are marked seen and never posted later. *Mute* is for never.' : ''}`,
    ),
  ];
  const thread = rest > 0 ? chunkLines(post.changes.map((c) => `• ${c.line}`)).map((t, i) => ({ text: `${name}: every change (${i + 1})`, blocks: [section(t)] })) : [];
  return { main: { text: `${title}: ${post.changes.length} change${post.changes.length === 1 ? '' : 's'}`, blocks }, thread };
}

/** The competitor the Mute button mutes: that of the most significant change naming one. */
export const muteTargetOf = (changes: readonly Change[]) => changes.find((c) => c.competitor !== null)?.competitor ?? null;
