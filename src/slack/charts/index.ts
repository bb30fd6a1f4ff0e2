/**
 * Charts from plain facts: Slack's chart block, the PNG fallback (loaded on first use), the figures
 * as text that always stand beside a chart, and a sparkline for the console. See spec.ts.
 */
export * from './spec.js';
export { asBlock, checkChartsPerMessage, factsOfChartBlock, isChartBlock, nativeChartBlock, shortLabel, slackFileImageBlock } from './block.js';
export type { DataVisualizationBlock } from './block.js';
export { chartAltText, chartFiguresBlocks, chartFiguresMrkdwn } from './text.js';
export { chartSparklines, sparkline } from './sparkline.js';
export { renderChartPng, rendererLoaded } from './render.js';
export type { RenderedChart } from './render.js';
export { chartPart } from './part.js';
export type { ChartPart } from './part.js';
export type { MessageChart } from './post.js';
