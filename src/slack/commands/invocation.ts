/**
 * What a subcommand's `run` receives: the parsed text, who and where, the project a command is
 * about, every subcommand (for help), and `reply`, which answers the person (ephemeral) or the
 * channel (`--share`).
 */
import type { webApi } from '@slack/bolt';
import type { Respond } from '../respond.js';
import type { RadarDeps } from '../../deps.js';
import type { ParsedCommand } from './parse.js';
import type { SubcommandSpec } from './spec.js';
import { actions, button, context, type Block } from '../blocks/index.js';
import { ACTION_IDS } from '../ids.js';
import { LIMITS } from '../blocks/limits.js';
import { UserError } from '../error-text.js';
import { isChartBlock } from '../charts/block.js';
import type { MessageChart } from '../charts/post.js';

export interface ProjectRef {
  id: string;
  name: string;
}

/**
 * The port through which a command finds its project: `explicit` (`--project`) when given, else
 * the channel's binding; a UserError when neither. The composition root wires the bindings
 * feature's resolver here.
 */
export type ProjectResolver = (where: { teamId: string; channelId: string; explicit: string | undefined }) => Promise<ProjectRef>;

export interface ReplyMessage {
  /** Fallback text (notifications, screen readers); the blocks carry the answer. */
  text: string;
  blocks?: Block[];
  /** Offer a "Share to channel" button when the answer is ephemeral. */
  shareable?: boolean;
  /**
   * The charts the blocks show (views' `charts`). An answer through response_url cannot carry a file:
   * when Slack refuses the chart blocks the answer goes again without them, its figures (always
   * beside each chart as text or a table) standing in for the drawing.
   */
  charts?: readonly MessageChart[];
  /**
   * Message metadata (`event_type`, `event_payload`) for an answer about a ticket or a change, so other
   * apps and workflows can act on it without reading its text (a `response_url` answer carries it too).
   */
  metadata?: { event_type: string; event_payload: Record<string, string> };
}

export interface CommandInvocation {
  deps: RadarDeps;
  parsed: ParsedCommand;
  /** The text after `/radar`, as typed. */
  text: string;
  teamId: string;
  channelId: string;
  userId: string;
  userName: string;
  triggerId: string | undefined;
  /** `--share`, or the Share button: answer to the channel rather than only to the person. */
  share: boolean;
  client: webApi.WebClient;
  /** Every subcommand, in the order help lists them. */
  commands: readonly SubcommandSpec[];
  /** The project this command is about: `--project` (for subcommands that take it), else the channel's binding; a UserError when neither. */
  project(): Promise<ProjectRef>;
  reply(message: ReplyMessage): Promise<void>;
}

export interface InvocationInput {
  deps: RadarDeps;
  parsed: ParsedCommand;
  text: string;
  teamId: string;
  channelId: string;
  userId: string;
  userName: string;
  triggerId?: string;
  share: boolean;
  client: webApi.WebClient;
  respond: Respond;
  commands: readonly SubcommandSpec[];
  resolveProject: ProjectResolver;
  /** The project already found for `--project` (project-words.ts), so it is not looked up again. */
  resolvedProject?: ProjectRef;
  /** Added to a UserError from finding the `--project` project (how to type a name with spaces). */
  projectHint?: string;
}

/** Said once where the first chart stood when Slack refused the chart block and the answer goes without it. */
export const CHART_NOT_DRAWN = 'Slack could not draw the chart here: the figures in this answer say the same numbers.';

/** The blocks without their chart blocks, one line in place of the first saying the chart could not be drawn. */
function withoutCharts(blocks: readonly Block[]): Block[] {
  const first = blocks.findIndex(isChartBlock);
  return blocks.flatMap((b, i) => (i === first ? [context(`_${CHART_NOT_DRAWN}_`)] : isChartBlock(b) ? [] : [b]));
}

export function createInvocation(input: InvocationInput): CommandInvocation {
  let projectPromise: Promise<ProjectRef> | undefined;
  return {
    deps: input.deps,
    parsed: input.parsed,
    text: input.text,
    teamId: input.teamId,
    channelId: input.channelId,
    userId: input.userId,
    userName: input.userName,
    triggerId: input.triggerId,
    share: input.share,
    client: input.client,
    commands: input.commands,
    project() {
      projectPromise ??= input.resolvedProject
        ? Promise.resolve(input.resolvedProject)
        : input.resolveProject({ teamId: input.teamId, channelId: input.channelId, explicit: input.parsed.values.project }).catch((error: unknown) => {
            throw input.projectHint && error instanceof UserError ? new UserError(`${error.message}${input.projectHint}`) : error;
          });
      return projectPromise;
    },
    async reply(message) {
      const blocks = message.blocks ? [...message.blocks] : undefined;
      if (blocks && message.shareable && !input.share && blocks.length < LIMITS.blocksPerMessage) {
        // The command is sealed to this channel: the button runs it here and nowhere else. Sealed
        // only for an answer that offers the button (a seal is an HMAC and random bytes).
        const value = input.deps.seals.seal({ text: `${input.text}`.trim() }, { channel: input.channelId, team: input.teamId });
        if (value.length <= LIMITS.buttonValue) blocks.push(actions([button({ text: 'Share to channel', actionId: ACTION_IDS.share, value })]));
      }
      const send = (shown: Block[] | undefined) =>
        input.respond({
          response_type: input.share ? 'in_channel' : 'ephemeral',
          replace_original: false,
          text: message.text,
          ...(shown ? { blocks: shown } : {}),
          ...(message.metadata ? { metadata: message.metadata } : {}),
        });
      if (!blocks?.some(isChartBlock)) {
        await send(blocks);
        return;
      }
      try {
        await send(blocks);
      } catch (error) {
        // A workspace that does not draw Slack's chart block refuses the whole answer: it goes again
        // without the chart blocks; the figures beside each chart say the same numbers.
        input.deps.logger.info('the answer went again without its chart blocks', { error: error instanceof Error ? error.message : String(error) });
        await send(withoutCharts(blocks));
      }
    },
  };
}
