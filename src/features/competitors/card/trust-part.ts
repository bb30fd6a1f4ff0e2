/**
 * The card's trust and security: the tech-trust row's trust signal count (of the fixed 26; 0 means
 * none found) and security grade. A null grade beside a shielded-headers marker is "not measured:
 * the site shields its response headers", which is not a bad grade.
 */
import { availabilityReason, markerSaysUnavailable } from '../../../service/index.js';
import { arrayAt, isRecord, lookup, recordAt, type JsonRecord } from '../../../service/tolerant.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import { rowIsAbout, type CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, NOT_REPORTED } from './format.js';
import type { CardPart } from './parts.js';

function trustCount(row: JsonRecord): string {
  const hit = lookup(row, 'trustSignals');
  let value: unknown = hit.found ? hit.value : undefined;
  if (isRecord(value)) {
    const count = lookup(value, 'count', { down: false });
    value = count.found ? count.value : undefined;
  }
  if (value === undefined) return `Trust signals ${NOT_REPORTED}`;
  if (value === null) return `Trust signals ${NOT_MEASURED}`;
  if (typeof value !== 'number') return `Trust signals ${UNREADABLE_VALUE}`;
  return value === 0 ? 'Trust signals: none of the 26 found' : `Trust signals: ${escapeMrkdwn(String(value))} of the 26 found`;
}

function gradeText(row: JsonRecord): string {
  const headers = recordAt(row, 'securityHeaders', { down: false });
  let hit = lookup(headers ?? row, 'grade', headers ? { up: row } : {});
  if (!hit.found) hit = lookup(row, 'securityGrade');
  const value = hit.found ? hit.value : undefined;
  if (value === undefined) return `security grade ${NOT_REPORTED}`;
  if (typeof value === 'string' || typeof value === 'number') return `security grade *${escapeMrkdwn(String(value))}*`;
  if (value !== null) return `security grade ${UNREADABLE_VALUE}`;
  for (const key of ['headersAvailable', 'headerInspection']) {
    const marker = lookup(headers ?? row, key, headers ? { up: row } : {});
    if (marker.found && markerSaysUnavailable(marker.value)) {
      const reason = availabilityReason(marker.value);
      return `security grade ${NOT_MEASURED}: the site shields its response headers${reason ? ` (${escapeMrkdwn(humanise(reason))})` : ''}, which is not a bad grade`;
    }
  }
  return `security grade ${NOT_MEASURED}`;
}

export function trustLines(item: JsonRecord, ref: CompetitorRef): string[] {
  const rows = arrayAt(item, 'competitors');
  if (rows === null) return ["_The tech-and-trust rows couldn't be read._"];
  const row = rows.find((r) => rowIsAbout(r, ref));
  if (!isRecord(row)) return ['_Not among the rows of the tech-and-trust read._'];
  return [`${trustCount(row)} · ${gradeText(row)}`];
}

export const trustPart: CardPart = {
  title: 'Trust and security',
  command: 'tech',
  async read(service, projectId, ref) {
    return trustLines(await service.getDimension(projectId, 'tech-trust'), ref);
  },
};
