/** The sandbox's house styles: `default` (its own choices) and `alt` (other choices where the spec is silent). */
import type { Route } from '../types.js';
import { altAnswer, altRouteKind } from './alt.js';

export const SANDBOX_STYLES = ['default', 'alt'] as const;
export type SandboxStyle = (typeof SANDBOX_STYLES)[number];

/** A route's successful JSON answer in the given style; the default style's answer is returned as it is. */
export function styledAnswer(style: SandboxStyle, route: Route, body: unknown): unknown {
  if (style === 'default') return body;
  const kind = altRouteKind(route.pattern);
  return kind === null ? body : altAnswer(kind, body);
}
