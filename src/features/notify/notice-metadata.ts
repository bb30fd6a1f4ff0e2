/**
 * A direct message's metadata (issue 30 item 7): what its notices are about, read from their event
 * keys (`change:<project>:<dimension>:<run>:<competitor>`, `assigned:<project>:<ticket>:<member>`,
 * `comment:<project>:<ticket>:<comment>`). `radar_change` when every notice is a watch change, else
 * `radar_ticket`; the project when they share one, and the runs, competitors and tickets they name,
 * comma-separated (Slack's payload takes no null: a part nobody names is left out). Null when no key
 * says anything (a message of other notices).
 */
import { TICKET_IDS, WATCH_IDS } from '../../slack/ids.js';
import type { PendingNotice } from '../../store/notify-outbox.js';
import { metadataList } from '../living/ticket-state.js';

export function noticeMetadata(items: readonly Pick<PendingNotice, 'key'>[]): { event_type: string; event_payload: Record<string, string> } | null {
  const changes: string[][] = [];
  const tickets: string[][] = [];
  for (const { key } of items) {
    const [prefix, ...rest] = key.split(':');
    if (prefix === 'change' && rest.length >= 3) changes.push(rest);
    else if ((prefix === 'assigned' || prefix === 'comment') && rest.length >= 2) tickets.push(rest);
  }
  if (changes.length === 0 && tickets.length === 0) return null;
  const projects = [...new Set([...changes, ...tickets].map((parts) => parts[0]!))];
  const payload: Record<string, string> = {};
  if (projects.length === 1) payload.project_id = projects[0]!;
  else payload.project_ids = metadataList(projects);
  const put = (key: string, values: string[]) => {
    const text = metadataList(values);
    if (text !== '') payload[key] = text;
  };
  put('dimension', changes.map((p) => p[1]!));
  put('run_id', changes.map((p) => p[2]!));
  put('competitor', changes.map((p) => p.slice(3).join(':')));
  put('ticket_ids', tickets.map((p) => p[1]!));
  return { event_type: tickets.length === 0 ? WATCH_IDS.eventType : TICKET_IDS.eventType, event_payload: payload };
}
