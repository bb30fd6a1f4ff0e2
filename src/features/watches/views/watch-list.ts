/** `/radar watch` without a dimension: the channel's watches with their filters, who set each and when, and the digest setting. */
import { dateTokenOf, escapeMrkdwn, section, context, utcStamp, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { DigestSettings } from '../../../store/digest-settings.js';
import type { Snooze } from '../../../store/snoozes.js';
import type { ChannelWatches, Watch } from '../../../store/watches.js';
import { DIMENSION_NAMES } from './watch-message.js';

/** A watch and its filters, as mrkdwn: `*Pricing* (only pipedrift.com; muted: x.com)`. */
export function watchLine(watch: Watch): string {
  const filters: string[] = [];
  if (watch.competitors.length) filters.push(`only ${watch.competitors.map((c) => escapeMrkdwn(c)).join(', ')}`);
  if (watch.category) filters.push(`category ${escapeMrkdwn(watch.category)}`);
  if (watch.threshold !== null) filters.push(`threshold ${watch.threshold} points`);
  if (watch.muted.length) filters.push(`muted: ${watch.muted.map((c) => escapeMrkdwn(c)).join(', ')}`);
  return `*${DIMENSION_NAMES[watch.dimension]}*${filters.length ? ` (${filters.join('; ')})` : ' (every change)'}`;
}

/** An end as a Slack date token (shown in the reader's zone), its fallback the UTC stamp. */
export function untilText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeMrkdwn(iso);
  return `<!date^${Math.floor(date.getTime() / 1000)}^{date_short_pretty} {time}|${utcStamp(date)}>`;
}

/** A snooze as mrkdwn: `*Pricing*: pipedrift.com until <date>`. */
export function snoozeLine(s: Snooze): string {
  return `*${DIMENSION_NAMES[s.dimension]}*: ${s.competitor ? escapeMrkdwn(s.competitor) : 'whole watch'} until ${untilText(s.until)} (by <@${escapeMrkdwn(s.setBy)}>)`;
}

export function watchListView(input: { projectName: string; record: ChannelWatches | undefined; digest: DigestSettings; snoozes?: readonly Snooze[] }): { text: string; blocks: Block[]; hasWatches: boolean } {
  const watches = input.record?.watches ?? [];
  const digest = `Briefing digests here: *${input.digest.digestsEnabled ? 'on' : 'off'}*${input.digest.failing ? ` (failing: ${escapeMrkdwn(input.digest.failing.reason)})` : ''}.`;
  if (watches.length === 0) {
    return {
      text: 'No watches',
      hasWatches: false,
      blocks: [section(`This channel watches nothing of *${escapeMrkdwn(input.projectName)}* yet. Add one with \`${COMMAND} watch <pricing|content|ai|sources|tech|positioning>\`, e.g. \`${COMMAND} watch pricing --competitor <domain>\`.`), context(digest)],
    };
  }
  const lines = watches.map((w) => `• ${watchLine(w)} — set by <@${escapeMrkdwn(w.setBy)}>, ${dateTokenOf(w.setAt, 'on an unknown day', '{date_short_pretty}')}`);
  const failing = input.record?.failing ? [section(`:warning: Watch messages to this channel are failing since ${dateTokenOf(input.record.failing.since)}: ${escapeMrkdwn(input.record.failing.reason)}`)] : [];
  const watched = new Set(watches.map((w) => w.dimension));
  const snoozes = (input.snoozes ?? []).filter((s) => watched.has(s.dimension));
  const snoozed = snoozes.length ? [section(`*Snoozed* (nothing posted until the end; changes meanwhile are marked seen; the end posts nothing)\n${snoozes.map((s) => `• ${snoozeLine(s)}`).join('\n')}`)] : [];
  return {
    text: `${watches.length} watches`,
    hasWatches: true,
    blocks: [section(`*Watches of ${escapeMrkdwn(input.projectName)} in this channel*\n${lines.join('\n')}`), ...snoozed, ...failing, context(digest), context(`\`${COMMAND} unwatch <dimension>|all\` ends them.`)],
  };
}
