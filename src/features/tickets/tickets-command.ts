/** `/radar tickets [column...] [search words] [--all]`: the bound project's board, in board order. */
import type { Subcommand } from '../../plugin.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { readable } from '../../service/tolerant.js';
import { COMMAND } from '../../slack/ids.js';
import { ticketsMetadata } from '../living/ticket-state.js';
import { parseColumns } from '../board/vocabulary.js';
import { ticketListView } from './views/ticket-list-view.js';

export const ticketsCommand: Subcommand = {
  name: 'tickets',
  usage: 'tickets [column…] [search words] [--all]',
  summary: 'The project’s tickets in board order, by column; closed ones from the last 30 days unless --all.',
  area: 'tickets',
  example: `${COMMAND} tickets todo pricing`,
  flags: { values: PROJECT_FLAG, switches: ['all'] },
  async run(inv) {
    const project = await inv.project();
    const { columns, rest: words } = parseColumns(inv.parsed.args);
    const q = words.join(' ').trim();
    const closed = inv.parsed.switches.has('all') ? 'all' : 'recent';
    const list = await inv.deps.service.ticketListFacts(project.id, {
      ...(columns.length ? { status: [...new Set(columns)] } : {}),
      ...(q ? { q } : {}),
      closed,
    });
    // An answer about tickets (shared or not) names them in its radar_ticket metadata (issue 30 item 7).
    const metadata = ticketsMetadata(project.id, readable(list.items).map((t) => t.id));
    await inv.reply({ ...ticketListView({ projectName: project.name, list, filters: inv.parsed.args, closed, now: inv.deps.now() }), shareable: true, metadata });
  },
};
