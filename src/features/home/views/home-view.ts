/**
 * The Home tab (`views.publish`): a welcome on a first visit, where Radar works (the bound channels
 * the person is in and every bound public channel, with their settings), the open tickets assigned to
 * them per project, what they follow and their notification settings, and each project's latest
 * briefing headline. Within Slack's Home tab limits: 100 blocks (`fitBlocks`), 3,000 characters a
 * section (`chunkLines`), 150 a header.
 */
import type { Block } from '../../../slack/blocks/index.js';
import { chunkLines, context, divider, escapeMrkdwn, fitBlocks, header, humanise, plural, section, truncate, dateToken } from '../../../slack/blocks/index.js';
import { isUnreadable } from '../../../service/tolerant.js';
import { COMMAND } from '../../../slack/ids.js';
import { columnName } from '../../board/vocabulary.js';
import { rowText } from '../../../service/read/briefing.js';
import { unreadableText } from '../../../service/tolerant.js';
import { boardText, editionTitle, rowName, verdictText } from '../../editions/views/edition-summary.js';
import { ticketLine, unreadableTicketsLine } from '../../board/views/ticket-format.js';
import { HOME_REFRESH_MS } from '../throttle.js';
import { homeFollowBlocks, homeSettingsBlocks } from '../../notify/views/follow-list.js';
import type { Follow } from '../../../store/follows.js';
import { MAX_TICKETS, type Assigned, type HomeModel, type HomeProject, type LatestBriefing } from '../home-data.js';

/** Slack's Home tab holds at most 100 blocks. */
export const HOME_MAX_BLOCKS = 100;
/** Bound channels listed under "Where Radar works" (a few sections); the rest are counted. */
export const HOME_CHANNELS = 60;

export interface HomeView {
  type: 'home';
  blocks: Block[];
}

export function welcomeBlocks(): Block[] {
  return [
    section(
      '*Radar brings the Competitive Intelligence Monitoring Service into Slack:* each project\'s briefing editions, pricing gaps against competitors, website scans (trust signals, AI agent readiness) and the project\'s ticket board.',
    ),
    section(
      [
        '*How to start*',
        '1. Invite Radar to a channel: `/invite @Radar`',
        `2. Bind the channel to a project: \`${COMMAND} bind &lt;project&gt;\` (\`${COMMAND} projects\` lists them)`,
        `3. Try \`${COMMAND} briefing\` there, then \`${COMMAND} help\` for everything else.`,
      ].join('\n'),
    ),
  ];
}

export interface HomeViewOptions {
  /** Seals a follow for its *Unfollow* button (`notify/follow-values.ts`); without it the follows part is left out. */
  followValue?: (follow: Follow) => string;
}

export function homeView(model: HomeModel, options: HomeViewOptions = {}): HomeView {
  const blocks: Block[] = [header('Radar')];
  if (model.firstVisit) blocks.push(...welcomeBlocks(), divider());

  blocks.push(header('Where Radar works'));
  if (model.channelsUnknown) {
    blocks.push(section("Radar couldn't check which channels you're in, so only public bound channels are listed (it needs the `channels:read` and `groups:read` scopes of its manifest)."));
  }
  const mine = model.channels.filter((c) => c.member !== false);
  if (model.channels.length === 0) {
    blocks.push(section(`Radar is bound in none of your channels yet: invite it to one and run \`${COMMAND} bind &lt;project&gt;\` there.`));
  } else {
    const line = ({ binding, settings, member }: HomeModel['channels'][number]) =>
      [`<#${binding.channelId}> → *${escapeMrkdwn(binding.projectName)}*`, ...settings, ...(member === false ? ["_you're not in it: join to see what it gets_"] : [])].join(' · ');
    // The channels the person is in come first; past HOME_CHANNELS the rest are counted, so what is theirs below always fits.
    for (const text of chunkLines(model.channels.slice(0, HOME_CHANNELS).map(line))) blocks.push(section(text));
    const notes = [
      model.channels.length > HOME_CHANNELS ? `…and ${plural(model.channels.length - HOME_CHANNELS, 'more bound channel')} (\`${COMMAND} status\` in a channel says what it gets).` : null,
      mine.length === 0 ? 'Radar is bound in none of your channels yet: join one above rather than binding a duplicate.' : null,
      'Every bound public channel is listed here; a private one only to its members.',
      model.uncheckedChannels ? `${plural(model.uncheckedChannels, 'more bound channel')} not listed yet (Radar is still checking whether they are public).` : null,
    ].filter((n): n is string => n !== null);
    blocks.push(context(notes.join(' ')));
  }

  if (model.projects.length > 0) {
    blocks.push(header('Assigned to you'));
    for (const project of model.projects) blocks.push(...chunkLines(assignedLines(project, model.refreshedAt)).map((t) => section(t)));
  }
  if (model.person && options.followValue) {
    blocks.push(header('What you follow'), ...homeFollowBlocks(model.person, options.followValue));
    blocks.push(header('Your notifications'), ...homeSettingsBlocks(model.person));
  }
  if (model.projects.length > 0) {
    blocks.push(header('Latest briefings'));
    for (const project of model.projects) blocks.push(...chunkLines(briefingLines(project.projectName, project.briefing)).map((t) => section(t)));
  }
  const skipped = [
    model.moreProjects > 0 ? `${plural(model.moreProjects, 'more project')} of your channels not shown here` : null,
    model.disallowedProjects > 0 ? `${plural(model.disallowedProjects, 'project')} Radar may not read in this workspace left out` : null,
  ].filter((s): s is string => s !== null);
  if (skipped.length > 0) blocks.push(context(`…${skipped.join('; ')}.`));

  const footer = context(`Updated ${dateToken(model.refreshedAt)}; refreshed when you open this tab, at most once ${HOME_REFRESH_MS === 60_000 ? 'a minute' : `every ${HOME_REFRESH_MS / 1000} s`}.`);
  return { type: 'home', blocks: [...fitBlocks(blocks, HOME_MAX_BLOCKS - 1, 'more parts'), footer] };
}

