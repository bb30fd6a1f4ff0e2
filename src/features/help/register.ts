import type { RadarDeps } from '../../deps.js';
import { helpCommand } from './help.js';

export function registerHelp(deps: RadarDeps): void {
  deps.commands.add(helpCommand);
}
