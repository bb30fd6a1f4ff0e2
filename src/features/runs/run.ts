import type { Subcommand } from '../../plugin.js';
import { isServiceError, type ContentFacts, type PositioningFacts, type PricingFacts, type TechTrustFacts } from '../../service/index.js';
import type { AreaRunFacts } from '../../service/read/runs.js';
import { escapeMrkdwn, section, truncate, type Block } from '../../slack/blocks/index.js';
import type { CommandInvocation, ProjectRef } from '../../slack/commands/invocation.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { DIMENSION_LABEL, dimensionOf } from './dimension-word.js';
import { noDataReply } from './no-data.js';
import { runView } from './views/runs-view.js';

/**
 * An area's view of one past run: its view of today's answer on the facts its reader read from the run
 * detail (e.g. `/radar pricing`'s gap flags); null when the run holds nothing its reader can read.
 * `readsSummary`: the reader states the run's `summary` too (else its figures are said beside the view).
 */
export type PastRunView<F> = (projectName: string, facts: F) => { blocks: Block[]; readsSummary?: boolean } | null;
export interface PastRunViews {
  pricing?: PastRunView<PricingFacts | null>;
  'tech-trust'?: PastRunView<TechTrustFacts>;
  content?: PastRunView<ContentFacts>;
  positioning?: PastRunView<PositioningFacts>;
}

/** The view of a past run's area facts, by the area's own view. */
function areaView(views: PastRunViews, projectName: string, area: AreaRunFacts) {
  switch (area.dimension) {
    case 'pricing':
      return views.pricing?.(projectName, area.facts) ?? null;
    case 'tech-trust':
      return views['tech-trust']?.(projectName, area.facts) ?? null;
    case 'content':
      return views.content?.(projectName, area.facts) ?? null;
    case 'positioning':
      return views.positioning?.(projectName, area.facts) ?? null;
  }
}

/**
 * An area whose past runs are checks with their own answer (`/radar ai check <id>`, `/radar sources check
 * <id>`): `/radar run ai <id>` gives that same answer, read by the same reader.
 */
export type PastCheckAnswer = (inv: CommandInvocation, project: ProjectRef, checkId: string) => Promise<void>;
export type PastCheckAnswers = Partial<Record<'ai' | 'sources', PastCheckAnswer>>;

const USAGE = `${COMMAND} run tech run_0123456789ab`;
const CHECK_WORDS = ['ai', 'sources'] as const;

export function runCommandWith(views: PastRunViews, checks: PastCheckAnswers = {}): Subcommand {
  return {
    name: 'run',
    usage: 'run <pricing|content|positioning|tech|ai|sources> <run id>',
    summary: 'One run of a market dimension in detail (run ids come from history).',
    area: 'market',
    example: `${COMMAND} run pricing run_0123456789ab`,
    flags: { values: PROJECT_FLAG },
    async run(inv) {
      const [word, runId, ...extra] = inv.parsed.args;
      const check = word === undefined ? undefined : checks[word.toLowerCase() as keyof PastCheckAnswers];
      if (check) {
        if (runId === undefined || extra.length > 0) throw new UsageError(`\`${COMMAND} run ${word?.toLowerCase()}\` takes one check id, e.g. \`${COMMAND} run ${word?.toLowerCase()} chk_0123456789ab\`.`);
        return check(inv, await inv.project(), runId);
      }
      // A typo suggests the nearest of every word `run` takes (the checks' `ai` and `sources` too), with the id typed.
      const dimension = dimensionOf(word, USAGE, CHECK_WORDS.filter((w) => checks[w] !== undefined), [runId, ...extra].filter((w) => w !== undefined).join(' '));
      if (runId === undefined || extra.length > 0) throw new UsageError(`\`${COMMAND} run\` takes a dimension and one run id, e.g. \`${USAGE}\`.`);
      const project = await inv.project();
      const label = DIMENSION_LABEL[dimension];
      const id = escapeMrkdwn(truncate(runId, 60));
      const say = (sentence: string) => inv.reply({ text: sentence, blocks: [section(sentence)] });
      try {
        const run = await inv.deps.service.runFacts(project.id, dimension, runId);
        const area = areaView(views, project.name, run.area);
        await inv.reply({ ...runView(project.name, dimension, runId, run.detail, area), shareable: true });
      } catch (error) {
        if (!isServiceError(error)) throw error;
        switch (error.code) {
          case 'run_not_summarized':
            return say(`The ${label} run \`${id}\` exists, but that run finished without a summary, so there is nothing to show for it.`);
          case 'run_not_found':
            return say(`*${escapeMrkdwn(project.name)}* has no ${label} run \`${id}\`; \`${COMMAND} history ${(word ?? '').toLowerCase()}\` lists its runs.`);
          case 'invalid_run_id':
            return say(`\`${id}\` is not a run id; \`${COMMAND} history ${(word ?? '').toLowerCase()}\` lists the runs with their ids.`);
          case 'no_data_available':
            return inv.reply(noDataReply(project.name, dimension));
          default:
            throw error;
        }
      }
    },
  };
}
