/** A past content run (`/radar run content <id>`), read by the content reader and said as `/radar content` says today's. */
import { ownFirst, readContentRun, type DimensionRun } from '../../service/index.js';
import { valuePart } from '../../service/tolerant.js';
import { contentView } from './views/content-view.js';

export function contentRunView(projectName: string, run: DimensionRun) {
  const read = readContentRun(run);
  if (read.rows.kind !== 'value' && read.gaps.kind !== 'value') return null;
  const facts = read.rows.kind === 'value' ? { ...read, rows: valuePart(ownFirst(read.rows.value)) } : read;
  return contentView(projectName, facts);
}
