/**
 * `/radar ai answers <brand domain>`: what the models said about one brand, prompt by prompt, posted
 * as several messages when one cannot hold it (each within Block Kit's limits), the first headed by
 * the caveat that the prose is the model's wording.
 */
import type { AiAnswer, AiAnswersFacts } from '../../../service/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { abandonedLine } from './overview-view.js';
import { answerLines, groupByPrompt, MODEL_WORDING_CAVEAT, promptTitle, queryStateLines } from './answers.js';
import { percent, RATES_NOTE } from '../format.js';
import type { AiVisibilityFacts } from '../../../service/index.js';

/** Messages Radar posts for one answers command at most (a response_url takes five). */
export const MAX_ANSWER_MESSAGES = 5;
/** Blocks per message, leaving room for the Share button. */
const BLOCKS_PER_MESSAGE = 45;

export interface AnswersQuery {
  brand: string;
  model: string | null;
  /** One-based, as typed. */
  prompt: number | null;
}

export interface Message {
  text: string;
  blocks: Block[];
}

function filterText(q: AnswersQuery): string {
  const parts = [q.model ? `model ${escapeMrkdwn(q.model)}` : null, q.prompt ? `prompt ${q.prompt}` : null].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')} only)` : '';
}

/** "There is no prompt 9: this project has 4 prompts" when the read says how many there are; null otherwise. */
export function noSuchPrompt(prompt: number | null, count: AiVisibilityFacts['promptCount'] | undefined): string | null {
  if (prompt === null || count === undefined || count.kind !== 'value' || prompt <= count.value) return null;
  const n = count.value;
  return n === 0 ? `There is no prompt ${prompt}: this check has no prompts.` : `There is no prompt ${prompt}: this project has ${plural(n, 'prompt')} (\`--prompt 1\`${n > 1 ? ` to \`--prompt ${n}\`` : ''}).`;
}

export function answersMessages(projectName: string, q: AnswersQuery, facts: AiAnswersFacts, check: Pick<AiVisibilityFacts, 'latestCheck' | 'checkedAt'> & Partial<Pick<AiVisibilityFacts, 'promptCount'>>): Message[] {
  const missing = noSuchPrompt(q.prompt, check.promptCount);
  if (missing) return [{ text: missing, blocks: [section(missing)] }];
  const domain = q.brand.toLowerCase();
  const head: Block[] = [header(`${projectName}: what AI models said about ${q.brand}`), section(MODEL_WORDING_CAVEAT)];
  const abandoned = abandonedLine(check);
  if (abandoned) head.push(section(abandoned));
  const body: Block[] = [];
  if (facts.answers.kind !== 'value') {
    head.push(section(unreadableText('Answers')));
  } else {
    const answers = facts.answers.value.filter((a): a is AiAnswer => a !== null);
    const unreadable = facts.answers.value.length - answers.length;
    const naming = answers.filter((a) => a.brands.kind === 'value' && a.brands.value.some((b) => b?.domain.kind === 'value' && b.domain.value.toLowerCase() === domain)).length;
    const counted = answers.length;
    const rate = counted > 0 ? ` (${percent(naming / counted)})` : '';
    head.push(
      section(
        counted === 0
          ? `No answers came back${filterText(q)}, so nothing can be said about *${escapeMrkdwn(q.brand)}* from them.${q.prompt !== null && check.promptCount?.kind !== 'value' ? ` The service did not say how many prompts the project has; there may be no prompt ${q.prompt}.` : ''}`
          : `*${escapeMrkdwn(q.brand)}* was named in ${naming} of ${plural(counted, 'answer')} counted${filterText(q)}${rate}. A filter narrows only the answers shown: no figure of the check's summary changes with it.`,
      ),
    );
    const states = queryStateLines(facts);
    if (unreadable > 0) states.push(`_${plural(unreadable, 'answer')} Radar couldn't read._`);
    if (states.length) head.push(context(...states));
    for (const group of groupByPrompt(answers)) {
      const lines = [promptTitle(group), ...group.answers.flatMap((a) => answerLines(a, { highlight: domain, withReasoning: true, brandFilter: q.brand }))];
      for (const chunk of chunkLines(lines)) body.push(section(chunk));
    }
  }
  head.push(context(RATES_NOTE));
  return split(projectName, q, head, body);
}

function split(projectName: string, q: AnswersQuery, head: Block[], body: Block[]): Message[] {
  const text = `${escapeMrkdwn(projectName)}: what AI models said about ${escapeMrkdwn(q.brand)}`;
  const messages: Block[][] = [[...head]];
  for (const block of body) {
    const current = messages[messages.length - 1] as Block[];
    if (current.length >= BLOCKS_PER_MESSAGE) messages.push([block]);
    else current.push(block);
  }
  const kept = messages.slice(0, MAX_ANSWER_MESSAGES);
  if (messages.length > MAX_ANSWER_MESSAGES) {
    const last = kept[kept.length - 1] as Block[];
    last.push(context(`_More answers than Radar posts at once: narrow with \`--prompt N\` or \`--model <id>\`._`));
  }
  return kept.map((blocks, i) =>
    i === 0 ? { text, blocks } : { text: `${text} (continued)`, blocks: [context(`_Continued (${i + 1} of ${kept.length}): the models’ own wording, not an assessment by the service._`), ...blocks] },
  );
}