function assignedLines(project: HomeProject, now: Date): string[] {
  const title = `*${escapeMrkdwn(project.projectName)}*`;
  return [title, ...assignedBody(project.assigned, now)];
}

/** Tickets assigned to the person; `now` (the refresh time) marks passed due days overdue. */
function assignedBody(assigned: Assigned, now: Date): string[] {
  if (assigned.kind === 'failed') return [`:warning: ${assigned.reason}`];
  if (assigned.kind === 'no-match') {
    const shown = assigned.names[0] ? ` (${escapeMrkdwn(assigned.names[0])})` : '';
    return [`_Radar couldn't match your Slack name${shown} to a member of the organisation, so it can't tell which tickets are yours._`];
  }
  const { tickets, unreadable, total } = assigned;
  if (total === 0 && tickets.length === 0 && unreadable.length === 0) return ['_Nothing open is assigned to you._'];
  const lines = tickets.slice(0, MAX_TICKETS).map((t) => {
    const column = isUnreadable(t.status) ? null : columnName(t.status);
    return `• ${ticketLine(t, now)}${column ? ` · _${column}_` : ''}`;
  });
  const bad = unreadableTicketsLine(unreadable);
  if (bad) lines.push(bad);
  const listed = Math.min(tickets.length, MAX_TICKETS);
  lines.push(`_${listed < total ? `${listed} of ${total} open tickets shown` : plural(total, 'open ticket')} assigned to you (triage, to do, in progress)._`);
  return lines;
}

/** Findings (diagnosis rows) a project's Home entry lists; the rest are counted. */
const HOME_FINDINGS = 6;

/**
 * A project's latest edition on Home, from the edition's one reading (src/service/read/briefing.ts),
 * said as `/radar briefing` and the digest say it: the headline, the ticket counts (`tickets.total`,
 * opened, commented, …), and each finding (a row's name, status and main text: its note, else the
 * first text field Radar does not know), shortened.
 */
function briefingLines(projectName: string, briefing: LatestBriefing): string[] {
  const title = `*${escapeMrkdwn(projectName)}*`;
  if (briefing.kind === 'failed') return [title, `:warning: ${briefing.reason}`];
  if (briefing.kind === 'none') return [title, '_No briefing edition yet._'];
  const hub = briefing.read.hubFacts;
  const lines = [`${title} · ${escapeMrkdwn(editionTitle(briefing.read))}`, verdictText(hub), boardText(briefing.read)];
  if (hub.diagnosisUnreadable && hub.rows.length === 0) lines.push(unreadableText('Diagnosis'));
  for (const row of hub.rows.slice(0, HOME_FINDINGS)) {
    const text = rowText(row);
    const status = row.status ? ` (${escapeMrkdwn(humanise(row.status))})` : '';
    lines.push(`• *${escapeMrkdwn(rowName(row))}*${status}${text ? `: ${escapeMrkdwn(truncate(text, 200))}` : ''}`);
  }
  if (hub.rows.length > HOME_FINDINGS) lines.push(`_…and ${plural(hub.rows.length - HOME_FINDINGS, 'more finding')}: \`${COMMAND} briefing\` shows them all._`);
  return lines;
}
