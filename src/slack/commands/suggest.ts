/**
 * "Did you mean" for subcommands and for the words they take: the closest known word by edit
 * distance (a swap of two neighbouring letters counts as one edit, so `bnid` finds `bind` and
 * `histroy` finds `history`), if close enough; and the one sentence every subcommand says for a
 * word it does not take.
 */
import { distance } from 'fastest-levenshtein';
import { COMMAND } from '../ids.js';
import { UsageError } from './parse.js';

/** Edits from `a` to `b` (Levenshtein), where a swap of two neighbouring letters of `a` counts as one. */
export function editDistance(a: string, b: string): number {
  const swaps = Array.from({ length: Math.max(0, a.length - 1) }, (_, i) => `${a.slice(0, i)}${a.charAt(i + 1)}${a.charAt(i)}${a.slice(i + 2)}`);
  return Math.min(distance(a, b), ...swaps.map((swapped) => 1 + distance(swapped, b)));
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
export function unknownWordError(typed: string, choices: readonly string[], command: string, takes: string = choices.join(', '), tail = ''): UsageError {
  const word = typed.length > 40 ? `${typed.slice(0, 39)}…` : typed;
  const guess = suggest(typed, choices);
  // `tail`: the rest of what was typed (a run id), so the suggestion is the whole command to type again.
  const rest = tail.trim() === '' ? '' : ` ${tail.trim().slice(0, 60)}`;
  return new UsageError(
    guess
      ? `Radar doesn't know “${word}” in \`${COMMAND} ${command}\`. Did you mean \`${COMMAND} ${command} ${guess}${rest}\`? It takes ${takes}.`
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
