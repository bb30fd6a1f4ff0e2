/**
 * What the Home tab says of each bound channel's settings, one reader per capability: digests and
 * watches today; another capability adds its reader to `CHANNEL_SETTINGS` and nothing else in the
 * Home tab changes. A reader answers short mrkdwn phrases (escaped), or none when it has nothing to say.
 */
import type { RadarDeps } from '../../deps.js';
import type { Binding } from '../../store/bindings.js';
import { dayOf, escapeMrkdwn } from '../../slack/blocks/index.js';
import { createWatchesRepo } from '../../store/watches.js';

export interface ChannelSettingReader {
  name: string;
  read(deps: RadarDeps, binding: Binding): Promise<string[]>;
}

export const digestSetting: ChannelSettingReader = {
  name: 'digests',
  async read(deps, binding) {
    const settings = await deps.digestSettings.get(binding.teamId, binding.channelId);
    if (!settings) return [];
    if (!settings.digestsEnabled) return ['digests off'];
    const since = dayOf(settings.failing?.since);
    return [settings.failing ? `digests on (failing${since ? ` since ${since}` : ''})` : 'digests on'];
  },
};

/** The channel's watches: "watches: pricing, ai" (those of its current binding's project only). */
export const watchSetting: ChannelSettingReader = {
  name: 'watches',
  async read(deps, binding) {
    const record = await createWatchesRepo(deps.store).get(binding.teamId, binding.channelId);
    if (!record || record.projectId !== binding.projectId || record.watches.length === 0) return [];
    return [`watches: ${record.watches.map((w) => escapeMrkdwn(w.dimension)).join(', ')}`];
  },
};

/**
 * Every capability's reader, in the order their phrases are shown. Scheduled reports (issue 31
 * item 3) add their reader here (e.g. "reports weekly Mon 09:00"), and nothing else on Home changes.
 */
export const CHANNEL_SETTINGS: readonly ChannelSettingReader[] = [digestSetting, watchSetting];

/** The phrases of every reader for one channel; a reader that fails says so in its place. */
export async function settingsOf(deps: RadarDeps, binding: Binding, readers: readonly ChannelSettingReader[] = CHANNEL_SETTINGS): Promise<string[]> {
  const parts = await Promise.all(
    readers.map((reader) =>
      reader.read(deps, binding).catch((error: unknown) => {
        deps.logger.info('home: could not read a channel setting', { setting: reader.name, channel: binding.channelId, error });
        return [`${reader.name}: couldn't read`];
      }),
    ),
  );
  return parts.flat();
}
