/** Lines for a reader's extras (src/service/extras.ts): "*Label:* value", escaped, after the named facts. */
import type { Extra } from '../../service/extras.js';
import { escapeMrkdwn } from './text.js';

export function extraLines(extras: readonly Extra[], more = 0): string[] {
  const lines = extras.map((e) => `*${escapeMrkdwn(e.label)}:* ${escapeMrkdwn(e.text)}`);
  if (more > 0) lines.push(`_and ${more} more field${more === 1 ? '' : 's'} the service sent_`);
  return lines;
}
