/** `/radar ticket <number>`: one ticket with its description, latest comments and buttons. */
import type { Subcommand } from '../../slack/commands/registry.js';
import { UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { ticketByNumber, ticketDetail } from './load-ticket.js';
import { ticketView } from './views/ticket-view.js';

export const ticketCommand: Subcommand = {
  name: 'ticket',
  usage: 'ticket <number>',
  summary: 'One ticket with its description and latest comments; move, assign or dismiss it from there.',
  example: `${COMMAND} ticket 12`,
  needsProject: true,
  async run(inv) {
    const [typed, ...extra] = inv.parsed.args;
    const number = /^#?(\d{1,9})$/.exec(typed ?? '')?.[1];
    if (!number || extra.length > 0 || Number(number) < 1) {
      throw new UsageError(`\`${COMMAND} ticket\` takes a ticket number, e.g. \`${COMMAND} ticket 12\` (\`${COMMAND} tickets\` lists them).`);
    }
    const project = await inv.project();
    const found = await ticketByNumber(inv.deps.service, project, Number(number));
    const { ticket, comments } = await ticketDetail(inv.deps.service, project.id, found.id);
    await inv.reply({ ...ticketView({ projectId: project.id, projectName: project.name, ticket, comments }), shareable: true });
  },
};
