/**
 * What a person follows and how they are told, said the same way by `/radar follow` and the Home
 * tab: one line per follow with who set it and when (GitHub's `subscribe list`), and the settings
 * per kind with quiet hours in their time zone. Home adds an *Unfollow* button to each follow and
 * the controls for each setting (`homeFollowBlocks`).
 */
import type { Follow, NotifyKind, PersonFollows } from '../../../store/follows.js';
import { NOTIFY_KINDS } from '../../../store/follows.js';
import { button, context, dateTokenOf, escapeMrkdwn, LIMITS, option, plainText, section, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS, COMMAND } from '../../../slack/ids.js';
import { QUIET_PRESETS, quietText } from '../quiet-hours.js';

export const KIND_WORDS: Record<Follow['kind'], string> = { competitor: 'Competitor', project: 'Project', ticket: 'Ticket' };

export const SETTING_WORDS: Record<NotifyKind, string> = {
  assigned: 'A ticket is assigned to you',
  comments: 'A ticket you follow (or a ticket of a project you follow) gains a comment',
  changes: 'A competitor (or project) you follow has a now-tier watch change',
};

/** One follow as a line: what, in which project, who set it and when. */
export function followLine(f: Follow): string {
  const what = f.kind === 'project' ? `*${escapeMrkdwn(f.projectName)}*` : `*${escapeMrkdwn(f.label)}* in ${escapeMrkdwn(f.projectName)}`;
  return `${KIND_WORDS[f.kind]}: ${what} · set by <@${f.setBy}> ${dateTokenOf(f.setAt, 'at a time not recorded', '{date_short_pretty}')}`;
}

export function settingsLines(person: Pick<PersonFollows, 'settings' | 'tz'>): string[] {
  const { settings } = person;
  const quiet = settings.quietHours ? `${quietText(settings.quietHours)} in your time zone (${escapeMrkdwn(person.tz ?? 'UTC: Radar has not learned yours yet')})` : 'off';
  return [...NOTIFY_KINDS.map((k) => `${settings[k] ? ':white_check_mark:' : ':no_bell:'} ${SETTING_WORDS[k]}: *${settings[k] ? 'on' : 'off'}*`), `:crescent_moon: Quiet hours: *${quiet}*`];
}

/**
 * Who hears of an assignment, said on Home and by `/radar follow`: the board names a member only by
 * name (spec 2.8: nothing else about a person), so Radar tells the person whose Slack name matches it:
 * someone it knows (opened the Home tab, or followed something), else the workspace's one person of
 * that name (src/features/notify/directory.ts); a name two people share tells nobody.
 */
export function assignedWhoText(names: readonly string[]): string {
  const you = names.length > 0 ? `You match a board member named *${escapeMrkdwn(names.slice(0, 2).join('* or *'))}*.` : 'Radar has not learned your Slack name yet: opening this Home tab or following something teaches it.';
  return `:bust_in_silhouette: *Assignment messages* go to the person whose Slack name matches the board member's name (the board gives nothing else about a person): someone Radar knows (who has opened Radar's Home tab or followed something), else the one person in the workspace with that name; when two people share it, nobody is told. ${you} A ticket's creator who assigns it to themself is not told.`;
}

/** Follows listed on Home, each with its *Unfollow* button; the rest counted. */
export const HOME_FOLLOWS = 12;

/** The Home tab's "What you follow": one section per follow with an *Unfollow* button (its value sealed by `sealFollow`). */
export function homeFollowBlocks(person: Pick<PersonFollows, 'follows'>, sealed: (f: Follow) => string): Block[] {
  const blocks: Block[] = [];
  if (person.follows.length === 0) {
    blocks.push(section(`_You follow nothing yet._ \`${COMMAND} follow competitor <name>\`, \`${COMMAND} follow project\` or \`${COMMAND} follow ticket <number>\` in a bound channel, or the *Follow* button on a competitor card or a ticket.`));
  } else {
    for (const f of person.follows.slice(0, HOME_FOLLOWS)) blocks.push(section(followLine(f), button({ text: 'Unfollow', actionId: ACTION_IDS.followRemove, value: sealed(f) })));
    if (person.follows.length > HOME_FOLLOWS) blocks.push(context(`…and ${person.follows.length - HOME_FOLLOWS} more: \`${COMMAND} follow\` lists them all.`));
  }
  return blocks;
}

/** The Home tab's "Your notifications": one section per kind with its switch, then quiet hours. */
export function homeSettingsBlocks(person: Pick<PersonFollows, 'settings' | 'tz'> & { names?: readonly string[] }): Block[] {
  const blocks: Block[] = [];
  const { settings } = person;
  for (const kind of NOTIFY_KINDS) {
    const on = settings[kind];
    blocks.push(section(`${on ? ':white_check_mark:' : ':no_bell:'} ${SETTING_WORDS[kind]}: *${on ? 'on' : 'off'}*`, button({ text: on ? 'Turn off' : 'Turn on', actionId: ACTION_IDS.notifyToggle, value: kind })));
    if (kind === 'assigned') blocks.push(context(assignedWhoText(person.names ?? [])));
  }
  const presets = QUIET_PRESETS.map((q) => option(quietText(q), `${q.start}-${q.end}`));
  const current = settings.quietHours ? `${settings.quietHours.start}-${settings.quietHours.end}` : 'off';
  const options = [option('Off', 'off'), ...presets];
  if (!options.some((o) => o.value === current) && settings.quietHours) options.push(option(quietText(settings.quietHours), current));
  const initial = options.find((o) => o.value === current);
  blocks.push(
    section(`:crescent_moon: Quiet hours, in your time zone (${escapeMrkdwn(person.tz ?? 'UTC until Radar learns yours')}): nothing is sent during them; what was held arrives as one message after.`, {
      type: 'static_select',
      action_id: ACTION_IDS.notifyQuiet,
      placeholder: plainText('Quiet hours', LIMITS.placeholder),
      options,
      ...(initial ? { initial_option: initial } : {}),
    }),
  );
  return blocks;
}

/** `/radar follow` without more: what the person follows and their settings. */
export function followListView(person: Pick<PersonFollows, 'follows' | 'settings' | 'tz'> & { names?: readonly string[] }): { text: string; blocks: Block[] } {
  const lines = person.follows.map((f) => `• ${followLine(f)}`);
  const blocks: Block[] = [
    section(
      person.follows.length === 0
        ? `You follow nothing yet. \`${COMMAND} follow competitor <name>\`, \`${COMMAND} follow project\` or \`${COMMAND} follow ticket <number>\` here, and Radar tells you in a direct message.`
        : `*What you follow* (${person.follows.length})\n${lines.slice(0, 40).join('\n')}${lines.length > 40 ? `\n…and ${lines.length - 40} more` : ''}`,
    ),
    section(`*How Radar tells you*\n${settingsLines(person).join('\n')}`),
    context(assignedWhoText(person.names ?? [])),
    context(`Switch these on Radar's Home tab, or \`${COMMAND} follow quiet 22:00-07:00\` (\`off\`). \`${COMMAND} unfollow …\` stops one.`),
  ];
  return { text: `You follow ${person.follows.length}`, blocks };
}
