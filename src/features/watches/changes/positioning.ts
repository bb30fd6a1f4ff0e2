/**
 * Positioning changes (issue 16): a changed homepage headline, value proposition or call to action,
 * quoted before and after. An empty string is a finding (the page was read and has no such element)
 * and null is "never read" (spec 2.5): the two are kept apart.
 */
import { isRecord } from '../../../service/tolerant.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, isOwnRow, listDiff, plain, rowsByName, same, type Change, type Raw, type RunPair } from './change.js';

/** Messaging fields told by name: the headline, value propositions and any call to action. */
const MESSAGING = /^(headline|valuePropositions?|.*cta.*|callToAction.*)$/i;

export const POSITIONING_KEYS = ['headline', 'valuePropositions', 'valueProposition', 'primaryCta', 'secondaryCta', 'cta', 'callToAction'];

const quote = (v: Raw) => (typeof v === 'string' ? (v === '' ? 'none on the page (empty)' : `“${v}”`) : plain(v));

function stringMove(label: string, before: Raw, after: Raw): string | null {
  if (same(before, after)) return null;
  if (before === null && after === '') return `now read: no ${label} on the page`;
  if (before === null) return `now read: ${label} ${quote(after)}`;
  if (after === null) return `${label} no longer read (was ${quote(before)})`;
  if (after === '') return `${label} removed (was ${quote(before)})`;
  if (before === '') return `${label} added: ${quote(after)}`;
  return `${label} changed: ${quote(before)} → ${quote(after)}`;
}

function messagingChanges(before: Record<string, unknown>, after: Record<string, unknown>, name: string, own: boolean): Change[] {
  const out: Change[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => MESSAGING.test(k));
  for (const key of keys) {
    if (!(key in before) || !(key in after)) continue;
    const label = humanise(key).replace(/\bcta\b/, 'call to action');
    const b = before[key];
    const a = after[key];
    const weight = /headline/i.test(key) ? 90 : /value/i.test(key) ? 80 : 70;
    if (Array.isArray(b) && Array.isArray(a)) {
      const { added, removed } = listDiff(b, a);
      if (added.length) out.push(changeOf({ competitor: name, own, weight, text: `new ${label.replace(/s$/, '')}: ${added.map(quote).join(', ')}`, before: b, after: a }));
      if (removed.length) out.push(changeOf({ competitor: name, own, weight: weight - 1, text: `dropped ${label.replace(/s$/, '')}: ${removed.map(quote).join(', ')}`, before: b, after: a }));
      continue;
    }
    const text = stringMove(label, b, a);
    if (text) out.push(changeOf({ competitor: name, own, weight, text, before: b, after: a }));
  }
  return out;
}

/** A row with its child objects' fields beside its own (messaging may sit one level down, e.g. under `homepage`). */
function flat(row: Record<string, unknown>): Record<string, unknown> {
  const children = Object.values(row).filter(isRecord);
  return Object.assign({}, ...children, row) as Record<string, unknown>;
}

export function positioningChanges({ previous, current }: RunPair): Change[] {
  const before = rowsByName(previous, 'competitors');
  const out: Change[] = [];
  for (const [name, row] of rowsByName(current, 'competitors')) {
    const was = before.get(name);
    if (was) out.push(...messagingChanges(flat(was), flat(row), name, isOwnRow(row)));
  }
  return out;
}
