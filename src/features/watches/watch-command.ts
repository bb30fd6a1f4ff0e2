/**
 * `/radar watch <dimension> [--competitor <domain>] [--category <category>] [--threshold <points>]
 * [--band <points | engine=points>] [--now <kinds>] [--digest <kinds>]`, `/radar watch quiet <HH:MM-HH:MM> [zone]|off`,
 * `/radar watch digest <HH:MM>`, `/radar watch` (this channel's watches, their tier rules, quiet hours
 * and the digest setting) and `/radar unwatch <dimension>|all`. A watch lives with the channel's
 * binding; its baseline is the dimension's latest run when it is set, so setting it never posts old
 * runs. Only `--now`, `--digest` and `--band` on a watch that exists change it in place (its baseline
 * kept). Each answer echoes exactly what is set, filters and tier rules included.
 */
import type { Subcommand } from '../../plugin.js';
import { isServiceError } from '../../service/errors.js';
import { CONTENT_CATEGORIES } from '../../service/schemas/dimensions.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { UserError } from '../../slack/error-text.js';
import { chooseWord } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';
import { DEFAULT_DIGEST_SETTINGS } from '../../store/digest-settings.js';
import { createSnoozesRepo } from '../../store/snoozes.js';
import { createWatchHeldRepo } from '../../store/watch-held.js';
import { createWatchesRepo, WATCH_DIMENSIONS, type Watch, type WatchDimension } from '../../store/watches.js';
import { AI_DEFAULT_BAND, AI_DEFAULT_THRESHOLD } from './changes/ai.js';
import { defaultTier, kindsOf, type ChangeKind, type Tier } from './changes/tiers.js';
import { readHistory } from './reads.js';
import { scheduleCommand } from './schedule-command.js';
import { DIMENSION_NAMES, dayOfRun } from './views/watch-message.js';
import { tierRulesText, watchListView, watchLine } from './views/watch-list.js';

const DIMENSIONS_TEXT = WATCH_DIMENSIONS.join('|');

async function boundOrExplain(inv: Parameters<Subcommand['run']>[0]) {
  const binding = await inv.deps.bindings.get(inv.teamId, inv.channelId);
  if (!binding) throw new UsageError(`This channel isn't bound to a project yet: \`${COMMAND} bind <project>\` first, then \`${COMMAND} watch <${DIMENSIONS_TEXT}>\`.`);
  return binding;
}

/** The service's names of two dimensions, taken for Radar's (`/radar watch ai-visibility --band chatgpt=3`). */
const DIMENSION_ALIASES: Readonly<Record<string, WatchDimension>> = { 'ai-visibility': 'ai', 'ai-sources': 'sources' };

function dimensionOf(word: string | undefined, command: string): WatchDimension {
  if (!word) throw new UsageError(`Say what to watch: one of ${WATCH_DIMENSIONS.map((x) => `\`${x}\``).join(', ')}.`);
  const alias = DIMENSION_ALIASES[word.toLowerCase()];
  if (alias) return alias;
  return chooseWord(word, WATCH_DIMENSIONS, command, WATCH_DIMENSIONS.map((x) => `\`${x}\``).join(', '));
}

/** The kinds a `--now` / `--digest` value names (comma-separated; `all`: every kind of the dimension). */
function kindsNamed(value: string | undefined, dimension: WatchDimension, flag: string): ChangeKind[] {
  if (value === undefined) return [];
  const known = kindsOf(dimension);
  const words = value.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) throw new UsageError(`\`--${flag}\` takes kinds of change, e.g. \`--${flag} ${known[0]}\`; ${DIMENSION_NAMES[dimension]} has ${known.map((k) => `\`${k}\``).join(', ')} (or \`all\`).`);
  if (words.includes('all')) return known;
  for (const w of words) {
    if (!(known as string[]).includes(w)) throw new UsageError(`*${escapeMrkdwn(w)}* is not a kind of ${DIMENSION_NAMES[dimension]} change; its kinds are ${known.map((k) => `\`${k}\``).join(', ')} (or \`all\`).`);
  }
  return words as ChangeKind[];
}

