/**
 * The Slack message a shortcut was used on, as a ticket or comment sees it: its text without
 * Slack's markup, a title cut from its first line, and a description naming its author and linking
 * back to it. Slack lookups (permalink, author's name) get a short budget so the modal still opens
 * inside the trigger's 3 seconds when Slack is slow.
 */
import type { webApi } from '@slack/bolt';
import { decodeSlackEntities, truncateWords } from '../../slack/blocks/index.js';

/** Spec 8 shows no title limit; Radar prefills at most this much (docs/assumptions.md). */
export const TITLE_PREFILL_MAX = 100;
/** Slack's plain-text inputs hold at most 3,000 characters, so a prefill is cut to fit. */
export const INPUT_TEXT_MAX = 3000;
/** How long the shortcut waits for Slack's permalink and the author's name before opening anyway. */
const LOOKUP_BUDGET_MS = 1_000;

/** Where the message is: what the modal keeps in `private_metadata`. */
export interface MessageRef {
  channelId: string;
  messageTs: string;
  /** The thread's parent ts when the message is a reply in a thread. */
  threadTs?: string;
}

export interface MessageSource extends MessageRef {
  text: string;
  /** The author's real name, or their Slack user id when it could not be read. */
  authorName: string | null;
  permalink: string | null;
}

/** Slack's markup as plain text: `<url|label>` -> `label (url)`, `<@U1>` -> `@U1`, entities decoded. */
export function plainFromSlack(text: string): string {
  const marked = text
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<((?:https?|mailto):[^>]+)>/g, '$1')
    .replace(/<#[A-Z0-9]+\|([^>]+)>/g, '#$1')
    .replace(/<([@#!][^|>]+)(?:\|([^>]+))?>/g, (_m, id: string, label?: string) => (label ? `@${label}` : id));
  return decodeSlackEntities(marked);
}

/** The first non-blank line, cut at a word boundary to `TITLE_PREFILL_MAX`. */
export function titleFrom(text: string): string {
  const firstLine = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return truncateWords(firstLine, TITLE_PREFILL_MAX);
}

/** The lines that say where a text came from: author, thread note, permalink. */
export function sourceLines(source: MessageSource): string[] {
  const from = source.authorName ? `From a Slack message by ${source.authorName}` : 'From a Slack message';
  return [
    source.threadTs ? `${from}, a reply in a thread.` : `${from}.`,
    ...(source.permalink ? [source.permalink] : []),
  ];
}

/** The message text, then where it came from; the text is cut so the whole fits a Slack input. */
export function describedFrom(source: MessageSource): string {
  const footer = `\n\n---\n${sourceLines(source).join('\n')}`;
  const room = INPUT_TEXT_MAX - footer.length;
  const text = source.text.length > room ? `${source.text.slice(0, room - 1)}…` : source.text;
  return `${text}${footer}`;
}

/** Makes sure a description links to its message (the person may have deleted the link). */
export function withPermalink(description: string, permalink: string | undefined): string {
  if (!permalink || description.includes(permalink)) return description;
  return description.trim() === '' ? permalink : `${description.trimEnd()}\n\n${permalink}`;
}

/** Reads the message's permalink and author within the budget; what did not arrive in time is null. */
export async function readMessageSource(
  client: webApi.WebClient,
  where: MessageRef,
  message: { text?: string; user?: string },
): Promise<MessageSource> {
  const within = <T>(promise: Promise<T>): Promise<T | null> =>
    Promise.race([promise.catch(() => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), LOOKUP_BUDGET_MS).unref())]);
  const [link, author] = await Promise.all([
    within(client.chat.getPermalink({ channel: where.channelId, message_ts: where.messageTs })),
    message.user ? within(client.users.info({ user: message.user })) : Promise.resolve(null),
  ]);
  return {
    ...where,
    text: plainFromSlack(message.text ?? ''),
    authorName: author?.user?.real_name || author?.user?.name || message.user || null,
    permalink: link?.permalink ?? null,
  };
}
