/** A past positioning run (`/radar run positioning <id>`), as `readPositioning` read it, said as `/radar positioning` says today's (no Full view buttons: they open today's read). */
import { ownFirst, type PositioningFacts } from '../../service/index.js';
import { valuePart } from '../../service/tolerant.js';
import { positioningCompactView } from './views/positioning-view.js';

export function positioningRunView(projectName: string, read: PositioningFacts) {
  if (read.rows.kind !== 'value') return null;
  return positioningCompactView(projectName, { ...read, rows: valuePart(ownFirst(read.rows.value)) }, () => null);
}
