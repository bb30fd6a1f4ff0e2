/**
 * A chart's figures as text, always shown beside the chart for everyone who cannot see it (a
 * screen reader, a notification, a client without charts, the console): every number exact, a
 * value not measured said as such, the own brand marked.
 */
import { chunkLines, escapeMrkdwn, section, type Block } from '../blocks/index.js';
import { categoriesOf, checkChart, displayName, figure, valueAt } from './spec.js';
import type { ChartFacts } from './spec.js';

/** One line per category (x-axis label or slice), the series' figures on it; plain text. */
function rows(facts: ChartFacts, escape: (s: string) => string, note?: string): string[] {
  const after = note ? ` (${escape(note)})` : '';
  const unit = facts.unit ?? '';
  if (facts.series.length === 1) {
    const only = facts.series[0];
    if (!only) return [];
    return only.points.map((p) => `${escape(p.label)}${after}: ${figure(p.value, unit)}`);
  }
  return categoriesOf(facts).map((category) => {
    const cells = facts.series.map((s) => {
      const value = valueAt(s, category);
      return `${escape(displayName(s))} ${value === undefined ? 'no figure' : figure(value, unit)}`;
    });
    return `${escape(category)}${after}: ${cells.join(' · ')}`;
  });
}

/**
 * The figures as mrkdwn: the title in bold, then one bullet line per category. `note` is said after
 * each category ("2026-11-20 (share of answers counted): …") where a reading rule wants every line to say it.
 */
export function chartFiguresMrkdwn(facts: ChartFacts, options: FigureOptions = {}): string {
  checkChart(facts);
  const own = facts.series.length === 1 && facts.series[0]?.own ? ` (${escapeMrkdwn(facts.series[0].name)}, you)` : '';
  return [`*${escapeMrkdwn(facts.title)}*${own}`, ...rows(facts, escapeMrkdwn, options.note).map((line) => `• ${line}`)].join('\n');
}

export interface FigureOptions {
  note?: string;
}

/** The figures as section blocks (split at Slack's 3,000 characters a section). */
export function chartFiguresBlocks(facts: ChartFacts, options: FigureOptions = {}): Block[] {
  checkChart(facts);
  const [head, ...lines] = chartFiguresMrkdwn(facts, options).split('\n');
  return chunkLines(lines).map((chunk, i) => section(i === 0 ? `${head ?? ''}\n${chunk}` : chunk));
}

/** The figures as plain text for an image's alt text and the console: "Title. A: 1; B: 2". */
export function chartAltText(facts: ChartFacts): string {
  checkChart(facts);
  const text = `${facts.title}. ${rows(facts, (s) => s).join('; ')}`;
  return text.length <= 2000 ? text : `${text.slice(0, 1999)}…`;
}
