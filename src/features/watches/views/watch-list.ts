/** `/radar watch` without a dimension: the channel's watches with their filters, who set each and when, and the digest setting. */
import { chunkLines, dateTokenOf, escapeMrkdwn, section, context, utcStamp, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { DigestSettings } from '../../../store/digest-settings.js';
import type { Snooze } from '../../../store/snoozes.js';
import { DEFAULT_WATCH_SCHEDULE, type ChannelWatches, type Watch, type WatchSchedule } from '../../../store/watches.js';
import { AI_DEFAULT_BAND } from '../changes/ai.js';
import { tierRules } from '../changes/tiers.js';
import { DIMENSION_NAMES } from './watch-message.js';

/** The schedule's zone; none set is UTC, said in parentheses so it never reads as a bare timestamp. */
const zoneText = (zone: string | null) => (zone === null ? '(UTC)' : escapeMrkdwn(zone));

/** A watch's tier rules, as mrkdwn: what is posted at once, what waits for the daily digest. */
export function tierRulesText(watch: Pick<Watch, 'dimension' | 'tiers'>, schedule: WatchSchedule = DEFAULT_WATCH_SCHEDULE): string {
  const rules = tierRules(watch.dimension, watch.tiers);
  const list = (kinds: string[]) => (kinds.length ? kinds.map((k) => `\`${k}\``).join(', ') : 'nothing');
  const when = schedule.digestMode === 'briefing' ? 'with the next briefing digest' : `in the daily digest, at ${escapeMrkdwn(schedule.digestAt)} ${zoneText(schedule.zone)}`;
  return `   _at once:_ ${list(rules.now)}\n   _${when}:_ ${list(rules.digest)}`;
}

/** What is held now, as a sentence after the schedule ('' when nothing). */
function heldText(held: { digest: number; quiet: number } | undefined): string {
  const parts = [held?.digest ? `${held.digest} for the digest` : null, held?.quiet ? `${held.quiet} until quiet hours end` : null].filter(Boolean);
  return parts.length ? ` Held now: ${parts.join(', ')} (changes).` : '';
}

/** The channel's quiet hours and digest time, as mrkdwn. */
export function scheduleText(schedule: WatchSchedule): string {
  const quiet = schedule.quiet
    ? `Quiet hours: *${escapeMrkdwn(schedule.quiet.from)}–${escapeMrkdwn(schedule.quiet.to)} ${zoneText(schedule.zone)}* (changes then are held and posted as one message when they end).`
    : 'Quiet hours: *off*.';
  const digest =
    schedule.digestMode === 'briefing'
      ? 'Digest-tier changes: *with the next briefing digest* (in its thread; once a day while briefing digests are off here).'
      : `Digest-tier changes: one summary a day at *${escapeMrkdwn(schedule.digestAt)} ${zoneText(schedule.zone)}*.`;
  return `${quiet} ${digest}`;
}

/** A watch and its filters, as mrkdwn: `*Pricing* (only pipedrift.com; muted: x.com)`. */
export function watchLine(watch: Watch): string {
  const filters: string[] = [];
  if (watch.competitors.length) filters.push(`only ${watch.competitors.map((c) => escapeMrkdwn(c)).join(', ')}`);
  if (watch.category) filters.push(`category ${escapeMrkdwn(watch.category)}`);
  if (watch.threshold !== null) filters.push(`threshold ${watch.threshold} points`);
  if (watch.dimension === 'ai') {
    const engines = Object.entries(watch.bands ?? {}).map(([engine, points]) => `${escapeMrkdwn(engine)} ${points}`);
    filters.push(`noise band ${watch.band ?? AI_DEFAULT_BAND} points${watch.band === null ? ' (default)' : ''} on every engine${engines.length ? ` but ${engines.join(', ')} points` : ''}`);
  }
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

export function watchListView(input: { projectName: string; record: ChannelWatches | undefined; digest: DigestSettings; snoozes?: readonly Snooze[]; held?: { digest: number; quiet: number } }): { text: string; blocks: Block[]; hasWatches: boolean } {
  const watches = input.record?.watches ?? [];
  const digest = `Briefing digests here: *${input.digest.digestsEnabled ? 'on' : 'off'}*${input.digest.failing ? ` (failing: ${escapeMrkdwn(input.digest.failing.reason)})` : ''}.`;
  if (watches.length === 0) {
    return {
      text: 'No watches',
      hasWatches: false,
      blocks: [section(`This channel watches nothing of *${escapeMrkdwn(input.projectName)}* yet. Add one with \`${COMMAND} watch <pricing|content|ai|sources|tech|positioning>\`, e.g. \`${COMMAND} watch pricing --competitor <domain>\`.`), context(digest)],
    };
  }
  const schedule = input.record?.schedule ?? DEFAULT_WATCH_SCHEDULE;
  const lines = watches.map((w) => `• ${watchLine(w)} — set by <@${escapeMrkdwn(w.setBy)}>, ${dateTokenOf(w.setAt, 'on an unknown day', '{date_short_pretty}')}\n${tierRulesText(w, schedule)}`);
  const failing = input.record?.failing ? [section(`:warning: Watch messages to this channel are failing since ${dateTokenOf(input.record.failing.since)}: ${escapeMrkdwn(input.record.failing.reason)}`)] : [];
  const watched = new Set(watches.map((w) => w.dimension));
  const snoozes = (input.snoozes ?? []).filter((s) => watched.has(s.dimension));
  const snoozed = snoozes.length ? [section(`*Snoozed* (nothing posted until the end; changes meanwhile are marked seen; the end posts nothing)\n${snoozes.map((s) => `• ${snoozeLine(s)}`).join('\n')}`)] : [];
  return {
    text: `${watches.length} watches`,
    hasWatches: true,
    blocks: [
      ...chunkLines([`*Watches of ${escapeMrkdwn(input.projectName)} in this channel*`, ...lines]).map((t) => section(t)),
      section(`${scheduleText(schedule)}${heldText(input.held)}`),
      ...snoozed,
      ...failing,
      context(digest),
      context(`\`${COMMAND} watch <dimension> --now <kinds>\` or \`--digest <kinds>\` moves kinds of change between the tiers; \`${COMMAND} watch quiet 19:00-08:00\` and \`${COMMAND} watch digest 09:00\` set the times; \`${COMMAND} unwatch <dimension>|all\` ends watches.`),
    ],
  };
}
