import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';
import { scanCommand } from './scan-command.js';
import { createScanFollower } from './scan-follower.js';
import { createScanMessages } from './scan-messages.js';

/** Website scans: `/radar scan …` and the follower that keeps their messages current and posts results (issue 4). */
export function registerScans(app: App, deps: RadarDeps): Worker[] {
  const follower = createScanFollower({
    service: deps.service,
    pendingScans: deps.pendingScans,
    coordinator: deps.store.coordinator,
    messages: createScanMessages(app.client),
    timing: deps.timing,
    logger: deps.logger,
    now: deps.now,
    background: deps.background,
  });
  deps.commands.add(scanCommand(follower));
  return [follower];
}
