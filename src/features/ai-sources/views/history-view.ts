/**
 * `/radar sources history [--page N]`: AI sources checks, newest first, from the AI sources reader's
 * facts (`readSourcesHistoryRow`: the check id and date found by looking, every other plain value
 * passed through humanised); the count is `pagination.total`. Each row opens its check
 * (`/radar sources check <id>`) with a button, or names the command when no button can be made.
 */
import type { Pagination, SourcesHistoryRow } from '../../../service/index.js';
import { context, escapeMrkdwn, header, plural, relativeAndAbsolute, section, type Block, type Button } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { extrasText } from '../format.js';

/** A check id Radar can put back into a command (no spaces or quotes). */
export const CHECK_ID_TEXT = /^[A-Za-z0-9_.:-]{1,100}$/;

export interface HistoryViewInput {
  projectName: string;
  /** The rows as the AI sources reader read them (`readSourcesHistoryRow`). */
  rows: SourcesHistoryRow[];
  pagination: Pagination;
  now: Date;
  /** The button opening one check; null when none can be made. */
  open: (checkId: string) => Button | null;
  /** How to ask for the next page (`/radar sources history --page 3 …`). */
  nextPageCommand: string | null;
}

export function sourcesHistoryView({ projectName, rows, pagination, now, open, nextPageCommand }: HistoryViewInput): { text: string; blocks: Block[] } {
  const title = `${projectName}: AI sources checks`;
  const blocks: Block[] = [header(title)];
  blocks.push(context(`${plural(pagination.total, 'check')} in all, newest first · page ${pagination.page} of ${Math.max(1, pagination.totalPages)}`));
  if (rows.length === 0) blocks.push(section(pagination.total === 0 ? '_No AI sources check yet._' : '_No checks on this page._'));
  for (const row of rows.slice(0, 40)) {
    const when = row.checkedAt ? relativeAndAbsolute(row.checkedAt, now) : '_date not reported_';
    const id = row.checkId ? `\`${escapeMrkdwn(row.checkId)}\`` : '_id not reported_';
    const extras = extrasText(row.extras);
    const button = row.checkId && CHECK_ID_TEXT.test(row.checkId) ? open(row.checkId) : null;
    const hint = !button && row.checkId && CHECK_ID_TEXT.test(row.checkId) ? `\n\`${COMMAND} sources check ${escapeMrkdwn(row.checkId)}\`` : '';
    blocks.push(section(`*${when}* · ${id}${extras ? `\n${extras}` : ''}${hint}`, button ?? undefined));
  }
  if (pagination.hasMore && nextPageCommand) blocks.push(context(`More checks: \`${escapeMrkdwn(nextPageCommand)}\``));
  return { text: escapeMrkdwn(title), blocks: blocks.slice(0, 50) };
}
