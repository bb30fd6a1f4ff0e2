/**
 * `/radar positioning [competitor]`: one read (GET .../positioning). With a competitor (domain, name
 * or id, case-insensitive; "did you mean" otherwise) its full view; without one the compact view,
 * with a sealed "Full view" button per competitor (`positioning-button.ts`).
 */
import type { Subcommand } from '../../plugin.js';
import type { RadarDeps } from '../../deps.js';
import { ownFirst, type PositioningFacts, type PositioningRow } from '../../service/index.js';
import { isServiceError } from '../../service/errors.js';
import { valuePart } from '../../service/tolerant.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { findRow } from '../competitor-match/find-competitor.js';
import { sealCompetitorButton } from './button-value.js';
import { positioningCompactView, positioningFullView } from './views/positioning-view.js';

/** The positioning read with its rows own first; null when the project has no completed run. */
export async function loadPositioning(deps: Pick<RadarDeps, 'service'>, projectId: string): Promise<PositioningFacts | null> {
  let facts: PositioningFacts;
  try {
    facts = await deps.service.positioningFacts(projectId);
  } catch (error) {
    if (isServiceError(error) && error.code === 'no_data_available') return null;
    throw error;
  }
  return facts.rows.kind === 'value' ? { ...facts, rows: valuePart(ownFirst(facts.rows.value)) } : facts;
}

export const noPositioningYet = (projectName: string) => ({
  text: 'No positioning data yet',
  blocks: [section(`*${escapeMrkdwn(projectName)}* has no completed positioning run yet, so there is no messaging to show.`)],
});

export const positioningCommand: Subcommand = {
  name: 'positioning',
  usage: 'positioning [competitor]',
  summary: 'Homepage messaging per competitor (you first): headline, value propositions, calls to action, audience, and the messaging analysis.',
  area: 'market',
  example: `${COMMAND} positioning hubforge.io`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const project = await inv.project();
    const facts = await loadPositioning(inv.deps, project.id);
    if (facts === null) {
      await inv.reply(noPositioningYet(project.name));
      return;
    }
    const typed = inv.parsed.args.join(' ').trim();
    const rows = facts.rows.kind === 'value' ? facts.rows.value.filter((r): r is PositioningRow => r !== null) : null;
    if (typed && rows !== null) {
      const row = await findRow(inv.deps.service, project.id, rows, typed);
      await inv.reply({ ...positioningFullView(project.name, facts, row), shareable: true });
      return;
    }
    // Without a competitor (or when the rows could not be read) the compact view says what it can.
    const scope: SealScope = { channel: inv.channelId, team: inv.teamId };
    const explicit = inv.parsed.values.project !== undefined;
    const valueFor = (row: PositioningRow) => sealCompetitorButton(inv.deps, scope, { projectId: project.id, projectName: project.name, explicit }, row.identity);
    await inv.reply({ ...positioningCompactView(project.name, facts, valueFor), shareable: true });
  },
};
