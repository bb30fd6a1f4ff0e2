import type { SubcommandSpec } from '../../../slack/commands/spec.js';
import { context, escapeMrkdwn, header, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export function helpView(commands: readonly SubcommandSpec[]): { text: string; blocks: Block[] } {
  const lines = commands.map((c) => `\`${COMMAND} ${escapeMrkdwn(c.usage)}\`\n${escapeMrkdwn(c.summary)} e.g. \`${escapeMrkdwn(c.example)}\``);
  // Several commands per section keeps help far below the 50-block limit however many there are.
  const blocks: Block[] = [header('Radar: competitive intelligence in Slack')];
  for (let i = 0; i < lines.length; i += 6) blocks.push(section(lines.slice(i, i + 6).join('\n\n')));
  blocks.push(
    context(
      `Commands that read a project use this channel's binding, or \`--project &lt;id or name&gt;\`. Add \`--share\` to post an answer to the channel. Message shortcuts: *Create Radar ticket* and *Add to Radar ticket*.`,
    ),
  );
  return { text: 'Radar help', blocks };
}
