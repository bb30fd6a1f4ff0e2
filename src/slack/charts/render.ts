/**
 * The PNG renderer behind a dynamic import: echarts and resvg are loaded on the first chart drawn,
 * so Radar's start-up and idle memory do not carry them.
 */
import type { ChartFacts } from './spec.js';
import type * as PngModule from './png.js';
import type { RenderedChart } from './png.js';

export type { RenderedChart } from './png.js';

let renderer: Promise<typeof PngModule> | undefined;

/** Renders the chart as a PNG (800×420 unless told). */
export async function renderChartPng(facts: ChartFacts, size: { width?: number; height?: number } = {}): Promise<RenderedChart> {
  renderer ??= import('./png.js').catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  const { chartPng } = await renderer;
  const rendered = chartPng(facts, size.width, size.height);
  // Native memory of the render is released by finalizers, which run after a macrotask turn: yield
  // one, so charts drawn in a row (a digest, the bench) do not pile their pixmaps up (see png.ts).
  await new Promise<void>((resolve) => setImmediate(resolve));
  return rendered;
}

/** Whether the renderer has been loaded in this process (for tests of the lazy load). */
export function rendererLoaded(): boolean {
  return renderer !== undefined;
}
