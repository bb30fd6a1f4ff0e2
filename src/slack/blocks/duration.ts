/**
 * The one way Radar writes a length of time: "240 ms", "4.2 s", "12 s", "3 min 5 s", "1 h 30 min", "4 h", and
 * estimates as "about 4 h". Scan timings, elapsed times and a briefing ticket's `estimatedMinutes`
 * all read alike.
 */

/** A measured or elapsed duration in milliseconds. Below 1 s in ms; below 10 s one decimal is kept. */
export function durationText(ms: number): string {
  const safe = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (safe < 1000) return `${Math.round(safe)} ms`;
  if (safe < 10_000) {
    const tenths = Math.round(safe / 100) / 10;
    return `${tenths} s`;
  }
  const seconds = Math.floor(safe / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** An estimate given in minutes: "about 45 min", "about 4 h", "about 1 h 30 min". */
export function estimateText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `about ${durationText(whole * 60_000)}`;
}
