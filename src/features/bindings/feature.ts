import type { Feature } from '../../plugin.js';
import { bindCommand } from './bind.js';
import { projectsCommand } from './projects.js';
import { statusCommand } from './status.js';
import { unbindCommand } from './unbind.js';

/** Channel bindings: `/radar bind`, `unbind`, `status`, `projects`. */
export const bindingsFeature: Feature = {
  name: 'bindings',
  subcommands: [bindCommand, unbindCommand, statusCommand, projectsCommand],
};
