/** A past tech-and-trust run (`/radar run tech <id>`), as `readTechTrust` read it, said as `/radar tech --full` says today's. */
import type { TechTrustFacts } from '../../service/index.js';
import { techView } from './views/tech-view.js';

export function techRunView(projectName: string, facts: TechTrustFacts) {
  if (facts.rows.kind !== 'value') return null;
  const all = facts.rows.value;
  // Own row first, then the service's order (as /radar tech).
  const rows = [...all.filter((r) => r?.isOwn), ...all.filter((r) => !r?.isOwn)];
  return techView(projectName, facts, rows, { full: true });
}
