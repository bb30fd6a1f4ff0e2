/**
 * The report message: a header, the span it covers, then one block group per section that changed
 * (briefing editions and their headlines, price moves, headline and messaging changes, AI presence
 * with its trend chart and presence per engine, new content
 * and comparison pages, tech and trust changes, tickets opened and closed); a section with nothing new
 * is left out. From plain facts (facts.ts) only; within Slack's limits (50 blocks, 3,000 characters a
 * section, one chart).
 */
import { asBlock, chartFiguresBlocks, nativeChartBlock, shortLabel, type ChartFacts } from '../../../slack/charts/index.js';
import type { MessageChart } from '../../../slack/charts/post.js';
import { chunkLines, context, dateToken, escapeMrkdwn, fitBlocks, header, section, takeWithRest, type Block } from '../../../slack/blocks/index.js';
import type { ReportSection } from '../../../store/report-settings.js';
import type { AiPoint, ReportFacts } from '../facts.js';

export const REPORT_AI_CHART = 'report-ai-trend';

const SECTION_WORDS: Record<ReportSection, string> = { briefing: 'briefing editions', pricing: 'pricing', positioning: 'positioning', ai: 'AI visibility', content: 'content changes', tech: 'tech and trust', tickets: 'tickets' };

export interface ReportMessage {
  text: string;
  blocks: Block[];
  charts: MessageChart[];
}

const MAX_LINES = 15;

function linesBlocks(title: string, lines: readonly string[], more = 0): Block[] {
  const { shown, rest } = takeWithRest(lines, MAX_LINES);
  const all = [...shown, ...(rest + more > 0 ? [`_…and ${rest + more} more_`] : [])];
  return chunkLines(all).map((chunk, i) => section(i === 0 ? `*${title}*\n${chunk}` : chunk));
}

const dayLabel = (iso: string) => shortLabel(new Date(iso).toISOString().slice(5, 10));

export function aiTrendChart(points: readonly AiPoint[]): ChartFacts | null {
  if (points.length < 2) return null;
  // Two checks on one day keep both points: the label carries the time then.
  const labels = points.map((p) => dayLabel(p.at));
  const unique = labels.map((l, i) => (labels.indexOf(l) === i && labels.lastIndexOf(l) === i ? l : shortLabel(`${l} ${p2(points[i]!.at)}`)));
  return {
    title: 'Your AI visibility since the last report',
    kind: 'line',
    series: [
      { name: 'Score', own: true, points: points.map((p, i) => ({ label: unique[i]!, value: p.score })) },
      { name: 'Named in % answers', points: points.map((p, i) => ({ label: unique[i]!, value: p.mentionRate === null ? null : Math.round((p.mentionRate <= 1 ? p.mentionRate * 100 : p.mentionRate) * 10) / 10 })) },
    ],
  };
}

const p2 = (iso: string) => new Date(iso).toISOString().slice(11, 16);

export function reportMessage(input: { projectName: string; title: string; facts: ReportFacts; schedule: string | null }): ReportMessage {
  const { facts } = input;
  const blocks: Block[] = [header(`${input.title}: ${escapeMrkdwn(input.projectName)}`)];
  blocks.push(context(`What changed in *${escapeMrkdwn(input.projectName)}* from ${dateToken(facts.since)} to ${dateToken(facts.until)}${input.schedule ? ` · ${escapeMrkdwn(input.schedule)}` : ''}`));
  const charts: MessageChart[] = [];
  const told: string[] = [];

  if (facts.briefing) {
    told.push(`${facts.briefing.length} briefing edition${facts.briefing.length === 1 ? '' : 's'}`);
    blocks.push(...linesBlocks('Briefing editions', facts.briefing.map((e) => `• ${e.number === null ? 'An edition' : `Edition ${e.number}`}${e.date ? ` (${dateToken(new Date(e.date), '{date_short}', e.date.slice(0, 10))})` : ''}: ${e.headline ?? '_no headline_'}`)));
  }
  if (facts.pricing) {
    told.push('price moves');
    blocks.push(...linesBlocks(`Price moves (${facts.pricing.runs} new run${facts.pricing.runs === 1 ? '' : 's'})`, facts.pricing.lines.map((l) => `• ${l}`)));
  }
  if (facts.positioning) {
    told.push('positioning changes');
    blocks.push(...linesBlocks(`Positioning (${facts.positioning.runs} new run${facts.positioning.runs === 1 ? '' : 's'})`, facts.positioning.lines.map((l) => `• ${l}`)));
  }
  if (facts.ai) {
    told.push('AI presence');
    blocks.push(...linesBlocks(`AI presence (${facts.ai.newChecks} new check${facts.ai.newChecks === 1 ? '' : 's'})`, facts.ai.lines.map((l) => `• ${l}`)));
    const chart = aiTrendChart(facts.ai.points);
    if (chart) {
      const block = nativeChartBlock(chart, REPORT_AI_CHART);
      if (block) blocks.push(asBlock(block));
      blocks.push(...chartFiguresBlocks(chart));
      charts.push({ blockId: REPORT_AI_CHART, facts: chart });
    }
  }
  if (facts.content) {
    told.push('new pages');
    blocks.push(...linesBlocks(`New content pages${facts.content.atLeast ? ' (at least; older changes are on later pages)' : ''}`, facts.content.lines.map((l) => `• ${l}`)));
    if (facts.content.comparison.length > 0) blocks.push(...linesBlocks('New comparison pages', facts.content.comparison.map((u) => `• ${u}`)));
  }
  if (facts.tech) {
    told.push('tech and trust changes');
    blocks.push(...linesBlocks(`Tech and trust (${facts.tech.runs} new run${facts.tech.runs === 1 ? '' : 's'})`, facts.tech.lines.map((l) => `• ${l}`)));
  }
  if (facts.tickets) {
    const { opened, closed, atLeast } = facts.tickets;
    told.push('tickets');
    const line = (t: { number: number; title: string; status: string | null }) => `• #${t.number} ${t.title}${t.status ? ` _(${escapeMrkdwn(t.status.replace('_', ' '))})_` : ''}`;
    if (opened.length > 0) blocks.push(...linesBlocks(`Tickets opened: ${opened.length}${atLeast ? ' or more' : ''}`, opened.map(line)));
    if (closed.length > 0) blocks.push(...linesBlocks(`Tickets closed: ${closed.length}${atLeast ? ' or more' : ''}`, closed.map(line)));
  }
  if (told.length === 0 && facts.unread.length === 0) blocks.push(section('Nothing changed in any section this report covers.'));
  if (facts.unread.length > 0) blocks.push(context(`:warning: Radar couldn't read ${facts.unread.map((s) => SECTION_WORDS[s]).join(', ')} for this report (the service refused or did not answer in time); the rest is complete.`));
  const text = `${input.title} for ${input.projectName}: ${told.length === 0 ? 'nothing changed' : told.join(', ')}`;
  return { text, blocks: fitBlocks(blocks), charts };
}
