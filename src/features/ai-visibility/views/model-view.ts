/**
 * `/radar ai --model <id>`: one model's answers (`includeAnswers=true&provider=<id>`, with the summary):
 * the customer's row for that model from the summary, then, prompt by prompt, the brands that model
 * named in rank order. The summary is stored over the whole check; the filter narrows only the answers.
 */
import type { AiAnswer, AiAnswersFacts, AiVisibilityFacts } from '../../../service/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, section, type Block } from '../../../slack/blocks/index.js';
import { countText, dateText, partValue, RATES_NOTE, rateText, SCORE_NOTE, scoreText } from '../format.js';
import { answerLines, groupByPrompt, promptTitle, queryStateLines } from './answers.js';
import { abandonedLine } from './overview-view.js';

export function modelView(projectName: string, model: string, facts: AiVisibilityFacts, answers: AiAnswersFacts): { text: string; blocks: Block[]; empty: boolean } {
  const shown = escapeMrkdwn(model);
  const blocks: Block[] = [header(`${projectName}: AI visibility in ${model}`)];
  const abandoned = abandonedLine(facts);
  if (abandoned) blocks.push(section(abandoned));
  const models = partValue(facts.models);
  blocks.push(section(`*Check of ${dateText(facts.checkedAt)}*${models ? ` · its models: ${models.map(escapeMrkdwn).join(', ')}` : ''}`));

  const customer = partValue(facts.customer);
  const perModel = customer ? partValue(customer.perModel) : undefined;
  const row = perModel?.find((m) => m.model.toLowerCase() === model.toLowerCase());
  if (row) {
    blocks.push(section(`*You in ${shown}'s answers* (from the check's summary)\n*Mention rate:* ${rateText(row.mentionRate)} · *Score:* ${scoreText(row.score, row.mentionRate)} · ${countText(row.answersCounted)} answers counted`));
  } else if (customer) {
    blocks.push(section(`_The check's summary has no per-model figures for ${shown}._`));
  }
  blocks.push(context(`_The summary is stored over the whole check and every model: the model filter narrows only the answers below, never a summary figure._`));

  let empty = false;
  if (answers.answers.kind !== 'value') {
    blocks.push(section(unreadableText('Answers')));
  } else {
    const list = answers.answers.value.filter((a): a is AiAnswer => a !== null);
    const ownDomain = customer && customer.domain.kind === 'value' ? customer.domain.value.toLowerCase() : null;
    const states = queryStateLines(answers);
    if (list.length === 0 && states.length === 0) {
      empty = true;
      blocks.push(section(`No answers from *${shown}* in this check${models ? ` (its models: ${models.map(escapeMrkdwn).join(', ')})` : ''}.`));
    }
    for (const group of groupByPrompt(list)) {
      const lines = [promptTitle(group), ...group.answers.flatMap((a) => answerLines(a, { highlight: ownDomain, withReasoning: false, brandFilter: null }))];
      for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
    }
    if (states.length) blocks.push(context(...states));
  }
  blocks.push(context(RATES_NOTE, SCORE_NOTE));
  return { text: `${escapeMrkdwn(projectName)}: AI visibility in ${shown}`, blocks: fitBlocks(blocks, 48, 'more prompts'), empty };
}
