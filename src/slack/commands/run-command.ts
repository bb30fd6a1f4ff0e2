/**
 * Runs one `/radar …` text: parse, find the subcommand, run it, and turn any failure into one
 * sentence for the person. Used by the `/radar` listener and by the Share button.
 */
import type { webApi } from '@slack/bolt';
import type { Respond } from '../respond.js';
import type { RadarDeps } from '../../deps.js';
import type { AnyFeature } from '../../plugin.js';
import { describeError } from '../error-text.js';
import { logFailure } from '../log-failure.js';
import { escapeMrkdwn, section, truncate } from '../blocks/index.js';
import { parseCommand } from './parse.js';
import { isServiceError } from '../../service/errors.js';
import { createInvocation, type ProjectResolver } from './invocation.js';
import { absorbProjectWords, type ProjectWords } from './project-words.js';
import type { CommandRegistry } from './registry.js';
import { COMMAND } from '../ids.js';

/** A bare `/radar` runs this subcommand. */
const DEFAULT_SUBCOMMAND = 'help';

/** What the `/radar` listener dispatches with, for one app. */
export interface CommandRouter {
  registry: CommandRegistry;
  resolveProject: ProjectResolver;
  /** What each feature's `register` built for this app, handed to its subcommands' `run`. */
  runtimeOf(feature: AnyFeature): unknown;
}

export interface CommandSource {
  text: string;
  teamId: string;
  channelId: string;
  userId: string;
  userName: string;
  triggerId?: string;
  /** Set by the Share button; `--share` in the text sets it too. */
  share?: boolean;
  client: webApi.WebClient;
  respond: Respond;
}

export async function runCommand(deps: RadarDeps, router: CommandRouter, source: CommandSource): Promise<void> {
  const { registry } = router;
  const sayError = (sentence: string) =>
    source.respond({ response_type: 'ephemeral', replace_original: false, text: sentence, blocks: [section(`:warning: ${sentence}`)] });

  let parsed;
  try {
    parsed = parseCommand(source.text, {
      all: registry.flags.all,
      of: (name) => registry.flags.of(name === '' ? DEFAULT_SUBCOMMAND : name),
    });
  } catch (error) {
    await sayError(describeError(error));
    return;
  }

  const name = parsed.name === '' ? DEFAULT_SUBCOMMAND : parsed.name;
  const found = registry.find(name);
  if (!found) {
    const guess = registry.suggest(name);
    const typed = escapeMrkdwn(truncate(name, 40));
    await sayError(
      guess
        ? `Radar doesn't know \`${COMMAND} ${typed}\`. Did you mean \`${COMMAND} ${guess.name}\`? (\`${COMMAND} help\` lists everything.)`
        : `Radar doesn't know \`${COMMAND} ${typed}\`; \`${COMMAND} help\` lists what it can do.`,
    );
    return;
  }
  const { subcommand, feature } = found;

  // `--project Quarry Pay` without quotes: the words after the value may complete the project's name.
  let words: ProjectWords = { parsed };
  if (subcommand.flags?.values && Object.hasOwn(subcommand.flags.values, 'project')) {
    try {
      words = await absorbProjectWords(parsed, (explicit) => router.resolveProject({ teamId: source.teamId, channelId: source.channelId, explicit }));
    } catch (error) {
      await sayError(describeError(error));
      return;
    }
    parsed = words.parsed;
  }

  const invocation = createInvocation({
    deps,
    parsed,
    text: source.text,
    teamId: source.teamId,
    channelId: source.channelId,
    userId: source.userId,
    userName: source.userName,
    ...(source.triggerId ? { triggerId: source.triggerId } : {}),
    share: Boolean(source.share) || parsed.switches.has('share'),
    client: source.client,
    respond: source.respond,
    commands: registry.all(),
    resolveProject: router.resolveProject,
    ...(words.project ? { resolvedProject: words.project } : {}),
    ...(words.hint ? { projectHint: words.hint } : {}),
  });

  try {
    await subcommand.run(invocation, router.runtimeOf(feature));
  } catch (error) {
    logFailure(deps.logger, `/radar ${subcommand.name} failed`, error, { team: source.teamId, channel: source.channelId });
    // Only a "project not found" sentence names the project, so only then is it looked up.
    let projectName: string | undefined;
    if (isServiceError(error) && error.code === 'project_not_found') projectName = await invocation.project().then((p) => p.name, () => undefined);
    try {
      await sayError(describeError(error, { action: `run \`${COMMAND} ${subcommand.name}\``, ...(projectName ? { projectName } : {}) }));
    } catch (replyError) {
      deps.logger.warn('could not deliver the error reply', { error: replyError });
    }
  }
}
