/** What `/radar sync` answers: whether ticket threads and the board are in step in this channel. */
import { escapeMrkdwn, section } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export function syncReply(projectName: string, on: boolean, changed: boolean): { text: string; blocks: ReturnType<typeof section>[] } {
  const state = on ? 'on' : 'off';
  const now = changed ? 'now' : on ? 'already' : 'off';
  const lead = now === 'off' ? `Thread sync is *off* for this channel.` : `Thread sync is ${now} *${state}* for this channel.`;
  const what = on
    ? `A reply in the thread of a watch message or ticket confirmation becomes a comment on its *${escapeMrkdwn(projectName)}* ticket (with the writer's name), and comments written on the board appear in the thread. Edits and deletes follow. \`${COMMAND} sync off\` stops it.`
    : `Replies in ticket threads stay in Slack, and board comments stay on the board. \`${COMMAND} sync on\` keeps them in step.`;
  return { text: `Thread sync is ${state}`, blocks: [section(`${lead} ${what}`)] };
}
