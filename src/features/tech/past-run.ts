/** A past tech-and-trust run (`/radar run tech <id>`), read by `readTechTrust` and said as `/radar tech --full` says today's. */
import { readTechTrust, type DimensionRun } from '../../service/index.js';
import { techView } from './views/tech-view.js';

export function techRunView(projectName: string, run: DimensionRun) {
  const facts = readTechTrust(run);
  if (facts.rows.kind !== 'value') return null;
  const all = facts.rows.value;
  // Own row first, then the service's order (as /radar tech).
  const rows = [...all.filter((r) => r?.isOwn), ...all.filter((r) => !r?.isOwn)];
  return techView(projectName, facts, rows, { full: true });
}
