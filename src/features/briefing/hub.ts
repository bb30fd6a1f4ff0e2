/**
 * Reading an edition's hub (spec 2.6): the headline verdict and the diagnosis rows. Only the
 * `headline` block is specified; rows are read from any block that carries `rows` (docs/assumptions.md).
 */
import type { BriefingItem, BriefingMeta, BriefingRead } from '../../service/index.js';

export interface DiagnosisRow {
  label: string;
  note: string | null;
  status: string | null;
  /** A dimension name; the section is `deep-<deepDive>`. Absent when the row earned no deep-dive. */
  deepDive: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function verdictOf(item: BriefingItem | null | undefined): string | null {
  const headline = item?.hub?.blocks.find((b) => b.type === 'headline');
  return str(headline?.verdict);
}

export function diagnosisRowsOf(item: BriefingItem | null | undefined): DiagnosisRow[] {
  const rows: DiagnosisRow[] = [];
  for (const block of item?.hub?.blocks ?? []) {
    if (!Array.isArray(block.rows)) continue;
    for (const raw of block.rows as unknown[]) {
      if (!raw || typeof raw !== 'object') continue;
      const r = raw as Record<string, unknown>;
      rows.push({
        label: str(r.label) ?? str(r.title) ?? str(r.dimension) ?? 'Untitled row',
        note: str(r.note),
        status: str(r.status),
        deepDive: str(r.deepDive),
      });
    }
  }
  return rows;
}

/** Deep-dive sections an edition holds (`contains` entries starting `deep-`). */
export function deepDivesOf(read: Pick<BriefingRead, 'contains'>): string[] {
  return (read.contains ?? []).filter((s) => s.startsWith('deep-'));
}

/** The meta of a run that exists (status done, running or failed); null when the project never had one. */
export type RunMeta = Extract<BriefingMeta, { runId: string }>;

export function runMetaOf(read: Pick<BriefingRead, 'meta'>): RunMeta | null {
  return read.meta.status === null ? null : (read.meta as RunMeta);
}
