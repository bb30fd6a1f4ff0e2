/**
 * `/radar content [competitor]`: one read (GET .../content); a competitor named by a name the rows
 * do not carry adds one read of the competitor list.
 */
import type { Subcommand } from '../../plugin.js';
import { ownFirst, type ContentFacts, type ContentRow } from '../../service/index.js';
import { isServiceError } from '../../service/errors.js';
import { valuePart } from '../../service/tolerant.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { findRow } from '../competitor-match/find-competitor.js';
import { contentCompetitorView, contentView } from './views/content-view.js';
import { gapsView } from './views/gaps-view.js';

export const contentCommand: Subcommand = {
  name: 'content',
  usage: 'content [competitor | gaps [--page N]]',
  summary: 'URL counts by content category per competitor, the strategic URLs, and your content gaps.',
  area: 'market',
  example: `${COMMAND} content pipedrift`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG } },
  async run(inv) {
    const typed = inv.parsed.args.join(' ').trim();
    const gaps = typed.toLowerCase() === 'gaps';
    if (!gaps && inv.parsed.values.page !== undefined) throw new UsageError(`--page goes with \`${COMMAND} content gaps\`.`);
    const page = pageOf(inv.parsed);
    const project = await inv.project();
    let read: ContentFacts;
    try {
      read = await inv.deps.service.contentFacts(project.id);
    } catch (error) {
      if (isServiceError(error) && error.code === 'no_data_available') {
        await inv.reply({
          text: 'No content data yet',
          blocks: [section(`*${escapeMrkdwn(project.name)}* has no completed content run yet, so there are no URL counts or gaps to show.`)],
        });
        return;
      }
      throw error;
    }
    const facts = read.rows.kind === 'value' ? { ...read, rows: valuePart(ownFirst(read.rows.value)) } : read;
    if (gaps) {
      // The gap lists whole, a page at a time (the main answer shows 25 of each and points here).
      await inv.reply({ ...gapsView(project.name, facts, page), shareable: true });
      return;
    }
    if (typed && facts.rows.kind === 'value') {
      const rows = facts.rows.value.filter((r): r is ContentRow => r !== null);
      const row = await findRow(inv.deps.service, project.id, rows, typed);
      await inv.reply({ ...contentCompetitorView(project.name, facts, row), shareable: true });
      return;
    }
    await inv.reply({ ...contentView(project.name, facts), shareable: true });
  },
};
