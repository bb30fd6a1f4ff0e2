/**
 * `/radar tech`: per competitor (own first) security headers with grade and score, trust signals of
 * the fixed 26, tech stack, robots.txt, AI access by crawler and DNS, under the null contract
 * (spec 2.2, 2.5). Each crawler's facts are stated once, above the rows.
 */
import type { CrawlerFacts, TechTrustFacts, TechTrustRow } from '../../../service/index.js';
import { keyStem, unreadableText } from '../../../service/tolerant.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { aiAccessText, factsText, partText, robotsText, securityText, techRowName, trustText } from '../../competitor-match/tech-words.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { TECH_SECURITY_CHART, TECH_TRUST_CHART, techCharts } from './tech-chart.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, humanise, section, type Block } from '../../../slack/blocks/index.js';
import { plainCell, tableBlock, type TableColumn } from '../../../slack/blocks/table.js';

export { aiAccessText, NOT_MEASURED, NOT_REPORTED, robotsText, securityText, techRowName, trustText } from '../../competitor-match/tech-words.js';

function rowLines(row: TechTrustRow | null, crawlerName: (id: string | null) => string, full: boolean): string[] {
  if (row === null) return [unreadableText('A competitor row')];
  const name = escapeMrkdwn(techRowName(row));
  const stack = partText(row.techStack, (list) => (list.length ? list.map(escapeMrkdwn).join(', ') : 'none detected'));
  const dns = partText(row.dns, (facts) => (facts.length ? factsText(facts) : 'nothing reported'));
  return [
    `*${name}*${row.isOwn ? ' _(you)_' : ''}`,
    `*Security headers:* ${securityText(row)}`,
    `*Trust signals:* ${trustText(row)}`,
    `*Tech stack:* ${stack}`,
    `*robots.txt:* ${robotsText(row.robots)}`,
    `*AI access:* ${aiAccessText(row.aiAccess, crawlerName, full)}`,
    `*DNS:* ${dns}`,
    ...extraLines(row.extras, row.moreExtras),
  ];
}

/** The sites' facts as table columns, in the order the lines say them. */
const SITE_COLUMNS: TableColumn[] = [
  { title: 'Site', wrap: true },
  { title: 'Security headers', wrap: true },
  { title: 'Trust signals', wrap: true },
  { title: 'Tech stack', wrap: true },
  { title: 'robots.txt', wrap: true },
  { title: 'AI access', wrap: true },
  { title: 'DNS', wrap: true },
];

/** One site as table cells (plain text: Radar's italics dropped, the cell escapes again); an unreadable row says so in its first cell. */
function rowCells(row: TechTrustRow | null, crawlerName: (id: string | null) => string, full: boolean): string[] {
  if (row === null) return [plainCell(unreadableText('A competitor row')), ...SITE_COLUMNS.slice(1).map(() => '–')];
  const [, ...lines] = rowLines(row, crawlerName, full);
  const value = (line: string | undefined) => plainCell((line ?? '').replace(/^\*[^*]+:\* /, ''));
  return [`${plainCell(techRowName(row))}${row.isOwn ? ' (you)' : ''}`, ...lines.slice(0, SITE_COLUMNS.length - 1).map(value)];
}

/**
 * Every site in one table (a row each, its seven facts as columns), then the fields Radar does not
 * know of each site that has some, as lines; null when the sites do not fit one table (lines then).
 */
function sitesTableBlocks(rows: (TechTrustRow | null)[], crawlerName: (id: string | null) => string, full: boolean): Block[] | null {
  const table = tableBlock({ blockId: TECH_SITES_TABLE, columns: SITE_COLUMNS, rows: rows.map((row) => rowCells(row, crawlerName, full)) });
  if (table === null) return null;
  const extras = rows.flatMap((row) => {
    if (row === null) return [];
    const lines = extraLines(row.extras, row.moreExtras);
    return lines.length > 0 ? chunkLines([`*${escapeMrkdwn(techRowName(row))}*${row.isOwn ? ' _(you)_' : ''}`, ...lines]).map((chunk) => section(chunk)) : [];
  });
  return [table as Block, ...extras];
}

