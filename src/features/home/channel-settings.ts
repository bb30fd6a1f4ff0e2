/**
 * What the Home tab says of each bound channel's settings, one reader per capability. Digests
 * today; watches (added beside this) add their reader to `CHANNEL_SETTINGS` and nothing else in the
 * Home tab changes. A reader answers short mrkdwn phrases (escaped), or none when it has nothing to say.
 */
import type { RadarDeps } from '../../deps.js';
import type { Binding } from '../../store/bindings.js';
import { dayText } from '../../slack/blocks/index.js';

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
    const since = settings.failing?.since ? dayText(settings.failing.since) : null;
    return [settings.failing ? `digests on (failing${since ? ` since ${since}` : ''})` : 'digests on'];
  },
};

/** Every capability's reader, in the order their phrases are shown. Watches: add `watchSetting` here. */
export const CHANNEL_SETTINGS: readonly ChannelSettingReader[] = [digestSetting];

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
