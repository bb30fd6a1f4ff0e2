import type { Route, SandboxState } from '../types.js';

/** Every route module's routes, mounted by the sandbox server. Route modules add themselves here. */
export function allRoutes(_state: SandboxState): Route[] {
  return [];
}
