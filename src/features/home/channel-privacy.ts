/**
 * Whether a bound channel is public, for the Home tab's "where Radar works" (issue 31): a bound
 * channel the person is not in is listed only when it is public. Asked of Slack (`conversations.info`,
 * `is_private`) and kept in the store for a day (`channel-privacy`), at most `MAX_LOOKUPS` channels a
 * refresh, a few at a time; a channel not known yet (or not answered) is not listed, never guessed.
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { forEachLimited } from '../../limiter.js';

export const CHANNEL_PRIVACY_NAMESPACE = 'channel-privacy';
const TTL_MS = 24 * 60 * 60_000;
/** Channels one Home refresh asks Slack about; the rest wait for the next refresh. */
export const MAX_LOOKUPS = 30;

/** True (public), false (private), or absent (unknown) per channel. */
export async function publicChannels(deps: Pick<RadarDeps, 'store' | 'logger'>, client: webApi.WebClient, teamId: string, channelIds: readonly string[]): Promise<Map<string, boolean>> {
  const keyv = deps.store.keyv(CHANNEL_PRIVACY_NAMESPACE);
  const known = new Map<string, boolean>();
  const unknown: string[] = [];
  for (const id of channelIds) {
    const cached = (await keyv.get<{ isPublic: boolean }>(`${teamId}:${id}`)) as { isPublic?: unknown } | undefined;
    if (typeof cached?.isPublic === 'boolean') known.set(id, cached.isPublic);
    else unknown.push(id);
  }
  await forEachLimited(unknown.slice(0, MAX_LOOKUPS), 4, async (id) => {
    try {
      const info = await client.conversations.info({ channel: id });
      if (!info.channel) return;
      const isPublic = info.channel.is_private !== true && info.channel.is_im !== true && info.channel.is_mpim !== true;
      known.set(id, isPublic);
      await keyv.set(`${teamId}:${id}`, { isPublic }, TTL_MS);
    } catch (error) {
      deps.logger.info('home: could not learn whether a bound channel is public (conversations.info); not listed', { channel: id, error });
    }
  });
  return known;
}
