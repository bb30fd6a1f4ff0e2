/**
 * `/radar competitor <domain or name>`: the competitor list (to find it; shared for a minute between
 * cards, `shared-list.ts`), and one read per dimension, all in parallel, each bounded by the service
 * client's own timeout; the card is posted when every part has answered or failed, each part shown
 * whatever happened to the others. The part reads start at once from the competitor Radar already
 * knows (the list shared within the minute, or the one last kept in the competitor directory), beside
 * the list read; when that list names the competitor differently, the parts are read again for it.
 * Without a known list, the list is read first: a name nobody knows costs one read, not eight.
 */
import type { Subcommand } from '../../plugin.js';
import { isServiceError } from '../../service/errors.js';
import { button, escapeMrkdwn, section, truncate, type Button } from '../../slack/blocks/index.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { openCommandButton, projectArg } from '../../slack/commands/open-action.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { describeError } from '../../slack/error-text.js';
import { ACTION_IDS, COMMAND } from '../../slack/ids.js';
import { normaliseDomain } from '../competitor-match/match-competitor.js';
import { sealFollow } from '../notify/follow-values.js';
import { aiPart } from './card/ai-part.js';
import { changelogPart, contentPart } from './card/content-part.js';
import type { CardPart } from './card/parts.js';
import { positioningPart } from './card/positioning-part.js';
import { pricingPart } from './card/pricing-part.js';
import { sourcesPart } from './card/sources-part.js';
import { trustPart } from './card/trust-part.js';
import { competitorRefs, refLabel, type CompetitorRef } from './competitor-ref.js';
import { closestCompetitors, findCompetitor } from './match.js';
import { knownCompetitorList, sharedCompetitorList } from './shared-list.js';
import { cardView, type CardSection, type PartOutcome } from './views/card-view.js';

/** The card's parts, in the order shown: one read each (content's changelog is its own endpoint). */
export const CARD_PARTS: readonly CardPart[] = [pricingPart, aiPart, sourcesPart, trustPart, contentPart, changelogPart, positioningPart];

/** Button labels per full view. */
const OPENS: Record<string, string> = { pricing: 'Pricing', ai: 'AI visibility', sources: 'AI sources', tech: 'Tech and trust', content: 'Content', positioning: 'Positioning' };

async function outcomeOf(part: CardPart, inv: CommandInvocation, projectId: string, ref: CompetitorRef): Promise<PartOutcome> {
  try {
    return { kind: 'lines', lines: await part.read(inv.deps.service, projectId, ref) };
  } catch (error) {
    if (isServiceError(error) && error.code === 'no_data_available') {
      return { kind: 'state', sentence: part.command === 'ai' ? 'No scored AI visibility check yet.' : 'No completed run of this dimension yet.' };
    }
    inv.deps.logger.info('a competitor card part failed', { part: part.title, error });
    return { kind: 'failed', sentence: describeError(error, { action: `read ${part.title.toLowerCase()}` }) };
  }
}

/** Every part read for `ref`, each outcome whatever happened to the others (never rejects). */
function readParts(inv: CommandInvocation, projectId: string, ref: CompetitorRef): Promise<PartOutcome[]> {
  return Promise.all(CARD_PARTS.map((part) => outcomeOf(part, inv, projectId, ref)));
}

/** Whether parts read for `a` say what parts read for `b` would: every field a part matches rows by. */
function sameRef(a: CompetitorRef, b: CompetitorRef): boolean {
  return a.id === b.id && a.name === b.name && a.domain === b.domain && a.isOwn === b.isOwn;
}

function fullViewButtons(inv: CommandInvocation, project: { id: string }): Button[] {
  const about = { projectId: project.id, explicit: inv.parsed.values.project !== undefined };
  const scope = { channel: inv.channelId, team: inv.teamId };
  const registered = new Set(inv.commands.map((c) => c.name));
  const commands = [...new Set(CARD_PARTS.map((p) => p.command))].filter((c) => registered.has(c));
  return commands.flatMap((c) => openCommandButton(inv.deps, scope, OPENS[c] ?? c, { ...about, text: `${c}${projectArg(about)}` }, `:${c}`) ?? []);
}

