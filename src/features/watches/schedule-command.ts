/**
 * `/radar watch quiet <HH:MM-HH:MM> [zone]`, `/radar watch quiet off`, `/radar watch digest <HH:MM> [zone]`
 * and `/radar watch digest briefing` (issue 30): a channel's quiet hours, and when its digest-tier
 * changes are posted: once a day at a time, or in the thread of the next briefing digest posted here.
 * The zone defaults to the zone of the person setting it (`users.info` tz), else the channel's zone so
 * far, else UTC. Changes during quiet hours are held and posted as one message when they end; `off`
 * lets what is held post at the next poll.
 */
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import type { Binding } from '../../store/bindings.js';
import { createWatchesRepo, type WatchSchedule } from '../../store/watches.js';
import { hhmm, isZone, minutesOf } from './schedule.js';
import { scheduleText } from './views/watch-list.js';

async function personZone(inv: CommandInvocation): Promise<string | null> {
  try {
    const info = await inv.client.users.info({ user: inv.userId });
    const tz = info.user?.tz;
    return typeof tz === 'string' && isZone(tz) ? tz : null;
  } catch (error) {
    inv.deps.logger.info('watch quiet: users.info failed; using the channel’s zone', { user: inv.userId, error });
    return null;
  }
}

const QUIET_USAGE = `\`${COMMAND} watch quiet 19:00-08:00 Europe/Berlin\` (the zone defaults to yours), or \`${COMMAND} watch quiet off\``;

export async function scheduleCommand(inv: CommandInvocation, binding: Binding, word: 'quiet' | 'digest'): Promise<void> {
  const repo = createWatchesRepo(inv.deps.store);
  const record = await repo.get(inv.teamId, inv.channelId);
  if (record?.projectId !== binding.projectId || record.watches.length === 0) {
    throw new UsageError(`This channel watches nothing yet: \`${COMMAND} watch <pricing|content|ai|sources|tech|positioning>\` first; quiet hours and the digest time belong to its watches.`);
  }
  const [, spec, zoneWord, ...rest] = inv.parsed.args;
  if (rest.length) throw new UsageError(word === 'quiet' ? `Say ${QUIET_USAGE}.` : `Say \`${COMMAND} watch digest 09:00\` or \`${COMMAND} watch digest briefing\`.`);
  let patch: Partial<WatchSchedule>;
  if (word === 'quiet') {
    if (!spec) throw new UsageError(`Say ${QUIET_USAGE}.`);
    if (spec.toLowerCase() === 'off') {
      if (zoneWord) throw new UsageError(`Say ${QUIET_USAGE}.`);
      patch = { quiet: null };
    } else {
      const [from, to, extra] = spec.split(/[-–—]/);
      const a = from === undefined ? null : minutesOf(from);
      const b = to === undefined ? null : minutesOf(to);
      if (a === null || b === null || extra !== undefined) throw new UsageError(`Quiet hours are two times of day, e.g. ${QUIET_USAGE}.`);
      if (a === b) throw new UsageError('Quiet hours need a start and an end that differ.');
      const zone = zoneWord ?? (await personZone(inv)) ?? record.schedule.zone;
      if (zoneWord !== undefined && !isZone(zoneWord)) throw new UsageError(`*${escapeMrkdwn(zoneWord)}* is not a time zone Radar knows; use an IANA name such as \`Europe/Berlin\` or \`America/New_York\`.`);
      patch = { quiet: { from: hhmm(a), to: hhmm(b) }, zone };
    }
  } else if (spec?.toLowerCase() === 'briefing') {
    if (zoneWord) throw new UsageError(`Say \`${COMMAND} watch digest briefing\` or \`${COMMAND} watch digest 09:00\`.`);
    patch = { digestMode: 'briefing' };
  } else {
    const at = spec === undefined ? null : minutesOf(spec);
    if (at === null) throw new UsageError(`The digest time is a time of day, e.g. \`${COMMAND} watch digest 09:00 Europe/Berlin\` (the zone defaults to the channel's, else yours), or \`briefing\`: with the next briefing digest.`);
    if (zoneWord !== undefined && !isZone(zoneWord)) throw new UsageError(`*${escapeMrkdwn(zoneWord)}* is not a time zone Radar knows; use an IANA name such as \`Europe/Berlin\`.`);
    const zone = zoneWord ?? record.schedule.zone ?? (await personZone(inv));
    patch = { digestAt: hhmm(at), zone, digestMode: 'daily' };
  }
  const now = inv.deps.now().toISOString();
  const after = await repo.update(inv.teamId, inv.channelId, binding.projectId, (current) => ({ ...current, schedule: { ...current.schedule, ...patch, setBy: inv.userId, setAt: now } }));
  inv.deps.logger.info('watch schedule set', { team: inv.teamId, channel: inv.channelId, quiet: after?.schedule.quiet ?? null, zone: after?.schedule.zone ?? null, digestAt: after?.schedule.digestAt });
  const off = word === 'quiet' && patch.quiet === null;
  await inv.reply({
    text: off ? 'Quiet hours off' : word === 'quiet' ? 'Quiet hours set' : 'Digest time set',
    blocks: [section(`${off ? ':bell: Quiet hours are off in this channel: anything held posts at the next check.' : ':zzz: Set.'} ${after ? scheduleText(after.schedule) : ''}`)],
  });
}
