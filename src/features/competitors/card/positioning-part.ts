/** The card's positioning: the homepage headline. An empty string is a finding ("the page has none"); null means never read. */
import { arrayAt, isRecord, lookup, type JsonRecord } from '../../../service/tolerant.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';
import { escapeMrkdwn, truncate } from '../../../slack/blocks/index.js';
import { rowIsAbout, type CompetitorRef } from '../competitor-ref.js';
import { NOT_REPORTED } from './format.js';
import type { CardPart } from './parts.js';

export function headlineText(value: unknown, found: boolean): string {
  if (!found) return NOT_REPORTED;
  if (value === null) return '_never read_';
  if (value === '') return '_the page has none_';
  if (typeof value !== 'string') return UNREADABLE_VALUE;
  return `“${escapeMrkdwn(truncate(value, 300))}”`;
}

export function positioningLines(item: JsonRecord, ref: CompetitorRef): string[] {
  const rows = arrayAt(item, 'competitors');
  if (rows === null) return ["_The positioning rows couldn't be read._"];
  const row = rows.find((r) => rowIsAbout(r, ref));
  if (!isRecord(row)) return ['_Not among the rows of the positioning read._'];
  const hit = lookup(row, 'headline');
  return [`Homepage headline: ${headlineText(hit.found ? hit.value : undefined, hit.found)}`];
}

export const positioningPart: CardPart = {
  title: 'Positioning',
  command: 'positioning',
  async read(service, projectId, ref) {
    return positioningLines(await service.getDimension(projectId, 'positioning'), ref);
  },
};
