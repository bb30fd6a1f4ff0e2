import type { Feature } from '../../plugin.js';
import { alertsCommand, projectCommand, schedulesCommand } from './project-command.js';

/** The project's own reads: `/radar project`, `/radar alerts`, `/radar schedules` (issue 19). */
export const projectFeature: Feature = {
  name: 'project',
  subcommands: [projectCommand, alertsCommand, schedulesCommand],
};
