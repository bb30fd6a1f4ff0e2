/**
 * `/radar competitors`: the list read, then each competitor's detail read (for its page URLs) in
 * parallel, at most `DETAIL_READS_IN_FLIGHT` at once; a detail that fails says so on its own line.
 */
import type { Subcommand } from '../../plugin.js';
import { describeError } from '../../slack/error-text.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { settleBounded } from './bounded.js';
import { competitorDirectory } from '../competitor-match/directory.js';
import { competitorRefs } from './competitor-ref.js';
import { competitorsView, type CompetitorEntry } from './views/competitors-view.js';

/** Detail reads in flight at once (core reads are not throttled, but one command should not flood the service). */
export const DETAIL_READS_IN_FLIGHT = 4;

export const competitorsCommand: Subcommand = {
  name: 'competitors',
  usage: 'competitors',
  summary: 'The competitors the project monitors (and your own domain), with their homepage and pricing page URLs.',
  area: 'market',
  example: `${COMMAND} competitors`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const project = await inv.project();
    const list = await inv.deps.service.competitorFacts(project.id);
    void competitorDirectory(inv.deps.store, inv.deps.now).remember(project.id, list.competitors);
    const { refs, unreadable } = competitorRefs(list);
    const details = await settleBounded(refs, DETAIL_READS_IN_FLIGHT, async (ref) => (ref.id === null ? null : inv.deps.service.competitorPageFacts(project.id, ref.id)));
    const entries: CompetitorEntry[] = refs.map((ref, i) => {
      const outcome = details[i];
      if (!outcome || outcome.status === 'rejected') {
        return { ref, urls: { kind: 'failed', why: `couldn't be read (${describeError(outcome?.reason, { action: 'read this competitor' })})` } };
      }
      if (outcome.value === null) return { ref, urls: { kind: 'failed', why: "the list gave no competitor id, so Radar couldn't read its detail" } };
      return { ref, urls: { kind: 'read', value: outcome.value } };
    });
    await inv.reply({ ...competitorsView(project.name, entries, unreadable), shareable: entries.length > 0 });
  },
};
