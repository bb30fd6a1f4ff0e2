/**
 * The one place features are registered: their subcommands, listeners and background workers.
 * Help comes first so its list follows the order here.
 */
import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../deps.js';
import { registerBindings } from './bindings/register.js';
import { registerBriefing } from './briefing/register.js';
import { registerDigest } from './digest/register.js';
import { registerHelp } from './help/register.js';
import { registerPricing } from './pricing/register.js';
import { registerScans } from './scans/register.js';
import { registerTickets } from './tickets/register.js';

export function registerFeatures(app: App, deps: RadarDeps): Worker[] {
  registerHelp(deps);
  registerBindings(deps);
  registerBriefing(deps);
  registerPricing(deps);
  return [...registerTickets(app, deps), ...registerScans(app, deps), ...registerDigest(app, deps)];
}
