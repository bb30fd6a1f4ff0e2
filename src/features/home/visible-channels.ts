/**
 * Which channels a person can see, so their Home tab lists only bindings of channels they are in:
 * `users.conversations` for that person (public and private channels; Slack lists a private channel
 * only when Radar is in it too, which a bound channel always is). Paged, at most `MAX_PAGES` pages.
 * A failure (an older install without `channels:read`/`groups:read`) answers null: the Home tab then
 * lists no channel rather than one the person may not see (docs/assumptions.md, App Home).
 */
import type { webApi } from '@slack/bolt';

const PAGE = 200;
const MAX_PAGES = 10;

export async function channelsOf(client: webApi.WebClient, userId: string): Promise<Set<string> | null> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.users.conversations({
      user: userId,
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    for (const channel of answer.channels ?? []) if (channel.id) seen.add(channel.id);
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return seen;
}
