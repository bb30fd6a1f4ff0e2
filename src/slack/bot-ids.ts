/**
 * Radar's own `bot_id` where a post goes: how a delivery recognises its earlier post after a crash
 * (src/features/background/find-own-post.ts). Single-workspace mode has one bot, learned once through
 * `auth.test` (asked again after a failure). In OAuth mode (issue 32) each workspace has its own bot,
 * and `auth.test` without a workspace has no token to go with: the installation client
 * (`installation-client.ts`) answers for the workspace the channel belongs to, from the
 * installation record (or that workspace's `auth.test`), cached per workspace.
 */
import type { webApi } from '@slack/bolt';

/** Where a post goes: its channel (or a person's id, for a direct message) and, failing that, its team. */
export interface BotIdWhere {
  channel: string;
  teamId?: string;
}

/** A client that knows each workspace's bot (the installation client). */
export interface BotIdSource {
  botIdFor(where: BotIdWhere): Promise<string>;
}

const isSource = (client: object): client is BotIdSource => typeof (client as Partial<BotIdSource>).botIdFor === 'function';

/** The bot id lookup for posts made through `client`. */
export function botIdLookup(client: webApi.WebClient): (where: BotIdWhere) => Promise<string> {
  let botId: Promise<string> | undefined;
  // Asked at the first lookup, not here: a poster may be built before (or without) its client.
  return (where) => {
    if (isSource(client)) return client.botIdFor(where);
    botId ??= client.auth.test().then((r) => {
      if (!r.bot_id) throw new Error('auth.test answered without a bot_id');
      return r.bot_id;
    });
    botId.catch(() => (botId = undefined));
    return botId;
  };
}
