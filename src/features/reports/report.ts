/**
 * One report: the facts of the sections a channel keeps, from the cycle's shared reads, as a message.
 */
import { REPORT_SECTIONS, type ReportSettings } from '../../store/report-settings.js';
import { reportFacts, type ReportFacts } from './facts.js';
import type { ProjectReads } from './reads.js';
import { scheduleText } from './schedule.js';
import { reportMessage, type ReportMessage } from './views/report-message.js';

export function wantedSections(settings: Pick<ReportSettings, 'sectionsOff'> | undefined) {
  return new Set(REPORT_SECTIONS.filter((s) => !settings?.sectionsOff.includes(s)));
}

export async function buildReport(reads: ProjectReads, input: { projectName: string; settings: ReportSettings | undefined; since: Date; until: Date }): Promise<{ facts: ReportFacts; message: ReportMessage }> {
  const facts = await reportFacts(reads, input.since, input.until, wantedSections(input.settings));
  const schedule = input.settings?.schedule ?? null;
  const title = schedule?.cadence === 'daily' ? 'Daily report' : schedule?.cadence === 'weekly' ? 'Weekly report' : 'Report';
  return { facts, message: reportMessage({ projectName: input.projectName, title, facts, schedule: schedule ? scheduleText(schedule) : null }) };
}
