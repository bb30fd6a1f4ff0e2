import type { Feature } from '../../plugin.js';
import { createReportSettingsRepo } from '../../store/report-settings.js';
import { createReportDelivery } from './deliver.js';
import { createReportWorker } from './poller.js';
import { reportCommand } from './report-command.js';

/** Reports: what changed in a channel's project, posted at the hour the team chooses (issue 31). */
export const reportsFeature: Feature = {
  name: 'reports',
  subcommands: [reportCommand],
  register(app, deps) {
    const worker = createReportWorker(deps, createReportSettingsRepo(deps.store), createReportDelivery(deps, app.client));
    return { runtime: undefined, workers: [worker] };
  },
};
