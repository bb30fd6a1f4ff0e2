/**
 * `/radar changes [competitor] [category] [--all-urls] [--page N]`: one read of the content changelog
 * per page (GET .../content/changelog with `page`, `limit`, `competitorId`, `category`,
 * `allUrlsPerCategory`); a competitor is resolved to its id through one read of the competitor list,
 * made only when a competitor is named.
 */
import type { Subcommand } from '../../plugin.js';
import { CONTENT_CATEGORIES, labelOf, type ContentChangelogQuery } from '../../service/index.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG } from '../../slack/commands/parse.js';
import { suggest } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import { findCompetitor } from '../competitor-match/find-competitor.js';
import { categoryName, competitorAndCategory } from './categories.js';
import { CHANGES_ALL_URLS_PAGE_SIZE, CHANGES_PAGE_SIZE, changesView, noChangesText, type ChangesQuery } from './views/changes-view.js';

export { CHANGES_ALL_URLS_PAGE_SIZE, CHANGES_PAGE_SIZE };


const CATEGORY_WORDS = CONTENT_CATEGORIES.map((c) => categoryName(c).toLowerCase().replace(/\s+/g, ''));

export const changesCommand: Subcommand = {
  name: 'changes',
  usage: 'changes [competitor] [category] [--all-urls] [--page N]',
  summary: 'New pages in competitor sitemaps, per competitor and date: counts per category with sample URLs; new comparison pages first.',
  area: 'market',
  example: `${COMMAND} changes pipedrift comparison`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG }, switches: ['all-urls'] },
  async run(inv) {
    const project = await inv.project();
    const page = pageOf(inv.parsed);
    const allUrls = inv.parsed.switches.has('all-urls');
    const { competitor: typed, category } = competitorAndCategory(inv.parsed.args);
    let competitor: { id: string; label: string } | null = null;
    if (typed !== null) {
      try {
        const found = await findCompetitor(inv.deps.service, project.id, typed);
        competitor = { id: found.competitorId, label: labelOf(found) ?? typed };
      } catch (error) {
        // "pipedrift comparisn": the last word was probably a category.
        const words = typed.split(/\s+/);
        const guess = category === null && words.length > 1 ? suggest(words.at(-1) ?? '', CATEGORY_WORDS) : null;
        if (error instanceof UserError && guess) {
          throw new UserError(`${error.message} Or did you mean the category *${escapeMrkdwn(guess)}*? The categories are: ${CATEGORY_WORDS.join(', ')}.`);
        }
        throw error;
      }
    }
    const query: ContentChangelogQuery = {
      page,
      limit: allUrls ? CHANGES_ALL_URLS_PAGE_SIZE : CHANGES_PAGE_SIZE,
      ...(competitor ? { competitorId: competitor.id } : {}),
      ...(category ? { category } : {}),
      ...(allUrls ? { allUrlsPerCategory: true } : {}),
    };
    let changelog;
    try {
      changelog = await inv.deps.service.changelogFacts(project.id, query);
    } catch (error) {
      if (isServiceError(error) && error.code === 'no_data_available') {
        await inv.reply({ text: 'No content changes yet', blocks: [section(`*${escapeMrkdwn(project.name)}* has no completed content run yet, so no sitemap changes are recorded.`)] });
        return;
      }
      throw error;
    }
    const q: ChangesQuery = { competitor: competitor?.label ?? null, typedCompetitor: typed, category, allUrls, page };
    const empty = noChangesText(project.name, q, changelog);
    if (empty !== null) {
      await inv.reply({ text: 'No content changes', blocks: [section(empty)] });
      return;
    }
    await inv.reply({ ...changesView(project.name, changelog, q), shareable: true });
  },
};
