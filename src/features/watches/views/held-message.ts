/**
 * The one message a channel gets for changes held (issue 30): the day's digest-tier changes, or the
 * changes held during quiet hours. Per watched dimension, the most significant lines first (up to
 * `HELD_MAIN_LINES` each in the message, every line in its thread), and which runs they come from.
 * With buttons (issue 30), each line shown carries a watch message's actions for that change (Create
 * ticket, Mute, Snooze), for the first `HELD_ACTION_CHANGES` lines: two blocks each, so the message
 * stays within Block Kit's 50 blocks; a sentence says when lines past them have none.
 */
import { actions, chunkLines, context, escapeMrkdwn, section, type Block } from '../../../slack/blocks/index.js';
import { WATCH_DIMENSIONS, type WatchSchedule } from '../../../store/watches.js';
import type { HeldChange, HeldEntry, HeldReason } from '../../../store/watch-held.js';
import { DIMENSION_NAMES, watchButtons, type ButtonValues, type WatchMessages } from './watch-message.js';

export const HELD_MAIN_LINES = 5;
/** Lines with their own actions (two blocks each): at most 6 dimensions × (header, "more", plain lines) + 24 stays under 50. */
export const HELD_ACTION_CHANGES = 12;

/** One held change's sealed button values (null: none for it). */
export type HeldButtons = (entry: HeldEntry, change: HeldChange) => ButtonValues | null;

export interface HeldPost {
  reason: HeldReason;
  projectName: string;
  schedule: WatchSchedule;
  entries: readonly HeldEntry[];
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function heldMessages(post: HeldPost, buttons?: HeldButtons): WatchMessages {
  const zone = escapeMrkdwn(post.schedule.zone ?? 'UTC');
  const total = post.entries.reduce((n, e) => n + e.changes.length, 0);
  const title =
    post.reason === 'digest'
      ? `Watch digest: ${escapeMrkdwn(post.projectName)}`
      : `Held during quiet hours: ${escapeMrkdwn(post.projectName)}`;
  const blocks: Block[] = [section(`:newspaper: *${title}*  ·  ${plural(total, 'change')}`)];
  const thread: WatchMessages['thread'] = [];
  let acted = 0;
  let unacted = 0;
  for (const dimension of WATCH_DIMENSIONS) {
    const entries = post.entries.filter((e) => e.dimension === dimension).sort((a, b) => (a.runAt ?? a.heldAt).localeCompare(b.runAt ?? b.heldAt));
    if (entries.length === 0) continue;
    // Every change once per run, most significant first within the dimension.
    const items = entries.flatMap((e) => e.changes.map((c) => ({ c, e }))).sort((a, b) => b.c.weight - a.c.weight);
    const lines = items.map(({ c }) => `• ${c.line}`);
    const shown = lines.slice(0, HELD_MAIN_LINES);
    const runs = plural(entries.length, 'run');
    if (buttons) {
      // Each line shown with its change's actions (while they last), the rest as plain lines.
      blocks.push(section(`*${DIMENSION_NAMES[dimension]}* (${runs})`));
      let plain: string[] = [];
      const flush = () => {
        for (const t of chunkLines(plain)) blocks.push(section(t));
        plain = [];
      };
      for (const { c, e } of items.slice(0, HELD_MAIN_LINES)) {
        const values = acted < HELD_ACTION_CHANGES ? buttons(e, c) : null;
        if (!values) {
          plain.push(`• ${c.line}`);
          unacted += 1;
          continue;
        }
        flush();
        for (const t of chunkLines([`• ${c.line}`])) blocks.push(section(t));
        blocks.push(actions(watchButtons(values, c.competitor), `held:${acted}`));
        acted += 1;
      }
      flush();
    } else {
      // Up to five lines: one section, or a few when lines are very long (each section within its 3,000 characters).
      for (const t of chunkLines([`*${DIMENSION_NAMES[dimension]}* (${runs})`, ...shown])) blocks.push(section(t));
    }
    if (lines.length > shown.length) {
      blocks.push(context(`…and ${lines.length - shown.length} more ${DIMENSION_NAMES[dimension]} changes in the thread.`));
      for (const [i, t] of chunkLines(lines).entries()) thread.push({ text: `${DIMENSION_NAMES[dimension]}: every held change (${i + 1})`, blocks: [section(t)] });
    }
  }
  const quiet = post.schedule.quiet ? ` (${escapeMrkdwn(post.schedule.quiet.from)}–${escapeMrkdwn(post.schedule.quiet.to)} ${zone})` : '';
  const why =
    post.reason === 'quiet'
      ? `Changes that came during this channel's quiet hours${quiet}, posted as one message when they ended.`
      : post.schedule.digestMode === 'briefing'
        ? 'Digest-tier watch changes gathered since the last briefing digest, posted with this one. `/radar watch <dimension> --now <kinds>` posts a kind at once instead.'
        : `Digest-tier changes gathered since the last summary; one summary a day at ${escapeMrkdwn(post.schedule.digestAt)} ${zone}. \`/radar watch <dimension> --now <kinds>\` posts a kind at once instead.`;
  if (acted > 0) {
    const past = unacted > 0 ? ` The first ${acted} changes have buttons; the others shown here have none (a message holds at most ${HELD_ACTION_CHANGES} with buttons).` : '';
    blocks.push(context(`*Snooze* stops posting a competitor or the whole watch until its end; *Mute* is for never.${past}`));
  }
  blocks.push(context(why));
  return { main: { text: `${title}: ${plural(total, 'change')}`, blocks: blocks.slice(0, 50) }, thread };
}
