import type { Subcommand } from '../../plugin.js';
import { isServiceError, type TechTrustFacts } from '../../service/index.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { matchCompetitor } from './match-competitor.js';
import { techView } from './views/tech-view.js';

export const techCommand: Subcommand = {
  name: 'tech',
  usage: 'tech [competitor] [--full]',
  summary: 'Tech and trust per competitor: security headers, trust signals, tech stack, robots.txt, AI crawler access, DNS.',
  area: 'market',
  example: `${COMMAND} tech hubforge.io --full`,
  flags: { values: PROJECT_FLAG, switches: ['full'] },
  async run(inv) {
    const full = inv.parsed.switches.has('full');
    const typed = inv.parsed.args.join(' ').trim();
    const project = await inv.project();
    let facts: TechTrustFacts;
    try {
      facts = await inv.deps.service.techTrustFacts(project.id, full ? 'full' : undefined);
    } catch (error) {
      if (isServiceError(error) && error.code === 'no_data_available') {
        await inv.reply({
          text: 'No tech and trust data yet',
          blocks: [section(`*${escapeMrkdwn(project.name)}* has no completed tech-and-trust run yet, so there is nothing to show.`)],
        });
        return;
      }
      throw error;
    }
    const all = facts.rows.kind === 'value' ? facts.rows.value : null;
    // Own row first, then the service's order.
    const ordered = all === null ? null : [...all.filter((r) => r?.isOwn), ...all.filter((r) => !r?.isOwn)];
    const rows = ordered !== null && typed !== '' ? matchCompetitor(ordered, typed) : ordered;
    await inv.reply({ ...techView(project.name, facts, rows, { full, ...(typed ? { only: typed } : {}) }), shareable: true });
  },
};
