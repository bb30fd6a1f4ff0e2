/** The Monitoring Service sandbox: a faithful service on loopback for tests, demos and the default backend. */
export { startSandbox, mountRoutes } from './server.js';
export type { Sandbox, SandboxOptions } from './server.js';
export { SANDBOX_STYLES } from './style/index.js';
export type { SandboxStyle } from './style/index.js';
export { SANDBOX_KEYS, SANDBOX_ORGS, API_KEYS } from './keys.js';
export type { SandboxKeys, ApiKeyRecord } from './keys.js';
export type { SandboxControl } from './control/control.js';
export type { Fault, FaultSpec, FaultKind } from './control/faults.js';
export type { RequestLogEntry } from './control/request-log.js';
export { TICKET_SEED } from './tickets/seed.js';
export { SandboxHttpError } from './types.js';
export type { Route, RouteContext, RouteResult, SandboxState, SandboxOrg, BoardApi, BriefingTicketInput } from './types.js';
