import { HELP_AREAS, type HelpArea, type SubcommandSpec } from '../../../slack/commands/spec.js';
import { chunkLines, context, escapeMrkdwn, header, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

/** A usage with one spacing: alternatives always read `a | b` (features write `a|b` and `a | b`). */
export function tidyUsage(usage: string): string {
  return usage.replace(/\s*\|\s*/g, ' | ').replace(/\s{2,}/g, ' ').trim();
}

const line = (c: SubcommandSpec) => `\`${COMMAND} ${escapeMrkdwn(tidyUsage(c.usage))}\`\n${escapeMrkdwn(c.summary)} e.g. \`${escapeMrkdwn(c.example)}\``;

/**
 * Every command, grouped by area in `HELP_AREAS` order (commands keep their registry order inside an
 * area). One section per area, split only where an area overruns a section's 3,000 characters, so
 * help stays far below the 50-block limit however many commands there are.
 */
export function helpView(commands: readonly SubcommandSpec[]): { text: string; blocks: Block[] } {
  const known = drawn.get(commands);
  if (known) return known;
  const view = drawHelp(commands);
  drawn.set(commands, view);
  return view;
}

/** Help depends on nothing but the registry, which is built once: each registry's help is drawn once. */
const drawn = new WeakMap<readonly SubcommandSpec[], { text: string; blocks: Block[] }>();

function drawHelp(commands: readonly SubcommandSpec[]): { text: string; blocks: Block[] } {
  const blocks: Block[] = [header('Radar: competitive intelligence in Slack')];
  for (const area of Object.keys(HELP_AREAS) as HelpArea[]) {
    const inArea = commands.filter((c) => c.area === area);
    if (inArea.length === 0) continue;
    const lines = [`*${HELP_AREAS[area]}*`, ...inArea.map(line)];
    for (const chunk of chunkLines(lines, '\n\n')) blocks.push(section(chunk));
  }
  blocks.push(
    context(
      `Commands that read a project use this channel's binding, or \`--project &lt;id or name&gt;\`. Add \`--share\` to post an answer to the channel. Message shortcuts: *Create Radar ticket* and *Add to Radar ticket*.`,
    ),
  );
  return { text: 'Radar help', blocks };
}
