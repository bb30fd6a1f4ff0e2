/**
 * `/radar report`: a channel's scheduled report of what changed in its project.
 * - `report weekly mon 09:00 [Europe/Berlin]` / `report daily 09:00 [zone]`: the zone defaults to the
 *   setting person's own (`users.info` tz), UTC when Slack does not say;
 * - `report off`; `report now` (posts the report here now, from the last report on);
 * - `report sections briefing ai tickets` (the sections kept; `all` for every one);
 * - `report`: what is set, who set it and when, the next report, the sections, the last report.
 */
import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { dateToken, escapeMrkdwn, section, context } from '../../slack/blocks/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { createReportSettingsRepo, REPORT_SECTIONS, type ReportSchedule, type ReportSection, type ReportSettings } from '../../store/report-settings.js';
import { createReportDelivery, deliverReportNow, reportNowKey } from './deliver.js';
import { projectReads } from './reads.js';
import { buildReport } from './report.js';
import { canonicalZone, nextSlot, scheduleText, sinceOf, timeOf, weekdayOf } from './schedule.js';

const USAGE = `\`${COMMAND} report weekly mon 09:00 Europe/Berlin\`, \`${COMMAND} report daily 09:00\`, \`${COMMAND} report off\`, \`${COMMAND} report now\` or \`${COMMAND} report sections ${REPORT_SECTIONS.join(' ')}\``;

async function boundOrExplain(inv: CommandInvocation) {
  const binding = await inv.deps.bindings.get(inv.teamId, inv.channelId);
  if (!binding) throw new UsageError(`This channel isn't bound to a project yet: \`${COMMAND} bind <project>\` first, then ${USAGE}.`);
  return binding;
}

/** The person's own time zone from `users.info`; UTC when Slack does not say. */
async function zoneOfPerson(inv: CommandInvocation): Promise<string> {
  try {
    const info = await inv.client.users.info({ user: inv.userId });
    const tz = info.user?.tz;
    if (typeof tz === 'string' && canonicalZone(tz)) return canonicalZone(tz)!;
  } catch (error) {
    inv.deps.logger.info('report: users.info failed; the zone defaults to UTC', { user: inv.userId, error });
  }
  return 'UTC';
}

/** Reads `weekly <day> <HH:MM> [zone]` / `daily <HH:MM> [zone]`; the zone undefined when not typed. */
export function scheduleOf(args: readonly string[]): Omit<ReportSchedule, 'zone'> & { zone: string | undefined } {
  const [typedCadence, ...rest] = args.map((a) => a.trim()).filter((a) => a !== '');
  const cadence = typedCadence?.toLowerCase();
  let weekday: number | null = null;
  if (cadence === 'weekly') {
    const day = rest.shift();
    weekday = day === undefined ? null : weekdayOf(day);
    if (weekday === null) throw new UsageError(`Say the day of a weekly report: \`mon\` to \`sun\`, e.g. ${USAGE}.`);
  }
  const typed = rest.shift();
  const time = typed === undefined ? null : timeOf(typed);
  if (time === null) throw new UsageError(`Say the time as HH:MM (24-hour), e.g. \`09:00\`: ${USAGE}.`);
  const zoneWord = rest.shift();
  if (rest.length > 0) throw new UsageError(`That is more than a schedule: ${USAGE}.`);
  let zone: string | undefined;
  if (zoneWord !== undefined) {
    const known = canonicalZone(zoneWord);
    if (!known) throw new UsageError(`*${escapeMrkdwn(zoneWord)}* is not a time zone Radar knows: use a name like \`Europe/Berlin\`, \`America/New_York\` or \`UTC\`.`);
    zone = known;
  }
  return { cadence: cadence === 'weekly' ? 'weekly' : 'daily', weekday, time, zone };
}

function sectionsText(settings: Pick<ReportSettings, 'sectionsOff'> | undefined): string {
  const off = settings?.sectionsOff ?? [];
  const kept = REPORT_SECTIONS.filter((s) => !off.includes(s));
  return off.length === 0 ? `every section (${kept.join(', ')})` : `${kept.length === 0 ? 'no section' : kept.join(', ')}; left out: ${off.join(', ')}`;
}

function statusText(settings: ReportSettings | undefined, projectName: string, now: Date): string {
  const lines: string[] = [];
  if (!settings?.schedule) lines.push(`No report is scheduled here for *${escapeMrkdwn(projectName)}*. Set one with ${USAGE}.`);
  else {
    lines.push(`*${escapeMrkdwn(projectName)}* report here: ${escapeMrkdwn(scheduleText(settings.schedule))}, set by <@${settings.setBy}> ${dateToken(new Date(settings.setAt))}.`);
    lines.push(`Next report ${dateToken(nextSlot(settings.schedule, now), '{date_short_pretty} at {time}')}.`);
  }
  if (settings) {
    lines.push(`Sections: ${sectionsText(settings)}.`);
    lines.push(`Last report: ${settings.lastReportAt ? dateToken(new Date(settings.lastReportAt)) : 'none yet'}.`);
    if (settings.failing) lines.push(`:warning: Slack refused the last report here (${escapeMrkdwn(settings.failing.reason)}) since ${dateToken(new Date(settings.failing.since))}.`);
  }
  return lines.join('\n');
}

