/**
 * Runs one `/radar …` text: parse, find the subcommand, run it, and turn any failure into one
 * sentence for the person. Used by the `/radar` listener and by the Share button.
 */
import type { RespondArguments, webApi } from '@slack/bolt';
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
  /**
   * The `/radar` listener's acknowledgement, not yet sent. Given, runCommand sends it exactly once,
   * before any call that can wait: carrying the answer itself when that needs nothing but memory (a
   * sentence about the text as typed, or a subcommand that `answersInAck`), empty otherwise.
   */
  ack?: (message?: RespondArguments) => Promise<void>;
}

/** The acknowledgement sent at most once; `answer` goes in it while it is unsent, else through `respond`. */
function ackOnce(source: CommandSource) {
  let sent = source.ack === undefined;
  return {
    async empty(): Promise<void> {
      if (sent) return;
      sent = true;
      await source.ack?.();
    },
    async answer(message: RespondArguments): Promise<unknown> {
      if (sent) return source.respond(message);
      sent = true;
      return source.ack?.(message);
    },
  };
}

export async function runCommand(deps: RadarDeps, router: CommandRouter, source: CommandSource): Promise<void> {
  const { registry } = router;
  const acked = ackOnce(source);
  const sayError = (sentence: string) =>
    acked.answer({ response_type: 'ephemeral', replace_original: false, text: sentence, blocks: [section(`:warning: ${sentence}`)] });

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
  // Everything from here may wait on the store, the service or Slack: the ack goes first, unless
  // the subcommand's answer is all in memory and can travel in it.
  if (!subcommand.answersInAck) await acked.empty();

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
    respond: (message) => acked.answer(message),
    commands: registry.all(),
    resolveProject: router.resolveProject,
    ...(words.project ? { resolvedProject: words.project } : {}),
    ...(words.hint ? { projectHint: words.hint } : {}),
  });

  try {
    await subcommand.run(invocation, router.runtimeOf(feature));
    await acked.empty();
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
