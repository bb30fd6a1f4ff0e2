/**
 * Positioning changes (issue 16), compared on the positioning reader's facts (`readPositioning`, the one
 * reading `/radar positioning` and the competitor card use; issue 27): rows matched between runs by
 * identity (id, then domain, then name, wherever it sits); a changed headline, subheadline, target
 * audience, value proposition or call to action, quoted before and after. An empty string is a
 * finding (the page was read and has no such element) and null is "never read" (spec 2.5): the two
 * are kept apart. An omitted part on either side is not compared.
 */
import { labelOf, matchIdentity, type PositioningRow } from '../../../service/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import { keyStem, type Part } from '../../../service/tolerant.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, listDiff, plain, same, type Change, type ChangeKind, type Raw, type RunPair } from './change.js';
import { keyStyles } from './pricing.js';

export const POSITIONING_KEYS = keyStyles(['headline', 'subheadline', 'targetAudience', 'valuePropositions', 'valueProposition', 'valueProps', 'propositions', 'primaryCta', 'secondaryCta', 'cta', 'callToAction']);

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

/** A messaging part: its value when both sides have one (null and "" included), else nothing to compare. */
const valueOf = <T,>(part: Part<T>): T | undefined => (part.kind === 'value' ? part.value : undefined);

function partChanges(label: string, weight: number, before: Part<string | string[] | null>, after: Part<string | string[] | null>, base: { competitor: string; own: boolean }): Change[] {
  const kind: ChangeKind = label === 'headline' ? 'headline' : 'messaging';
  const b = valueOf(before);
  const a = valueOf(after);
  if (b === undefined || a === undefined) return [];
  if (Array.isArray(b) && Array.isArray(a)) {
    const out: Change[] = [];
    const { added, removed } = listDiff(b, a);
    const one = label.replace(/s$/, '');
    if (added.length) out.push(changeOf({ ...base, kind, weight, text: `new ${one}: ${added.map(quote).join(', ')}`, before: b, after: a }));
    if (removed.length) out.push(changeOf({ ...base, kind, weight: weight - 1, text: `dropped ${one}: ${removed.map(quote).join(', ')}`, before: b, after: a }));
    return out;
  }
  const text = stringMove(label, Array.isArray(b) ? b.join(', ') : b, Array.isArray(a) ? a.join(', ') : a);
  return text ? [changeOf({ ...base, kind, weight, text, before: b, after: a })] : [];
}

const ctaLabel = (key: string) => humanise(key).replace(/\bcta\b/g, 'call to action').replace(/\bctas\b/g, 'calls to action');

function rowChanges(before: PositioningRow, after: PositioningRow, name: string): Change[] {
  const base = { competitor: name, own: after.identity.isOwn };
  const out = [
    ...partChanges('headline', 90, before.headline, after.headline, base),
    ...partChanges('subheadline', 85, before.subheadline, after.subheadline, base),
    ...partChanges('value propositions', 80, before.valuePropositions, after.valuePropositions, base),
    ...partChanges('target audience', 75, before.targetAudience, after.targetAudience, base),
  ];
  const c0 = before.ctas.kind === 'value' ? before.ctas.value : [];
  const c1 = after.ctas.kind === 'value' ? after.ctas.value : [];
  for (const cta of c1) {
    const was = c0.find((c) => keyStem(c.key) === keyStem(cta.key));
    if (was) out.push(...partChanges(ctaLabel(cta.key), 70, was.value, cta.value, base));
  }
  return out;
}

const rowsOf = (run: WatchRunFacts): PositioningRow[] => {
  const rows = run.positioning?.rows;
  return rows?.kind === 'value' ? rows.value.filter((r): r is PositioningRow => r !== null) : [];
};

export function positioningChanges({ previous, current }: RunPair): Change[] {
  const before = rowsOf(previous).map((row) => ({ ...row.identity, row }));
  const out: Change[] = [];
  for (const row of rowsOf(current)) {
    const label = labelOf(row.identity);
    const was = label === null ? undefined : matchIdentity(row.identity, before)?.row;
    if (was && label !== null) out.push(...rowChanges(was, row, label.toLowerCase()));
  }
  return out;
}
