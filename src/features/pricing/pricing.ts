import type { Subcommand } from '../../plugin.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { COMMAND } from '../../slack/ids.js';
import { pricingFactsView } from './views/pricing-view.js';

export const pricingCommand: Subcommand = {
  name: 'pricing',
  usage: 'pricing',
  summary: 'Pricing gaps against competitors: gap flags, market average, your position, every competitor.',
  area: 'market',
  example: `${COMMAND} pricing --share`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const project = await inv.project();
    try {
      const facts = await inv.deps.service.pricingFacts(project.id);
      await inv.reply({ ...pricingFactsView(project.name, facts), shareable: true });
    } catch (error) {
      if (isServiceError(error) && error.code === 'no_data_available') {
        await inv.reply({
          text: 'No pricing data yet',
          blocks: [section(`*${escapeMrkdwn(project.name)}* has no completed pricing run yet, so there are no pricing gaps to show.`)],
        });
        return;
      }
      throw error;
    }
  },
};
