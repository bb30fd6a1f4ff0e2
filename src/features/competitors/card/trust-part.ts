/**
 * The card's trust and security: the competitor's tech-trust row as the tech-trust reader reads it
 * (`readTechTrust`, the one reading `/radar tech` and the tech watch use), stated with the tech
 * view's own words: trust signals of the fixed 26 (0 means none found) and the security headers'
 * grade and score (null beside a shielded-headers marker is "not measured", not a bad grade).
 */
import type { TechTrustFacts } from '../../../service/index.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { securityText, trustText } from '../../competitor-match/tech-words.js';
import { rowFor, type CompetitorRef } from '../competitor-ref.js';
import type { CardPart } from './parts.js';

/** Fields of the row Radar does not read by name, shown on the card after the named ones (at most this many). */
const EXTRAS_SHOWN = 3;

export function trustFactLines(facts: TechTrustFacts, ref: CompetitorRef): string[] {
  if (facts.rows.kind !== 'value') return ["_The tech-and-trust rows couldn't be read._"];
  const row = rowFor(facts.rows.value, ref, (r) => r?.identity ?? null);
  if (!row) return ['_Not among the rows of the tech-and-trust read._'];
  const extras = row.extras.slice(0, EXTRAS_SHOWN);
  return [`Trust signals: ${trustText(row)} · security headers: ${securityText(row)}`, ...extraLines(extras, row.extras.length - extras.length + row.moreExtras)];
}

export const trustPart: CardPart = {
  title: 'Trust and security',
  command: 'tech',
  async read(service, projectId, ref) {
    return trustFactLines(await service.techTrustFacts(projectId), ref);
  },
};
