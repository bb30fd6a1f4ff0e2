/**
 * The card's positioning, as the positioning reader reads it (`readPositioning`, the one reading
 * `/radar positioning` and the positioning watch use) and in that view's words: the homepage headline
 * and its calls to action. An empty string is a finding ("the page has none"); null means never read.
 */
import type { PositioningFacts } from '../../../service/index.js';
import { truncateWords } from '../../../slack/blocks/index.js';
import { messagingText } from '../../competitor-match/positioning-words.js';
import { rowFor, type CompetitorRef } from '../competitor-ref.js';
import type { CardPart } from './parts.js';

export function positioningFactLines(facts: PositioningFacts, ref: CompetitorRef): string[] {
  if (facts.rows.kind !== 'value') return ["_The positioning rows couldn't be read._"];
  const row = rowFor(facts.rows.value, ref, (r) => r?.identity ?? null);
  if (!row) return ['_Not among the rows of the positioning read._'];
  const lines = [`Homepage headline: ${truncateWords(messagingText(row.headline), 400)}`];
  if (row.ctas.kind === 'value' && row.ctas.value.length > 0) lines.push(`Calls to action: ${truncateWords(row.ctas.value.map((c) => messagingText(c.value)).join(' · '), 400)}`);
  return lines;
}

export const positioningPart: CardPart = {
  title: 'Positioning',
  command: 'positioning',
  async read(service, projectId, ref) {
    return positioningFactLines(await service.positioningFacts(projectId), ref);
  },
};
