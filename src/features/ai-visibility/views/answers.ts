/**
 * Raw answers (`includeAnswers=true`), grouped by prompt: each model's named brands in rank order with
 * the stated reasoning. The prose is the model's wording, not an assessment by the service (spec 2.5).
 * Unanswered queries assert nothing and are counted apart; no-answer-shown queries are in no count.
 */
import type { AiAnswer, AiAnswersFacts, AiNamedBrand, AiQueryRef } from '../../../service/index.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';
import { escapeMrkdwn, truncateWords } from '../../../slack/blocks/index.js';
import { partValue } from '../format.js';

export const MODEL_WORDING_CAVEAT = '_What follows is each model’s own wording, quoted as the service recorded it: it is not an assessment by the monitoring service, nor by Radar._';

const modelOf = (x: { model: AiAnswer['model'] }) => (x.model.kind === 'value' ? escapeMrkdwn(x.model.value) : '_model not reported_');

/** Prompt groups in prompt order; answers without a readable prompt index go last. */
export interface PromptGroup {
  index: number | null;
  prompt: string | null;
  answers: AiAnswer[];
}

export function groupByPrompt(answers: readonly AiAnswer[]): PromptGroup[] {
  const groups = new Map<number | null, PromptGroup>();
  for (const a of answers) {
    const index = partValue(a.promptIndex) ?? null;
    const group = groups.get(index) ?? { index, prompt: null, answers: [] };
    group.prompt ??= partValue(a.prompt) ?? null;
    group.answers.push(a);
    groups.set(index, group);
  }
  return [...groups.values()].sort((x, y) => (x.index ?? Number.MAX_SAFE_INTEGER) - (y.index ?? Number.MAX_SAFE_INTEGER));
}

export function promptTitle(group: Pick<PromptGroup, 'index' | 'prompt'>): string {
  const number = group.index === null ? 'Prompt (number not reported)' : `Prompt ${group.index + 1}`;
  return `*${number}:* ${group.prompt ? `“${escapeMrkdwn(group.prompt)}”` : '_prompt text not reported_'}`;
}

function namedBrand(b: AiNamedBrand | null, highlight: string | null, withReasoning: boolean): string {
  if (b === null) return "    _a named brand Radar couldn't read_";
  const rank = b.rank.kind === 'value' ? `${escapeMrkdwn(String(b.rank.value))}.` : '?.';
  const name = partValue(b.name);
  const domain = partValue(b.domain);
  const label = `${escapeMrkdwn(name ?? domain ?? 'unnamed brand')}${domain && name ? ` (${escapeMrkdwn(domain)})` : ''}`;
  const mine = highlight !== null && domain?.toLowerCase() === highlight;
  const reasoning = withReasoning ? (b.reasoning.kind === 'value' ? (b.reasoning.value ? ` — “${escapeMrkdwn(truncateWords(b.reasoning.value, 400))}”` : '') : b.reasoning.kind === 'unreadable' ? ` — ${UNREADABLE_VALUE}` : '') : '';
  return `    ${rank} ${mine ? `*${label}*` : label}${reasoning}`;
}

/** One answer as lines: the model, then its named brands in rank order (as sent). */
export function answerLines(a: AiAnswer, options: { highlight: string | null; withReasoning: boolean; brandFilter: string | null }): string[] {
  if (a.brands.kind !== 'value') return [`• *${modelOf(a)}*: ${UNREADABLE_VALUE}`];
  const brands = a.brands.value;
  // Fields of the answer Radar does not know (an AI overview's text, its cited pages), after the named ones.
  const extras = a.extras.map((e) => `    _${escapeMrkdwn(e.label)}:_ ${escapeMrkdwn(truncateWords(e.text, 400))}`);
  if (a.moreExtras > 0) extras.push(`    _and ${a.moreExtras} more field${a.moreExtras === 1 ? '' : 's'} the service sent_`);
  if (brands.length === 0) {
    return [`• *${modelOf(a)}*: ${options.brandFilter ? `did not name ${escapeMrkdwn(options.brandFilter)}` : 'named no brand'}`, ...extras];
  }
  return [`• *${modelOf(a)}* named, in rank order:`, ...brands.map((b) => namedBrand(b, options.highlight, options.withReasoning)), ...extras];
}

/** Queries listed by model and prompt number. */
export function queryRefsText(refs: readonly AiQueryRef[]): string {
  return refs.map((r) => `${modelOf(r)} on prompt ${r.promptIndex.kind === 'value' ? r.promptIndex.value + 1 : '?'}`).join(', ');
}

/**
 * The count lines: unanswered queries counted apart (they assert nothing about anyone); queries
 * read with nothing to show named but never counted.
 */
export function queryStateLines(facts: AiAnswersFacts): string[] {
  const lines: string[] = [];
  if (facts.unanswered.kind === 'value' && facts.unanswered.value.length > 0) {
    const n = facts.unanswered.value.length;
    lines.push(`_${n} ${n === 1 ? 'query' : 'queries'} came back without a usable answer (${queryRefsText(facts.unanswered.value)}): ${n === 1 ? 'it asserts' : 'they assert'} nothing about any brand and ${n === 1 ? 'is' : 'are'} not among the answers counted._`);
  } else if (facts.unanswered.kind === 'unreadable') {
    lines.push(`_Unanswered queries: ${UNREADABLE_VALUE}_`);
  }
  if (facts.noAnswerShown.kind === 'value' && facts.noAnswerShown.value.length > 0) {
    lines.push(`_Read with nothing to show (e.g. no AI overview), left out of every count: ${queryRefsText(facts.noAnswerShown.value)}._`);
  }
  return lines;
}
