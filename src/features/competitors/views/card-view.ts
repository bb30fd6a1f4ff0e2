/**
 * `/radar competitor <domain or name>`: one card joining what every dimension says about one
 * competitor. Each part is shown whatever happened to the others: its lines, a state sentence
 * (no run yet), or one line saying it failed. Buttons open each dimension's full view.
 */
import { actions, context, escapeMrkdwn, header, section, type Block, type Button } from '../../../slack/blocks/index.js';
import { refLabel, type CompetitorRef } from '../competitor-ref.js';
import { extrasLine } from './extras-line.js';

export type PartOutcome = { kind: 'lines'; lines: string[] } | { kind: 'state'; sentence: string } | { kind: 'failed'; sentence: string };

export interface CardSection {
  title: string;
  outcome: PartOutcome;
}

export function cardView(projectName: string, ref: CompetitorRef, sections: readonly CardSection[], buttons: readonly Button[]): { text: string; blocks: Block[] } {
  const title = `${refLabel(ref)}${ref.isOwn ? ' (you)' : ''}`;
  const blocks: Block[] = [header(title), context(`What every dimension of *${escapeMrkdwn(projectName)}* says about ${ref.isOwn ? 'your own domain' : 'this competitor'}`)];
  // The list item's fields the spec does not name (the list reader's extras), as `/radar competitors` says them.
  const extras = extrasLine(ref.extras, 8, 300);
  if (extras !== '') blocks.push(context(extras));
  for (const { title: part, outcome } of sections) {
    const body =
      outcome.kind === 'lines'
        ? outcome.lines.join('\n')
        : outcome.kind === 'state'
          ? `_${outcome.sentence}_`
          : `:warning: _Couldn't be read: ${outcome.sentence}_`;
    blocks.push(section(`*${part}*\n${body}`));
  }
  if (buttons.length > 0) blocks.push(actions([...buttons]));
  blocks.push(context('_Standing comes from presence (how often answers name a brand); the AI Visibility Score says where a brand lands when named. Rates are shares of the answers counted, not of queries sent._'));
  return { text: escapeMrkdwn(`${projectName}: ${title}`), blocks };
}
