import type { RadarDeps } from '../../deps.js';
import { briefingCommand } from './briefing.js';

export function registerBriefing(deps: RadarDeps): void {
  deps.commands.add(briefingCommand);
}