/** The watch's tier overrides after `--now` and `--digest` (a kind set back to its default tier drops its override). */
function tiersAfter(current: Record<string, Tier>, raised: ChangeKind[], lowered: ChangeKind[]): Record<string, Tier> {
  const both = raised.filter((k) => lowered.includes(k));
  if (both.length) throw new UsageError(`\`${both[0]}\` can't be both \`--now\` and \`--digest\`.`);
  const out = { ...current };
  for (const [kinds, tier] of [[raised, 'now'], [lowered, 'digest']] as const) {
    for (const kind of kinds) {
      if (defaultTier(kind) === tier) delete out[kind];
      else out[kind] = tier;
    }
  }
  return out;
}

/** Engines a watch may band on its own. */
const ENGINE_BANDS_MAX = 20;
const ENGINE_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/**
 * `--band`: points for every engine (`5`), one engine's (`chatgpt=3`), or both, comma-separated
 * (`5,chatgpt=3,perplexity=4`); null when not given. Engine names are lower-cased.
 */
export function bandOfFlag(value: string | undefined, dimension: WatchDimension): { all: number | null; engines: Record<string, number> } | null {
  if (value === undefined) return null;
  if (dimension !== 'ai') throw new UsageError('`--band` applies to `ai` watches only (the noise band of AI presence, in percentage points, for every engine or one).');
  const points = (text: string) => {
    const band = Number(text);
    if (text.trim() === '' || !Number.isFinite(band) || band <= 0 || band > 50) throw new UsageError('`--band` is a number of percentage points above 0 and at most 50, for every engine (`--band 5`) or one (`--band chatgpt=3`).');
    return band;
  };
  const out: { all: number | null; engines: Record<string, number> } = { all: null, engines: {} };
  for (const part of value.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      out.all = points(part);
      continue;
    }
    const engine = part.slice(0, eq).trim().toLowerCase();
    if (!ENGINE_NAME.test(engine)) throw new UsageError(`\`--band\` names an engine as it appears in the AI checks, e.g. \`--band chatgpt=3\`; \`${escapeMrkdwn(part.slice(0, 40))}\` is not one.`);
    out.engines[engine] = points(part.slice(eq + 1));
  }
  if (out.all === null && Object.keys(out.engines).length === 0) points('');
  if (Object.keys(out.engines).length > ENGINE_BANDS_MAX) throw new UsageError(`\`--band\` sets at most ${ENGINE_BANDS_MAX} engines' bands.`);
  return out;
}

