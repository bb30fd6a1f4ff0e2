/** "Did you mean" for subcommands: the closest known word by edit distance, if close enough. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
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