async function unknown(inv: CommandInvocation, projectName: string, query: string, refs: CompetitorRef[]): Promise<void> {
  const close = closestCompetitors(refs, query);
  const typed = escapeMrkdwn(truncate(query, 60));
  const names = (list: CompetitorRef[]) => list.map((r) => `*${escapeMrkdwn(refLabel(r))}*`).join(', ');
  const hint = close.length > 0 ? `Did you mean ${names(close)}?` : refs.length > 0 ? `Its competitors: ${names(refs.slice(0, 20))}${refs.length > 20 ? ', …' : ''}.` : 'It has no competitors listed.';
  await inv.reply({
    text: `No competitor “${typed}”`,
    blocks: [section(`*${escapeMrkdwn(projectName)}* monitors no competitor “${typed}”. ${hint}`)],
  });
}

/** *Follow*: whoever clicks is told of this competitor's changes in a direct message (src/features/follows/). */
function followButton(inv: CommandInvocation, project: { id: string; name: string }, ref: CompetitorRef): Button {
  const domain = normaliseDomain(ref.domain);
  const label = ref.name && ref.name.toLowerCase() !== domain ? `${ref.name} (${domain})` : domain;
  const value = sealFollow(inv.deps, { channel: inv.channelId, team: inv.teamId }, { kind: 'competitor', projectId: project.id, projectName: project.name, target: domain, label });
  return button({ text: 'Follow', actionId: ACTION_IDS.competitorFollow, value });
}

export const competitorCommand: Subcommand = {
  name: 'competitor',
  usage: 'competitor <domain or name>',
  summary: 'One card on one competitor: pricing, AI visibility, AI sources, trust, content and positioning together.',
  area: 'market',
  example: `${COMMAND} competitor pipedrift.com`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const query = inv.parsed.args.join(' ').trim();
    if (query === '') throw new UsageError(`Usage: ${COMMAND} competitor <domain or name>, e.g. ${COMMAND} competitor pipedrift.com`);
    const project = await inv.project();
    const known = await knownCompetitorList(inv.deps, project.id);
    const guess = known ? findCompetitor(competitorRefs({ competitors: known, unreadable: 0 }).refs, query) : null;
    const early = guess ? readParts(inv, project.id, guess) : null;
    const list = await sharedCompetitorList(inv.deps, project.id);
    let { refs } = competitorRefs(list.list);
    let ref = findCompetitor(refs, query);
    if (!ref && !list.fresh) {
      // Not in a list read for an earlier card: read it afresh before saying so.
      ({ refs } = competitorRefs((await sharedCompetitorList(inv.deps, project.id, { fresh: true })).list));
      ref = findCompetitor(refs, query);
    }
    if (!ref) return unknown(inv, project.name, query, refs);
    const outcomes = early && guess && sameRef(guess, ref) ? await early : await readParts(inv, project.id, ref);
    // The changelog's lines join the content part (one section per dimension).
    const sections: CardSection[] = [];
    CARD_PARTS.forEach((part, i) => {
      const outcome = outcomes[i] as PartOutcome;
      const previous = sections.at(-1);
      if (part === changelogPart && previous?.title === contentPart.title && previous.outcome.kind === 'lines') {
        const extra = outcome.kind === 'lines' ? outcome.lines : [outcome.kind === 'state' ? `_${outcome.sentence}_` : `:warning: _Changelog couldn't be read: ${outcome.sentence}_`];
        previous.outcome = { kind: 'lines', lines: [...previous.outcome.lines, ...extra] };
        return;
      }
      sections.push({ title: part.title, outcome });
    });
    await inv.reply({ ...cardView(project.name, ref, sections, [...fullViewButtons(inv, project), followButton(inv, project, ref)]), shareable: true });
  },
};
