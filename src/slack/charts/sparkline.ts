/**
 * A series as one line of unicode blocks (▁▂▃▄▅▆▇█), for the console: the lowest value the lowest
 * bar, the highest the highest; a value not measured is a gap (a space); a flat series sits mid-height.
 */
import type { ChartFacts } from './spec.js';
import { displayName, figure } from './spec.js';

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export function sparkline(values: readonly (number | null)[]): string {
  const measured = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (measured.length === 0) return values.map(() => ' ').join('');
  const min = Math.min(...measured);
  const max = Math.max(...measured);
  const top = BARS.length - 1;
  return values
    .map((v) => {
      if (v === null || !Number.isFinite(v)) return ' ';
      if (max === min) return BARS[Math.floor(top / 2)];
      return BARS[Math.round(((v - min) / (max - min)) * top)];
    })
    .join('');
}

/** One line per series: "Acme (you)  ▁▃▅█  12% → 40%" (first and last figures, exact). */
export function chartSparklines(facts: ChartFacts): string[] {
  const width = Math.max(...facts.series.map((s) => displayName(s).length));
  return facts.series.map((s) => {
    const values = s.points.map((p) => p.value);
    const first = values[0];
    const last = values.at(-1);
    const range = values.length > 1 ? `${figure(first, facts.unit)} → ${figure(last, facts.unit)}` : figure(first, facts.unit);
    return `${displayName(s).padEnd(width)}  ${sparkline(values)}  ${range}`;
  });
}
