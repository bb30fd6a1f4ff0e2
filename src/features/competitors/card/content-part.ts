/**
 * The card's content: the content dashboard row's URL counts (total and the largest categories),
 * and, as its own read, the latest changelog entries for this competitor (`competitorId` filter),
 * counted from `pagination.total`.
 */
import { arrayAt, isRecord, lookup, recordAt, type JsonRecord } from '../../../service/tolerant.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';
import type { ContentChangelog } from '../../../service/index.js';
import { dayOf, escapeMrkdwn, humanise, plural } from '../../../slack/blocks/index.js';
import { rowIsAbout, type CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, NOT_REPORTED } from './format.js';
import type { CardPart } from './parts.js';

/** Changelog entries shown on the card. */
export const CHANGELOG_SHOWN = 3;
const CATEGORIES_SHOWN = 4;

function countsOf(obj: unknown): [string, number][] {
  if (!isRecord(obj)) return [];
  return Object.entries(obj)
    .map(([k, v]): [string, unknown] => [k, isRecord(v) ? (lookup(v, 'count', { down: false }) as { value?: unknown }).value : v])
    .filter((e): e is [string, number] => typeof e[1] === 'number');
}

export function contentLines(item: JsonRecord, ref: CompetitorRef): string[] {
  const rows = arrayAt(item, 'competitors');
  if (rows === null) return ["_The content rows couldn't be read._"];
  const row = rows.find((r) => rowIsAbout(r, ref));
  if (!isRecord(row)) return ['_Not among the rows of the content read._'];
  const total = lookup(row, 'urlCount');
  const totalText = !total.found ? NOT_REPORTED : total.value === null ? NOT_MEASURED : typeof total.value === 'number' ? escapeMrkdwn(String(total.value)) : UNREADABLE_VALUE;
  const categories = countsOf(recordAt(row, 'categories'))
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, CATEGORIES_SHOWN)
    .map(([k, n]) => `${escapeMrkdwn(humanise(k))} ${n}`);
  return [`URLs in its sitemap: ${totalText}${categories.length ? ` (${categories.join(', ')})` : ''}`];
}

export function changelogLines(log: ContentChangelog): string[] {
  const total = log.pagination.total;
  if (total === 0) return ['Changelog: no URL change detected.'];
  const entries = log.items.slice(0, CHANGELOG_SHOWN).map((entry) => {
    const when = lookup(entry, 'detectedAt', { down: false });
    const day = when.found && typeof when.value === 'string' ? escapeMrkdwn(dayOf(when.value) ?? when.value) : '_date not reported_';
    const counts = countsOf(recordAt(entry, 'categories', { down: false }) ?? {}).map(([k, n]) => `${n} ${escapeMrkdwn(humanise(k))}`);
    return `      ${day}: ${counts.length ? `${counts.join(', ')} URLs added` : '_changes Radar couldn’t read_'}`;
  });
  return [`Changelog: ${plural(total, 'entry', 'entries')}, latest:`, ...entries];
}

export const contentPart: CardPart = {
  title: 'Content',
  command: 'content',
  async read(service, projectId, ref) {
    return contentLines(await service.getDimension(projectId, 'content'), ref);
  },
};

export const changelogPart: CardPart = {
  title: 'Content changelog',
  command: 'content',
  async read(service, projectId, ref) {
    if (ref.id === null) return ["_Changelog: the competitor list gave no id to filter the changelog by._"];
    return changelogLines(await service.getContentChangelog(projectId, { competitorId: ref.id, limit: CHANGELOG_SHOWN }));
  },
};
