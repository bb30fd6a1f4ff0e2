/**
 * `/radar project`: the bound project's detail read. The spec names the list fields (2.3) and says the
 * detail adds per-dimension monitoring freshness and the AI monitoring prompts without naming them, so
 * both are looked for by the project reader (`projectFacts`, `readProjectDetail`: a key mentioning "fresh" or
 * "dimension", a list under a key mentioning "prompt", up to two levels down); the view renders its
 * facts: what is not found says so in one line, and every other field is passed through, humanised
 * and escaped.
 */
import type { FreshnessEntry, FreshnessValue, PROJECT_LISTED, ProjectDetailFacts, PromptFact } from '../../../service/read/project.js';
import { isRecord } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fields, header, humanise, plural, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { dimensionName } from '../../editions/hub.js';
import { capitalise, entryLine, passthroughLines, scalarText } from './passthrough.js';

const ISO = /^\d{4}-\d{2}-\d{2}T/;

function timeText(value: FreshnessValue, now: Date): string {
  if (value.kind === 'entry') return entryLine(value.value, now);
  const v = value.value;
  if (v === null) return '_not monitored yet_';
  if (typeof v === 'string') return ISO.test(v) ? relativeAndAbsolute(v, now) : scalarText(v, now);
  return scalarText(v, now);
}

function freshnessLines(entries: readonly FreshnessEntry[], now: Date): string[] {
  return entries.map((e) => `• *${e.dimension === null ? 'a dimension' : escapeMrkdwn(dimensionName(e.dimension))}:* ${timeText(e.value, now)}`);
}

function promptText(prompt: PromptFact, now: Date): string {
  if (prompt.kind === 'text') return escapeMrkdwn(prompt.text);
  return isRecord(prompt.value) ? entryLine(prompt.value, now) : scalarText(prompt.value, now);
}

export function projectView(projectName: string, facts: ProjectDetailFacts, now: Date): { text: string; blocks: Block[] } {
  const shown = (key: (typeof PROJECT_LISTED)[number], render: (v: unknown) => string) => {
    const part = facts.named[key];
    return part.kind === 'value' ? render(part.value) : '_not in the answer_';
  };
  const blocks: Block[] = [header(`${projectName}: project`)];
  blocks.push(
    ...fields([
      `*Domain*\n${shown('domain', (v) => scalarText(v, now, 'domain'))}`,
      `*Status*\n${shown('status', (v) => (typeof v === 'string' ? escapeMrkdwn(capitalise(humanise(v))) : scalarText(v, now)))}`,
      `*Competitors*\n${shown('competitorCount', (v) => (typeof v === 'number' ? plural(v, 'competitor') : scalarText(v, now)))}`,
      `*Last monitored*\n${shown('lastMonitoredAt', (v) => (v === null ? '_never_ (no completed monitoring yet)' : scalarText(v, now)))}`,
      `*Created*\n${shown('createdAt', (v) => scalarText(v, now))}`,
      // In a code span: the id is what `--project` takes.
      `*Project id*\n${shown('id', (v) => (typeof v === 'string' && v !== '' ? `\`${escapeMrkdwn(v)}\`` : scalarText(v, now, 'id')))}`,
    ]),
  );

  if (facts.freshness) {
    const [first, ...rest] = chunkLines(freshnessLines(facts.freshness, now));
    blocks.push(section(`*Monitoring freshness, per dimension*\n${first ?? '_none listed_'}`), ...rest.slice(0, 5).map((t) => section(t)));
  } else {
    blocks.push(section("*Monitoring freshness, per dimension:* _Radar couldn't find it in the service's answer._"));
  }

  if (facts.prompts) {
    const { shown: prompts, total } = facts.prompts;
    const lines = prompts.map((p, i) => `${i + 1}. ${promptText(p, now)}`);
    if (total > prompts.length) lines.push(`_…and ${total - prompts.length} more_`);
    const [first, ...rest] = chunkLines(lines.length > 0 ? lines : ['_none_']);
    blocks.push(section(`*AI monitoring prompts* (${plural(total, 'prompt')})\n${first ?? ''}`), ...rest.slice(0, 5).map((t) => section(t)));
  } else {
    blocks.push(section("*AI monitoring prompts:* _Radar couldn't find them in the service's answer._"));
  }

  if (Object.keys(facts.others).length > 0) {
    const [first, ...rest] = chunkLines(passthroughLines(facts.others, now));
    blocks.push(section(`*Other details the service sent*\n${first ?? ''}`), ...rest.slice(0, 10).map((t) => section(t)));
  }
  blocks.push(context('The spec does not name the detail fields: Radar shows what it finds, as the service sent it.'));
  return { text: `${escapeMrkdwn(projectName)}: project detail`, blocks: blocks.slice(0, 50) };
}