export const TECH_SITES_TABLE = 'tech-sites';

/** Each crawler once: the catalog (compact), else the facts full rows carry inline. */
function crawlersOf(facts: TechTrustFacts, rows: (TechTrustRow | null)[]): CrawlerFacts[] {
  if (facts.catalog.length > 0) return facts.catalog;
  const seen = new Map<string, CrawlerFacts>();
  for (const row of rows) {
    if (row?.aiAccess.kind !== 'read') continue;
    for (const c of row.aiAccess.crawlers ?? []) if (c.id !== null && !seen.has(c.id) && c.facts.length > 0) seen.set(c.id, { id: c.id, facts: c.facts });
  }
  return [...seen.values()];
}

export interface TechViewOptions {
  full: boolean;
  /** The competitor asked for, when one was. */
  only?: string;
}

export function techView(projectName: string, facts: TechTrustFacts, rows: (TechTrustRow | null)[] | null, options: TechViewOptions): { text: string; blocks: Block[]; charts: MessageChart[] } {
  const blocks: Block[] = [header(`${projectName}: tech and trust${options.full ? ' (full)' : ''}`)];
  const charts: MessageChart[] = [];
  const crawlers = rows === null ? facts.catalog : crawlersOf(facts, rows);
  const byId = new Map(crawlers.map((c) => [c.id, c]));
  const crawlerName = (id: string | null) => {
    if (id === null) return 'an unnamed crawler';
    const agent = byId.get(id)?.facts.find(([k]) => keyStem(k) === 'useragent')?.[1];
    return escapeMrkdwn(typeof agent === 'string' ? agent : id);
  };
  if (crawlers.length > 0) {
    const lines = crawlers.map((c) => `• *${crawlerName(c.id)}*: ${factsText(c.facts.filter(([k]) => keyStem(k) !== 'useragent'))}`);
    for (const chunk of chunkLines([`*AI crawlers* (${crawlers.length})`, ...lines])) blocks.push(section(chunk));
  }
  if (rows === null) {
    blocks.push(section(unreadableText('Competitors')));
  } else if (rows.length === 0) {
    blocks.push(section('_The dashboard lists no competitors._'));
  } else {
    // The charts' figures are the sites' scores and counts in the table (or lines) below.
    const { security, trust } = techCharts(rows);
    for (const part of [chartPart(security, TECH_SECURITY_CHART, { figures: false }), chartPart(trust, TECH_TRUST_CHART, { figures: false })]) {
      blocks.push(...part.blocks);
      charts.push(...part.charts);
    }
    // The sites as one table, compared column by column; one site, or more than one table holds (100 rows), as lines.
    const table = rows.length > 1 ? sitesTableBlocks(rows, crawlerName, options.full) : null;
    if (table) blocks.push(...table);
    else for (const row of rows) for (const chunk of chunkLines(rowLines(row, crawlerName, options.full))) blocks.push(section(chunk));
  }
  const notes: string[] = [];
  for (const page of facts.pages) {
    if (page.shown !== null && page.total > page.shown) notes.push(`${escapeMrkdwn(humanise(page.key))}: ${page.shown} of ${page.total} shown; \`--full\` shows every row.`);
  }
  if (!options.full) notes.push('Compact view: AI access lists the crawlers each site blocks; `--full` lists every crawler’s verdict.');
  notes.push('_Not measured_ is never a zero or a “no”; “unknown” AI access means robots.txt could not be read, never blocked or allowed.');
  const fitted = fitBlocks(blocks, 49, 'more competitors than one message can hold');
  fitted.push(context(...notes));
  return { text: `${escapeMrkdwn(projectName)}: tech and trust`, blocks: fitted, charts };
}
