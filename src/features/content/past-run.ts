/** A past content run (`/radar run content <id>`), as the content reader read it, said as `/radar content` says today's. */
import { ownFirst, type ContentFacts } from '../../service/index.js';
import { valuePart } from '../../service/tolerant.js';
import { contentView } from './views/content-view.js';

export function contentRunView(projectName: string, read: ContentFacts) {
  if (read.rows.kind !== 'value' && read.gaps.kind !== 'value') return null;
  const facts = read.rows.kind === 'value' ? { ...read, rows: valuePart(ownFirst(read.rows.value)) } : read;
  return contentView(projectName, facts);
}