export const watchCommand: Subcommand = {
  name: 'watch',
  usage: `watch [${DIMENSIONS_TEXT}] [--competitor <domain>] [--category <content category>] [--threshold <points>] [--band <points>] [--now <kinds>] [--digest <kinds>] | watch quiet <19:00-08:00> [zone]|off | watch digest <09:00>`,
  summary: 'Be told here when a new run of a dimension changes something (now, or in a daily digest); without a dimension, list this channel’s watches.',
  area: 'watches',
  example: `${COMMAND} watch pricing --competitor pipedrift.com`,
  flags: { values: { competitor: 'a competitor domain', category: 'a content category', threshold: 'points', band: 'percentage points, or engine=points', now: 'kinds of change', digest: 'kinds of change' } },
  async run(inv) {
    const { deps } = inv;
    const repo = createWatchesRepo(deps.store);
    const binding = await boundOrExplain(inv);
    if (inv.parsed.args.length === 0) {
      const record = await repo.get(inv.teamId, inv.channelId);
      const digest = (await deps.digestSettings.get(inv.teamId, inv.channelId)) ?? DEFAULT_DIGEST_SETTINGS;
      const snoozes = await createSnoozesRepo(deps.store).active(inv.teamId, inv.channelId, binding.projectId, deps.now());
      const held = ((await createWatchHeldRepo(deps.store).get(inv.teamId, inv.channelId))?.entries ?? []).filter((e) => e.projectId === binding.projectId);
      const heldCount = { digest: 0, quiet: 0 };
      for (const e of held) heldCount[e.reason] += e.changes.length;
      const view = watchListView({ projectName: binding.projectName, record: record?.projectId === binding.projectId ? record : undefined, digest, snoozes, held: heldCount });
      await inv.reply({ ...view, shareable: view.hasWatches });
      return;
    }
    const first = inv.parsed.args[0]?.toLowerCase();
    if (first === 'quiet' || first === 'digest') {
      await scheduleCommand(inv, binding, first);
      return;
    }
    if (inv.parsed.args.length > 1) throw new UsageError(`Watch one dimension at a time, e.g. \`${COMMAND} watch pricing\`.`);
    const dimension = dimensionOf(inv.parsed.args[0], 'watch');
    const { competitor, category, threshold } = inv.parsed.values;
    const raised = kindsNamed(inv.parsed.values.now, dimension, 'now');
    const lowered = kindsNamed(inv.parsed.values.digest, dimension, 'digest');
    const band = bandOfFlag(inv.parsed.values.band, dimension);
    const existing = await repo.get(inv.teamId, inv.channelId);
    const had = existing?.projectId === binding.projectId ? existing.watches.find((w) => w.dimension === dimension) : undefined;
    if (had && competitor === undefined && category === undefined && threshold === undefined && (raised.length || lowered.length || band !== null)) {
      // Tier rules or the band of a watch that exists: changed in place, its baseline and filters kept.
      let after: Watch | undefined;
      await repo.update(inv.teamId, inv.channelId, binding.projectId, (current) => {
        const w = current.watches.find((x) => x.dimension === dimension);
        if (!w) return undefined;
        w.tiers = tiersAfter(w.tiers, raised, lowered);
        if (band !== null) {
          if (band.all !== null) w.band = band.all;
          w.bands = { ...w.bands, ...band.engines };
        }
        after = w;
        return current;
      });
      if (!after) throw new UsageError(`This channel no longer watches *${DIMENSION_NAMES[dimension]}*.`);
      const schedule = existing?.schedule;
      await inv.reply({
        text: `${DIMENSION_NAMES[dimension]} watch changed`,
        blocks: [section(`:eyes: This channel's watch of ${watchLine(after)} now tells:\n${tierRulesText(after, schedule)}`)],
      });
      return;
    }
    if (category !== undefined && dimension !== 'content') throw new UsageError('`--category` filters content watches only.');
    if (category !== undefined && !(CONTENT_CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`\`--category\` is one of ${CONTENT_CATEGORIES.map((c) => `\`${c}\``).join(', ')}.`);
    if (threshold !== undefined && dimension !== 'ai') throw new UsageError('`--threshold` applies to `ai` watches only (points of score, percentage points of mention rate).');
    const points = threshold === undefined ? null : Number(threshold);
    if (points !== null && (!Number.isFinite(points) || points <= 0 || points > 100)) throw new UsageError('`--threshold` is a number of points above 0 and at most 100, e.g. `--threshold 3`.');

    let competitors: string[] = [];
    if (competitor !== undefined) {
      const wanted = competitor.toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '');
      const known = (await deps.service.competitorFacts(binding.projectId)).competitors.map((c) => c.domain.toLowerCase());
      if (!known.includes(wanted)) {
        throw new UserError(`*${escapeMrkdwn(competitor)}* is not one of ${escapeMrkdwn(binding.projectName)}'s monitored domains (${known.map((d) => escapeMrkdwn(d)).join(', ')}), so that filter would never match.`);
      }
      competitors = [wanted];
    }

    // The baseline: the latest run now. Runs up to it are never posted.
    const rows = await readHistory(deps.service, binding.projectId, dimension).catch((error: unknown) => {
      if (isServiceError(error) && error.code === 'no_data_available') return [];
      throw error;
    });
    const baseline = rows[0] ?? null;
    const watch: Watch = {
      dimension,
      competitors,
      category: category ?? null,
      threshold: points,
      muted: [],
      setBy: inv.userId,
      setAt: deps.now().toISOString(),
      lastSeenRunId: baseline?.runId ?? null,
      tiers: tiersAfter(had?.tiers ?? {}, raised, lowered),
      band: band?.all ?? had?.band ?? null,
      bands: { ...(had?.bands ?? {}), ...(band?.engines ?? {}) },
    };
    await repo.update(inv.teamId, inv.channelId, binding.projectId, (current) => ({ ...current, watches: [...current.watches.filter((w) => w.dimension !== dimension), watch] }));
    deps.logger.info('watch set', { team: inv.teamId, channel: inv.channelId, projectId: binding.projectId, dimension });
    const from = baseline ? `Runs after the latest one (${dayOfRun(baseline.at)}, \`${escapeMrkdwn(baseline.runId)}\`) are compared; older ones are not posted.` : 'No run yet: the first run will be the baseline, and the runs after it are compared.';
    const threshText =
      dimension === 'ai' ? ` (score moves from ${points ?? AI_DEFAULT_THRESHOLD} points; presence moves beyond a noise band of ${watch.band ?? AI_DEFAULT_BAND} points${Object.keys(watch.bands ?? {}).length ? ` (${Object.entries(watch.bands ?? {}).map(([e, p]) => `${escapeMrkdwn(e)} ${p}`).join(', ')} on those engines)` : ''}, when two checks agree or at once beyond twice it)` : '';
    const record = await repo.get(inv.teamId, inv.channelId);
    await inv.reply({
      text: `Watching ${DIMENSION_NAMES[dimension]}`,
      blocks: [section(`:eyes: This channel now watches ${watchLine(watch)} of *${escapeMrkdwn(binding.projectName)}*${threshText}. ${from}\n${tierRulesText(watch, record?.schedule)}`)],
    });
  },
};