export const reportCommand: Subcommand = {
  name: 'report',
  usage: `report [weekly <day> <HH:MM> [zone] | daily <HH:MM> [zone] | off | now | sections <${REPORT_SECTIONS.join('|')}|all> ...]`,
  summary: 'A report of what changed in the project, here at the hour the team chooses; without words, what is set.',
  area: 'briefing',
  example: `${COMMAND} report weekly mon 09:00 Europe/Berlin`,
  async run(inv) {
    const { deps } = inv;
    const repo = createReportSettingsRepo(deps.store);
    const binding = await boundOrExplain(inv);
    const { projectId, projectName } = binding;
    const [word, ...rest] = inv.parsed.args.map((a) => a.toLowerCase());
    const current = await repo.get(inv.teamId, inv.channelId);
    const mine = current?.projectId === projectId ? current : undefined;
    const now = deps.now();
    const fresh = (): ReportSettings => ({ teamId: inv.teamId, channelId: inv.channelId, projectId, schedule: null, sectionsOff: [], setBy: inv.userId, setAt: now.toISOString(), lastSlot: null, lastReportAt: null, failing: null });

    if (word === undefined) {
      await inv.reply({ text: 'Report settings', blocks: [section(statusText(mine, projectName, now))], shareable: Boolean(mine?.schedule) });
      return;
    }
    if (word === 'weekly' || word === 'daily') {
      const typed = scheduleOf(inv.parsed.args);
      const schedule: ReportSchedule = { ...typed, zone: typed.zone ?? (await zoneOfPerson(inv)) };
      const saved = await repo.update(inv.teamId, inv.channelId, projectId, (c) => ({ ...(c ?? fresh()), schedule, setBy: inv.userId, setAt: now.toISOString() }));
      deps.logger.info('report scheduled', { team: inv.teamId, channel: inv.channelId, projectId, schedule });
      const zoneNote = typed.zone ? '' : ` (your time zone${schedule.zone === 'UTC' ? ', or UTC where Slack does not say it' : ''})`;
      await inv.reply({
        text: 'Report scheduled',
        blocks: [
          section(`:calendar: This channel gets a report of what changed in *${escapeMrkdwn(projectName)}* ${escapeMrkdwn(scheduleText(schedule))}${zoneNote}. The first one ${dateToken(nextSlot(schedule, now), '{date_short_pretty} at {time}')}.`),
          context(`Sections: ${sectionsText(saved)}. \`${COMMAND} report now\` posts one now.`),
        ],
      });
      return;
    }
    if (word === 'off') {
      if (!mine?.schedule) {
        await inv.reply({ text: 'No report was scheduled', blocks: [section('No report was scheduled here, so nothing changed.')] });
        return;
      }
      await repo.update(inv.teamId, inv.channelId, projectId, (c) => (c ? { ...c, schedule: null, setBy: inv.userId, setAt: now.toISOString() } : undefined));
      await inv.reply({ text: 'Report off', blocks: [section(`The scheduled report of *${escapeMrkdwn(projectName)}* here is off (it was ${escapeMrkdwn(scheduleText(mine.schedule))}).`)] });
      return;
    }
    if (word === 'sections') {
      if (rest.length === 0) throw new UsageError(`Name the sections to keep (${REPORT_SECTIONS.join(', ')}), or \`all\`.`);
      const unknown = rest.filter((s) => s !== 'all' && !(REPORT_SECTIONS as readonly string[]).includes(s));
      if (unknown.length > 0) throw new UsageError(`${unknown.map((u) => `*${escapeMrkdwn(u)}*`).join(', ')}: not a section. The sections are ${REPORT_SECTIONS.map((s) => `\`${s}\``).join(', ')} (or \`all\`).`);
      const kept = rest.includes('all') ? [...REPORT_SECTIONS] : (rest as ReportSection[]);
      const sectionsOff = REPORT_SECTIONS.filter((s) => !kept.includes(s));
      const saved = await repo.update(inv.teamId, inv.channelId, projectId, (c) => ({ ...(c ?? fresh()), sectionsOff }));
      await inv.reply({ text: 'Report sections set', blocks: [section(`Reports here now hold: ${sectionsText(saved)}.`)] });
      return;
    }
    if (word === 'now') {
      if (rest.length > 0) throw new UsageError(`\`${COMMAND} report now\` takes nothing more.`);
      const since = sinceOf(mine, now);
      // Claimed through the report ledger: two presses at once (or on two replicas) post one report.
      const after = mine?.lastReportAt ?? null;
      const delivery = createReportDelivery(deps, inv.client);
      const outcome = await deliverReportNow(delivery, reportNowKey(inv.teamId, inv.channelId, projectId, after), projectId, after, async () => {
        const { message } = await buildReport(projectReads(deps.service, projectId, { run: (task) => task() }, now), { projectName, settings: mine, since, until: now });
        return message;
      });
      if (outcome.kind === 'already_posted' || outcome.kind === 'claimed_elsewhere') {
        await inv.reply({ text: 'Report already on its way', blocks: [context('A report was just asked for here and is posted (or being posted) once; it covers the same changes.')] });
        return;
      }
      // Not posted (the claim released): answered as any failed command is.
      if (outcome.kind === 'retry_later') throw outcome.error;
      if (outcome.kind === 'channel_failing') {
        await inv.reply({ text: 'Report not posted', blocks: [section(`:warning: Slack refused the report here: ${escapeMrkdwn(outcome.reason)}.`)] });
        return;
      }
      await repo.update(inv.teamId, inv.channelId, projectId, (c) => {
        const base = c ?? fresh();
        // Never moves the mark back: a scheduled report posted meanwhile may have moved it further.
        return base.lastReportAt !== null && Date.parse(base.lastReportAt) >= now.getTime() ? undefined : { ...base, lastReportAt: now.toISOString() };
      });
      await inv.reply({ text: 'Report posted', blocks: [context(`Posted the report of what changed since ${dateToken(since)}; the next one starts from now.`)] });
      return;
    }
    throw new UsageError(`\`${escapeMrkdwn(word)}\` is not a report setting: ${USAGE}.`);
  },
};
