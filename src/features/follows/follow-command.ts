/**
 * `/radar follow competitor <name> | project | ticket <number>`, `/radar follow` (what the person
 * follows, who set it and when, and how they are told), `/radar follow quiet 22:00-07:00|off`, and
 * `/radar unfollow competitor <name> | project | ticket <number> | all`. Follows are the person's
 * own (answers are ephemeral); the project is the channel's (or `--project`).
 */
import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { labelOf } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { chooseWord } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';
import { FOLLOW_KINDS, followKey, type Follow, type FollowKind } from '../../store/follows.js';
import { manyCompetitorsError, matchCompetitor, noCompetitorError, normaliseDomain } from '../competitor-match/match-competitor.js';
import { plainTitle } from '../board/views/ticket-format.js';
import type { Notifier } from '../notify/notifier.js';
import { parseQuietHours, quietText } from '../notify/quiet-hours.js';
import { followLine, followListView } from '../notify/views/follow-list.js';
import type { FollowTarget } from '../notify/follow-values.js';

const KINDS_TEXT = 'competitor <name> | project | ticket <number>';

/** What the person typed, as a follow target of the invocation's project (reads the competitor list or the ticket when needed). */
async function targetOf(inv: CommandInvocation, command: string): Promise<FollowTarget> {
  const [word, ...rest] = inv.parsed.args;
  const kind: FollowKind = chooseWord(word ?? '', FOLLOW_KINDS, command, FOLLOW_KINDS.map((k) => `\`${k}\``).join(', '));
  const typed = rest.join(' ').trim();
  const project = await inv.project();
  if (kind === 'project') return { kind, projectId: project.id, projectName: project.name, target: project.id, label: project.name };
  if (kind === 'competitor') {
    if (typed === '') throw new UsageError(`Say which competitor, e.g. \`${COMMAND} ${command} competitor pipedrift.com\`.`);
    const listed = (await inv.deps.service.competitorFacts(project.id)).competitors;
    const found = matchCompetitor(listed, (c) => ({ ...c.identity, domain: c.identity.domain ?? c.domain }), typed);
    const labels = listed.map((c) => labelOf(c.identity) ?? c.domain);
    if (found.kind === 'many') throw manyCompetitorsError(typed, found.candidates.map((c) => labelOf(c.identity) ?? c.domain));
    if (found.kind === 'none') throw noCompetitorError(typed, found.suggestion, labels);
    const domain = normaliseDomain(found.match.domain);
    const name = found.match.identity.name;
    return { kind, projectId: project.id, projectName: project.name, target: domain, label: name && name.toLowerCase() !== domain ? `${name} (${domain})` : domain };
  }
  const number = Number(typed.replace(/^#/, ''));
  if (typed === '' || !Number.isInteger(number) || number < 1) throw new UsageError(`Say which ticket by its number, e.g. \`${COMMAND} ${command} ticket 12\`.`);
  const list = await inv.deps.service.listTickets(project.id, { number, closed: 'all' });
  const ticket = readable(list.items).find((t) => t.number === number);
  if (!ticket) throw new UsageError(`*${escapeMrkdwn(project.name)}* has no ticket #${number}; \`${COMMAND} tickets\` lists them.`);
  return { kind, projectId: project.id, projectName: project.name, target: ticket.id, label: `#${ticket.number} ${plainTitle(ticket)}` };
}

/** Adds a follow for the person (set by them, now); false when they already followed it. */
export async function addFollow(notifier: Notifier, inv: Pick<CommandInvocation, 'teamId' | 'userId' | 'deps'>, target: FollowTarget): Promise<boolean> {
  let added = false;
  await notifier.follows.update(inv.teamId, inv.userId, (current) => {
    if (current.follows.some((f) => followKey(f) === followKey(target))) return undefined;
    added = true;
    const follow: Follow = { ...target, setBy: inv.userId, setAt: inv.deps.now().toISOString() };
    return { ...current, follows: [...current.follows, follow] };
  });
  return added;
}

/** What `users.info` says of the person, kept for quiet hours (tz) and "assigned to you" (names); a failure leaves what was known. */
export async function rememberPerson(notifier: Notifier, inv: Pick<CommandInvocation, 'teamId' | 'userId' | 'client' | 'deps'>): Promise<void> {
  try {
    const info = await inv.client.users.info({ user: inv.userId });
    await notifier.remember(inv.teamId, inv.userId, info.user);
  } catch (error) {
    inv.deps.logger.info('follow: users.info failed; time zone and names left as known', { user: inv.userId, error });
  }
}

export const followCommand: Subcommand<Notifier> = {
  name: 'follow',
  usage: `follow [${KINDS_TEXT} | quiet <HH:MM-HH:MM|off>]`,
  summary: 'Be told in a direct message about a competitor, a project or a ticket; without more, list what you follow and how you are told.',
  area: 'follows',
  example: `${COMMAND} follow competitor pipedrift.com`,
  flags: { values: PROJECT_FLAG },
  async run(inv, notifier) {
    const first = inv.parsed.args[0]?.toLowerCase();
    if (first === undefined) {
      const person = await notifier.follows.get(inv.teamId, inv.userId);
      await inv.reply(followListView(person ?? { follows: [], settings: { assigned: true, comments: true, changes: true, quietHours: null }, tz: null }));
      return;
    }
    if (first === 'quiet') {
      const text = inv.parsed.args.slice(1).join(' ');
      const quiet = text.toLowerCase() === 'off' ? null : parseQuietHours(text);
      if (quiet === null && text.toLowerCase() !== 'off') throw new UsageError(`Quiet hours are a window of your day, e.g. \`${COMMAND} follow quiet 22:00-07:00\`, or \`off\`.`);
      await rememberPerson(notifier, inv);
      const after = await notifier.follows.update(inv.teamId, inv.userId, (current) => ({ ...current, settings: { ...current.settings, quietHours: quiet } }));
      await inv.reply({
        text: quiet ? 'Quiet hours set' : 'Quiet hours off',
        blocks: [section(quiet ? `:crescent_moon: Quiet hours *${quietText(quiet)}* in your time zone (${escapeMrkdwn(after.tz ?? 'UTC')}): nothing is sent during them; what was held arrives as one message after.` : 'Quiet hours are off: Radar tells you as things happen.')],
      });
      return;
    }
    const target = await targetOf(inv, 'follow');
    await rememberPerson(notifier, inv);
    const added = await addFollow(notifier, inv, target);
    inv.deps.logger.info('follow set', { team: inv.teamId, user: inv.userId, kind: target.kind, projectId: target.projectId, added });
    const after = await notifier.follows.get(inv.teamId, inv.userId);
    const follow = after?.follows.find((f) => followKey(f) === followKey(target));
    await inv.reply({
      text: added ? 'Following' : 'Already following',
      blocks: [section(`${added ? ':bell: You now follow' : 'You already follow'} ${follow ? followLine(follow) : escapeMrkdwn(target.label)}. Radar tells you in a direct message; \`${COMMAND} follow\` lists what you follow.`)],
    });
  },
};

export const unfollowCommand: Subcommand<Notifier> = {
  name: 'unfollow',
  usage: `unfollow <${KINDS_TEXT} | all>`,
  summary: 'Stop following a competitor, a project or a ticket (or everything).',
  area: 'follows',
  example: `${COMMAND} unfollow ticket 12`,
  flags: { values: PROJECT_FLAG },
  async run(inv, notifier) {
    if (inv.parsed.args[0]?.toLowerCase() === 'all') {
      let n = 0;
      await notifier.follows.update(inv.teamId, inv.userId, (current) => {
        n = current.follows.length;
        return n === 0 ? undefined : { ...current, follows: [] };
      });
      await inv.reply({ text: 'Unfollowed', blocks: [section(n === 0 ? 'You followed nothing, so nothing changed.' : `You no longer follow anything (${n} ended).`)] });
      return;
    }
    if (inv.parsed.args.length === 0) throw new UsageError(`Say what to stop following: \`${COMMAND} unfollow ${KINDS_TEXT}\`, or \`all\`.`);
    const target = await targetOf(inv, 'unfollow');
    let had = false;
    await notifier.follows.update(inv.teamId, inv.userId, (current) => {
      had = current.follows.some((f) => followKey(f) === followKey(target));
      return had ? { ...current, follows: current.follows.filter((f) => followKey(f) !== followKey(target)) } : undefined;
    });
    const what = target.kind === 'project' ? `*${escapeMrkdwn(target.projectName)}*` : `*${escapeMrkdwn(target.label)}*`;
    await inv.reply({ text: had ? 'Unfollowed' : 'Not followed', blocks: [section(had ? `You no longer follow ${what}.` : `You don't follow ${what}; \`${COMMAND} follow\` lists what you do.`)] });
  },
};
