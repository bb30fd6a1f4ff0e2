/**
 * Buttons that open another `/radar` answer (a full view from a card, one check from a history):
 * the button carries the command text sealed to the channel it was shown in, with the project it was
 * shown for. A press runs the text like the person typed it, answering only to them (ephemeral);
 * the project is resolved again through the channel's binding or `--project` and the access policy,
 * and a button shown for the channel's binding refuses once the channel is bound elsewhere.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { button, LIMITS, type Button } from '../blocks/index.js';
import { FORGED_VALUE, STALE_BINDING } from '../error-text.js';
import { ACTION_IDS } from '../ids.js';
import type { SealScope } from '../sealed-values.js';
import { runCommand, type CommandRouter } from './run-command.js';

export interface OpenCommand {
  /** The text after `/radar`, e.g. `pricing --project prj_northwind`. */
  text: string;
  /** The project the answer was about. */
  projectId: string;
  /** True when that project came from `--project` (the text carries it), not the channel's binding. */
  explicit: boolean;
}

/** A button that runs `open.text` for whoever presses it, ephemerally; null when the sealed value would not fit. */
export function openCommandButton(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, label: string, open: OpenCommand, actionSuffix = ''): Button | null {
  const value = deps.seals.seal({ t: open.text, p: open.projectId, ...(open.explicit ? { x: 1 } : {}) }, scope);
  if (value.length > LIMITS.buttonValue) return null;
  return button({ text: label, actionId: `${ACTION_IDS.openCommand}${actionSuffix}`, value });
}

/** `--project <id>` when the answer's project was explicit; '' when it came from the binding. */
export function projectArg(open: { projectId: string; explicit: boolean }): string {
  return open.explicit ? ` --project ${open.projectId}` : '';
}

/** Matches the open buttons' action ids (a suffix keeps several in one actions block distinct). */
export const OPEN_COMMAND_ACTION = new RegExp(`^${ACTION_IDS.openCommand}(:.*)?$`);

export function openCommandAction(deps: RadarDeps, router: CommandRouter) {
  return async ({ ack, body, action, respond, client }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const channelId = body.channel?.id;
    if (!channelId) return;
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const sealed = deps.seals.unseal(action.value, { channel: channelId, team: teamId }) as { t?: unknown; p?: unknown; x?: unknown } | null;
    const refuse = async (text: string) => {
      deps.logger.info('refused an open button', { channel: channelId, user: body.user.id });
      await respond({ response_type: 'ephemeral', replace_original: false, text }).catch(() => {});
    };
    if (!sealed || typeof sealed.t !== 'string' || typeof sealed.p !== 'string') return refuse(FORGED_VALUE);
    if (sealed.x !== 1) {
      const binding = await deps.bindings.get(teamId, channelId);
      if (binding?.projectId !== sealed.p) return refuse(STALE_BINDING);
    }
    await runCommand(deps, router, {
      text: sealed.t,
      teamId,
      channelId,
      userId: body.user.id,
      userName: body.user.name ?? body.user.username ?? body.user.id,
      share: false,
      client,
      respond,
    });
  };
}
