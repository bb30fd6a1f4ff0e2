import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createSubmissionsRepo } from '../../store/submissions.js';
import { labelCommand } from './label-command.js';
import { labelDeleteAction } from './label-delete.js';
import { labelsCommand } from './labels-command.js';

/** The board's labels: `/radar labels` and `/radar label add|rename|color|delete` (issue 19). */
export const labelsFeature: Feature = {
  name: 'labels',
  subcommands: [labelsCommand, labelCommand],
  register(app, deps) {
    listenerGroups(app).action<BlockButtonAction>(ACTION_IDS.labelDelete, labelDeleteAction(deps, createSubmissionsRepo(deps.store)));
    return { runtime: undefined };
  },
};
