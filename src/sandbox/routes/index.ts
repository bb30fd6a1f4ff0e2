import type { Route, SandboxState } from '../types.js';
import { aiSourcesRoutes } from './ai-sources.js';
import { aiVisibilityRoutes } from './ai-visibility.js';
import { alertScheduleRoutes } from './alerts-schedules.js';
import { briefingControlRoutes } from './briefings/control.js';
import { briefingReadRoutes } from './briefings/read.js';
import { changelogRoutes } from './changelog.js';
import { dimensionRoutes } from './dimensions.js';
import { fetchUrlRoutes } from './fetch-url.js';
import { projectRoutes } from './projects.js';
import { scanRoutes } from './scans/routes.js';

export { resetRouteData } from './data.js';
export { finishRun, publishEdition, seedEditionTickets } from './briefings/editions.js';
export type { PublishOptions, PublishedRun } from './briefings/editions.js';

/** Every route module's routes (reads, briefings, scans, tools and their controls), mounted by the sandbox server. */
export function allRoutes(state: SandboxState): Route[] {
  return [
    ...projectRoutes(state),
    ...dimensionRoutes(state),
    ...changelogRoutes(state),
    ...aiVisibilityRoutes(state),
    ...aiSourcesRoutes(state),
    ...alertScheduleRoutes(state),
    ...briefingReadRoutes(state),
    ...briefingControlRoutes(state),
    ...scanRoutes(state),
    ...fetchUrlRoutes(state),
  ];
}
