import type { RadarDeps } from '../../deps.js';
import { bindCommand } from './bind.js';
import { projectsCommand } from './projects.js';
import { statusCommand } from './status.js';
import { unbindCommand } from './unbind.js';

export function registerBindings(deps: RadarDeps): void {
  for (const command of [bindCommand, unbindCommand, statusCommand, projectsCommand]) deps.commands.add(command);
}
