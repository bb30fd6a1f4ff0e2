/** How the board's values read in Slack: column names, impact names, and the column words `/radar tickets` accepts. */
import type { TicketStatus } from '../../service/index.js';

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

/** Words people write for each column, compared without case, spaces, hyphens or underscores. */
const COLUMN_WORDS: Readonly<Record<string, TicketStatus>> = {
  triage: 'triage',
  todo: 'todo',
  inprogress: 'in_progress',
  doing: 'in_progress',
  wip: 'in_progress',
  done: 'done',
  dismissed: 'dismissed',
};

/**
 * A column as people write it (`todo`, `to do`, `To-Do`, `In Progress`, `in_progress`, `doing`,
 * `done`…), or undefined. A two-word column typed as two words is joined by `parseColumns`.
 */
export function parseColumn(word: string): TicketStatus | undefined {
  return COLUMN_WORDS[word.toLowerCase().replace(/[\s_-]+/g, '')];
}

/**
 * Splits typed words into columns and the other words, taking two words together where they name a
 * column (`in progress`, `to do`), so `/radar tickets in progress` finds the column.
 */
export function parseColumns(words: readonly string[]): { columns: TicketStatus[]; rest: string[] } {
  const columns: TicketStatus[] = [];
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const pair = i + 1 < words.length ? parseColumn(`${word} ${words[i + 1] ?? ''}`) : undefined;
    if (pair && parseColumn(word) === undefined) {
      columns.push(pair);
      i++;
      continue;
    }
    const one = parseColumn(word);
    if (one) columns.push(one);
    else rest.push(word);
  }
  return { columns, rest };
}
