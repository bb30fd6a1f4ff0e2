/**
 * The one place features are registered: their subcommands, listeners and background workers.
 * Help comes first so its list follows the order here.
 */
import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../deps.js';
import { registerBindings } from './bindings/register.js';
import { registerBriefing } from './briefing/register.js';
import { registerHelp } from './help/register.js';
import { registerPricing } from './pricing/register.js';

export function registerFeatures(_app: App, deps: RadarDeps): Worker[] {
  registerHelp(deps);
  registerBindings(deps);
  registerBriefing(deps);
  registerPricing(deps);
  return [];
}