export const unwatchCommand: Subcommand = {
  name: 'unwatch',
  usage: `unwatch <${DIMENSIONS_TEXT}|all>`,
  summary: 'Stop watching a dimension here (or all of them).',
  area: 'watches',
  example: `${COMMAND} unwatch pricing`,
  async run(inv) {
    const { deps } = inv;
    const repo = createWatchesRepo(deps.store);
    const binding = await boundOrExplain(inv);
    const word = inv.parsed.args[0]?.toLowerCase();
    if (word === 'all') {
      const n = await repo.removeAll(inv.teamId, inv.channelId);
      await createSnoozesRepo(deps.store).clear(inv.teamId, inv.channelId);
      await createWatchHeldRepo(deps.store).clear(inv.teamId, inv.channelId);
      await inv.reply({ text: 'Watches ended', blocks: [section(n === 0 ? 'This channel watched nothing, so nothing changed.' : `Ended all ${n} watch${n === 1 ? '' : 'es'} of this channel.`)] });
      return;
    }
    const dimension = dimensionOf(word, 'unwatch');
    let had = false;
    await repo.update(inv.teamId, inv.channelId, binding.projectId, (current) => {
      had = current.watches.some((w) => w.dimension === dimension);
      return had ? { ...current, watches: current.watches.filter((w) => w.dimension !== dimension) } : undefined;
    });
    if (had) {
      await createSnoozesRepo(deps.store).clear(inv.teamId, inv.channelId, dimension);
      await createWatchHeldRepo(deps.store).clear(inv.teamId, inv.channelId, dimension);
    }
    await inv.reply({
      text: had ? `Stopped watching ${DIMENSION_NAMES[dimension]}` : 'Nothing to stop',
      blocks: [section(had ? `This channel no longer watches *${DIMENSION_NAMES[dimension]}*.` : `This channel doesn't watch *${DIMENSION_NAMES[dimension]}*; \`${COMMAND} watch\` lists what it watches.`)],
    });
  },
};
