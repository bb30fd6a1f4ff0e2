/** How the board's values read in Slack: column names, impact names, and the column words `/radar tickets` accepts. */
import { TICKET_STATUSES, type TicketStatus } from '../../service/index.js';

export const COLUMN_NAMES: Readonly<Record<TicketStatus, string>> = {
  triage: 'Triage',
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  dismissed: 'Dismissed',
};

/** Spec 2.7: 1 Minor, 2 Moderate, 3 Significant, 4 Critical. */
export const IMPACT_NAMES: Readonly<Record<1 | 2 | 3 | 4, string>> = { 1: 'Minor', 2: 'Moderate', 3: 'Significant', 4: 'Critical' };

export const EFFORT_NAMES = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** "3 Significant"; an impact outside 1 to 4 is shown as its number. */
export function impactName(impact: number): string {
  const name = (IMPACT_NAMES as Record<number, string | undefined>)[impact];
  return name ? `${impact} ${name}` : String(impact);
}

export function columnName(status: string): string {
  return (COLUMN_NAMES as Record<string, string | undefined>)[status] ?? status;
}

/** A typed column word (`todo`, `to-do`, `In_Progress`, `in-progress`…) as a column, or undefined. */
export function parseColumn(word: string): TicketStatus | undefined {
  const key = word.toLowerCase().replace(/-/g, '_');
  const normalised = key === 'to_do' ? 'todo' : key === 'inprogress' ? 'in_progress' : key;
  return TICKET_STATUSES.find((s) => s === normalised);
}
