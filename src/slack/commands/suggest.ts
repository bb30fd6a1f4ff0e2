/**
 * "Did you mean" for subcommands and for the words they take: the closest known word by edit
 * distance (a swap of two neighbouring letters counts as one edit, so `bnid` finds `bind` and
 * `histroy` finds `history`), if close enough; and the one sentence every subcommand says for a
 * word it does not take.
 */
import { COMMAND } from '../ids.js';
import { UsageError } from './parse.js';

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] ?? [];
    const up = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row[j] = d;
    }
  }
  return rows[a.length]?.[b.length] ?? 0;
}

export function suggest(word: string, candidates: readonly string[]): string | null {
  const w = word.toLowerCase().slice(0, 40);
  let best: { name: string; d: number } | null = null;
  for (const c of candidates) {
    const d = c.startsWith(w) && w.length >= 2 ? 0 : editDistance(w, c);
    if (!best || d < best.d) best = { name: c, d };
  }
  if (!best) return null;
  return best.d <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : null;
}

/**
 * The usage error for a word `/radar <command>` does not take, with "did you mean" when one of
 * `choices` is close: "Radar doesn't know “histroy” in `/radar briefing`. Did you mean
 * `/radar briefing history`? It takes history, …". Plain text: the error layer escapes it.
 */
export function unknownWordError(typed: string, choices: readonly string[], command: string, takes: string = choices.join(', ')): UsageError {
  const word = typed.length > 40 ? `${typed.slice(0, 39)}…` : typed;
  const guess = suggest(typed, choices);
  return new UsageError(
    guess
      ? `Radar doesn't know “${word}” in \`${COMMAND} ${command}\`. Did you mean \`${COMMAND} ${command} ${guess}\`? It takes ${takes}.`
      : `Radar doesn't know “${word}” in \`${COMMAND} ${command}\`; it takes ${takes}.`,
  );
}

/** `typed` (any case) when it is one of `choices`; otherwise the usage error above. */
export function chooseWord<T extends string>(typed: string, choices: readonly T[], command: string, takes?: string): T {
  const lower = typed.toLowerCase();
  const found = choices.find((c) => c === lower);
  if (found !== undefined) return found;
  throw unknownWordError(typed, choices, command, takes);
}
