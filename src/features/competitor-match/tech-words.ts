/**
 * The words tech-and-trust facts are stated in (spec 2.2, 2.5), shared by `/radar tech`, the
 * competitor card's trust part and anything else that states a tech-trust row: one reading
 * (`readTechTrust`), one wording.
 */
import { labelOf, type AiAccessState, type RobotsState, type TechTrustRow } from '../../service/index.js';
import { UNREADABLE_VALUE, type Part } from '../../service/tolerant.js';
import { decimalText, escapeMrkdwn, humanise } from '../../slack/blocks/index.js';

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

/** A gap figure with its sign, plain text: "−4.7", "+1.2", "0" (a null gap is "no comparison", said by the caller). */
export function signedFigure(n: number): string {
  return `${n === 0 ? '' : n < 0 ? '−' : '+'}${decimalText(Math.abs(n))}`;
}

/** A null gap figure: no comparison ran (either side unmeasured, or no competitor; spec 2.5); never a tie. */
export const NO_COMPARISON_WORDS = 'no comparison';

export const factsText = (facts: [string, unknown][]) => facts.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`).join(' · ');

export function partText<T>(part: Part<T>, render: (value: NonNullable<T>) => string): string {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return part.value === null || part.value === undefined ? NOT_MEASURED : render(part.value as NonNullable<T>);
}

export const reasonSuffix = (reason: string | null) => (reason ? ` (${escapeMrkdwn(humanise(reason))})` : '');

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

