import type { Feature } from '../../plugin.js';
import type { ScanFollower } from './scan-follower.js';
import { scanCommand } from './scan-command.js';
import { createScanFollower } from './scan-follower.js';
import { createScanMessages } from './scan-messages.js';

/** Website scans: `/radar scan …` and the follower that keeps their messages current and posts results (issue 4). */
export const scansFeature: Feature<ScanFollower> = {
  name: 'scans',
  subcommands: [scanCommand],
  register(app, deps) {
    const follower = createScanFollower({
      service: deps.service,
      pendingScans: deps.pendingScans,
      coordinator: deps.store.coordinator,
      messages: createScanMessages(app.client),
      timing: deps.timing,
      logger: deps.logger,
      now: deps.now,
      background: deps.background,
      ...(deps.workspaces ? { inTeamScope: deps.workspaces.inTeamScope } : {}),
    });
    return { runtime: follower, workers: [follower] };
  },
};
