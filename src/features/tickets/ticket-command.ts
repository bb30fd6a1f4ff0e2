/** `/radar ticket <number>`: one ticket with its description, latest comments and buttons. */
import type { Subcommand } from '../../plugin.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { ticketSeals } from './action-value.js';
import { ticketByNumber, ticketDetail } from './load-ticket.js';
import { ticketView } from './views/ticket-view.js';
import { ticketMetadata } from '../living/ticket-state.js';

export const ticketCommand: Subcommand = {
  name: 'ticket',
  usage: 'ticket <number>',
  summary: 'One ticket with its description and latest comments; move, assign, edit, dismiss or delete it from there.',
  area: 'tickets',
  example: `${COMMAND} ticket 12`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const [typed, ...extra] = inv.parsed.args;
    const number = /^#?(\d{1,9})$/.exec(typed ?? '')?.[1];
    if (!number || extra.length > 0 || Number(number) < 1) {
      throw new UsageError(`\`${COMMAND} ticket\` takes a ticket number, e.g. \`${COMMAND} ticket 12\` (\`${COMMAND} tickets\` lists them).`);
    }
    const project = await inv.project();
    const found = await ticketByNumber(inv.deps.service, project, Number(number));
    const { ticket, comments } = await ticketDetail(inv.deps.service, project.id, found.id);
    // The controls act here only: on this project while the channel stays bound to it, or (--project) while it stays allowed.
    const seals = ticketSeals(inv.deps, { channel: inv.channelId, team: inv.teamId }, inv.parsed.values.project !== undefined);
    await inv.reply({
      ...ticketView({ projectId: project.id, projectName: project.name, ticket, comments, ...seals, now: inv.deps.now() }),
      shareable: true,
      metadata: ticketMetadata({ projectId: project.id, ticketId: ticket.id }),
    });
  },
};
