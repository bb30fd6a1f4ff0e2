/**
 * Reading an edition's hub (spec 2.6): the headline verdict and the diagnosis rows. Only the
 * `headline` block is specified; rows are read tolerantly from any block that carries `rows`, in any
 * case or one level down, and each row's fields the same way (docs/assumptions.md).
 */
import type { BriefingItem, BriefingMeta, BriefingRead, BriefingRunStatus } from '../../service/index.js';
import { arrayAt, isRecord, isUnreadable, lookup, readable, readableOr, type Unreadable } from '../../service/tolerant.js';

export interface DiagnosisRow {
  label: string;
  /** The row's dimension key when it names one (`dimension`, else its `deepDive` pointer). */
  dimension: string | null;
  note: string | null;
  status: string | null;
  /** A dimension name; the section is `deep-<deepDive>`. Absent when the row earned no deep-dive. */
  deepDive: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

type ReadItem = BriefingItem | Unreadable | null | undefined;

/** The hub's blocks Radar could read (an unreadable item, hub or block is left out; `hubUnreadable` says so). */
function hubBlocks(item: ReadItem) {
  const hub = isUnreadable(item) ? undefined : item?.hub;
  return hub === undefined || isUnreadable(hub) ? [] : readable(hub.blocks);
}

/** True when the edition's `item`, its `hub`, or one of the hub's blocks arrived in a shape Radar cannot read. */
export function hubUnreadable(item: ReadItem): boolean {
  if (isUnreadable(item)) return true;
  const hub = item?.hub;
  return isUnreadable(hub) || (hub !== undefined && hub.blocks.some(isUnreadable));
}

export function verdictOf(item: ReadItem): string | null {
  const headline = hubBlocks(item).find((b) => b.type === 'headline');
  const verdict = lookup(headline, 'verdict');
  return verdict.found ? str(verdict.value) : null;
}

/** A row's field found tolerantly (any case, one level down), as a non-empty string. */
const field = (row: Record<string, unknown>, key: string) => {
  const hit = lookup(row, key);
  return hit.found ? str(hit.value) : null;
};

/**
 * The hub's diagnosis rows; `unreadable` is true when the hub holds a block other than the headline
 * but no rows could be found in it (a layout Radar could not read, said in one line by the views).
 */
export function diagnosisOf(item: ReadItem): { rows: DiagnosisRow[]; unreadable: boolean } {
  const rows: DiagnosisRow[] = [];
  const blocks = hubBlocks(item);
  let found = false;
  for (const block of blocks) {
    const list = arrayAt(block, 'rows');
    if (list === null) continue;
    found = true;
    for (const raw of list) {
      if (!isRecord(raw)) continue;
      const dimension = field(raw, 'dimension') ?? field(raw, 'deepDive');
      rows.push({
        label: field(raw, 'label') ?? field(raw, 'title') ?? (dimension !== null ? dimensionName(dimension) : 'Untitled row'),
        dimension,
        note: field(raw, 'note'),
        status: field(raw, 'status'),
        deepDive: field(raw, 'deepDive'),
      });
    }
  }
  const others = blocks.some((b) => b.type !== 'headline' && !['text', 'note'].some((k) => lookup(b, k, { down: false }).found));
  return { rows, unreadable: (!found && others) || (rows.length === 0 && hubUnreadable(item)) };
}

/** Names of the seven dimension keys spec 4.5 names; another key is humanised. */
const DIMENSION_NAMES: Readonly<Record<string, string>> = {
  'ai-visibility': 'AI visibility',
  'ai-sources': 'AI sources',
  positioning: 'Positioning',
  pricing: 'Pricing',
  content: 'Content',
  'tech-trust': 'Tech and trust',
  'agent-readiness': 'Agent readiness',
};

/** A dimension key (or a `deep-<key>` section) as people read it: `ai-visibility` -> "AI visibility". */
export function dimensionName(key: string): string {
  const bare = key.replace(/^deep-/, '');
  const known = DIMENSION_NAMES[bare.toLowerCase()];
  if (known) return known;
  const words = bare.replace(/-/g, ' ').replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim().replace(/\bai\b/g, 'AI');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Deep-dive sections an edition holds (`contains` entries starting `deep-`). */
export function deepDivesOf(read: Pick<BriefingRead, 'contains'>): string[] {
  return (readableOr(read.contains, null) ?? []).filter((s) => s.startsWith('deep-'));
}

/** The ticket ids an edition opened (`tickets.opened`); empty when not reported or unreadable. */
export function openedIds(read: Pick<BriefingRead, 'tickets'>): string[] {
  const tickets = readableOr(read.tickets, null);
  return tickets ? readableOr(tickets.opened, []) : [];
}

/** The meta of a run that exists (status done, running or failed); null when the project never had one. */
export type RunMeta = Extract<BriefingMeta, { status: BriefingRunStatus }>;

export function runMetaOf(read: Pick<BriefingRead, 'meta'>): RunMeta | null {
  return read.meta.status === null ? null : (read.meta as RunMeta);
}
