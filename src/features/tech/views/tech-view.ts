/**
 * `/radar tech`: per competitor (own first) security headers with grade and score, trust signals of
 * the fixed 26, tech stack, robots.txt, AI access by crawler and DNS, under the null contract
 * (spec 2.2, 2.5). Each crawler's facts are stated once, above the rows.
 */
import { labelOf, type AiAccessState, type CrawlerFacts, type RobotsState, type TechTrustFacts, type TechTrustRow } from '../../../service/index.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { keyStem, UNREADABLE_VALUE, unreadableText, type Part } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, humanise, section, type Block } from '../../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_REPORTED = '_not reported_';

/** A snake_case word of an unstated enum (`model_training`) reads as words; names, hosts and numbers as sent. */
const ENUM_WORD = /^[a-z]+(?:_[a-z]+)+$/;
const shown = (v: unknown) => escapeMrkdwn(typeof v === 'string' && ENUM_WORD.test(v) ? v.replaceAll('_', ' ') : String(v));

/** A primitive shown as sent (enum words spaced); null "not measured". */
function valueText(value: unknown): string {
  if (value === null) return NOT_MEASURED;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return shown(value);
}

const factsText = (facts: [string, unknown][]) => facts.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`).join(' · ');

function partText<T>(part: Part<T>, render: (value: NonNullable<T>) => string): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return part.value === null || part.value === undefined ? NOT_MEASURED : render(part.value as NonNullable<T>);
}

const reasonSuffix = (reason: string | null) => (reason ? ` (${escapeMrkdwn(humanise(reason))})` : '');

/** What a row is called (plain): its domain, else its name, else its id; "unnamed competitor" only when it names none. */
export function techRowName(row: TechTrustRow): string {
  return labelOf(row.identity) ?? 'unnamed competitor';
}

export function securityText(row: TechTrustRow): string {
  const gradeNull = row.securityGrade.kind === 'value' && row.securityGrade.value === null;
  const scoreNull = row.securityScore.kind === 'value' && row.securityScore.value === null;
  if (row.headersShielded && (gradeNull || scoreNull)) {
    return `${NOT_MEASURED}: the site shields its response headers${reasonSuffix(row.headersShielded.reason)}; the HTML-derived counts are real`;
  }
  const grade = `grade ${partText(row.securityGrade, (g) => escapeMrkdwn(g))}`;
  const score = `score ${partText(row.securityScore, (s) => escapeMrkdwn(String(s)))}`;
  return `${grade} · ${score}`;
}

export function trustText(row: TechTrustRow): string {
  return partText(row.trustSignalsFound, (n) => (n === 0 ? `none of the ${row.trustSignalsOf} found` : `${escapeMrkdwn(String(n))} of ${row.trustSignalsOf} found`));
}

export function robotsText(robots: RobotsState): string {
  switch (robots.kind) {
    case 'none':
      return 'publishes no robots.txt';
    case 'published':
      return `published${robots.facts.length ? ` (${factsText(robots.facts)})` : ''}`;
    case 'not_measured':
      return `${NOT_MEASURED}: couldn't be read${reasonSuffix(robots.why.reason)}`;
    case 'omitted':
      return NOT_REPORTED;
    case 'unreadable':
      return UNREADABLE_VALUE;
  }
}

/** A verdict: true allowed, false blocked, a string humanised, null not measured, omitted unknown. */
function verdictText(part: Part<boolean | string | null>): string {
  if (part.kind === 'omitted') return 'unknown';
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  if (part.value === null) return NOT_MEASURED;
  if (typeof part.value === 'boolean') return part.value ? 'allowed' : 'blocked';
  return escapeMrkdwn(humanise(part.value));
}

const isBlocked = (part: Part<boolean | string | null>) => part.kind === 'value' && (part.value === false || (typeof part.value === 'string' && /block|disallow|deny/i.test(part.value)));

export function aiAccessText(access: AiAccessState, crawlerName: (id: string | null) => string, full: boolean): string {
  if (access.kind === 'absent') return '_this check carried no AI-access information_';
  if (access.kind === 'unreadable') return UNREADABLE_VALUE;
  const status = access.status.kind === 'value' ? access.status.value : null;
  if (status === 'could_not_measure') return 'could not be measured (no verdicts): assistants unknown · model training unknown';
  const lead =
    status === 'measured_no_policy_found'
      ? 'no robots.txt, so every crawler is allowed'
      : status === 'measured'
        ? 'measured'
        : status === null
          ? `measurement ${UNREADABLE_VALUE}`
          : `measurement ${escapeMrkdwn(humanise(status))}`;
  const parts = [lead, `assistants ${verdictText(access.assistantAccess)}`, `model training ${verdictText(access.modelTrainingAccess)}`];
  const crawlers = access.crawlers;
  if (crawlers !== null && crawlers.length > 0) {
    if (full) {
      parts.push(`crawlers: ${crawlers.map((c) => `${crawlerName(c.id)} ${verdictText(c.verdict)}`).join(', ')}`);
    } else {
      const blocked = crawlers.filter((c) => isBlocked(c.verdict));
      parts.push(blocked.length ? `blocks ${blocked.map((c) => crawlerName(c.id)).join(', ')}` : 'blocks no listed crawler');
    }
  }
  return parts.join(' · ');
}

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

export function techView(projectName: string, facts: TechTrustFacts, rows: (TechTrustRow | null)[] | null, options: TechViewOptions): { text: string; blocks: Block[] } {
  const blocks: Block[] = [header(`${projectName}: tech and trust${options.full ? ' (full)' : ''}`)];
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
    for (const row of rows) for (const chunk of chunkLines(rowLines(row, crawlerName, options.full))) blocks.push(section(chunk));
  }
  const notes: string[] = [];
  for (const page of facts.pages) {
    if (page.shown !== null && page.total > page.shown) notes.push(`${escapeMrkdwn(humanise(page.key))}: ${page.shown} of ${page.total} shown; \`--full\` shows every row.`);
  }
  if (!options.full) notes.push('Compact view: AI access lists the crawlers each site blocks; `--full` lists every crawler’s verdict.');
  notes.push('_Not measured_ is never a zero or a “no”; “unknown” AI access means robots.txt could not be read, never blocked or allowed.');
  const fitted = fitBlocks(blocks, 49, 'more competitors than one message can hold');
  fitted.push(context(...notes));
  return { text: `${escapeMrkdwn(projectName)}: tech and trust`, blocks: fitted };
}
