/**
 * The Delete button `/radar label delete` answers with (Slack's confirm dialog asks once more). Its
 * value is sealed to the channel; on press the project is checked against the channel's binding
 * again, the presser against `RADAR_ADMINS`, and the delete is claimed per label, so a double press
 * deletes once and answers once.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { requireAdmin } from '../../slack/access-policy.js';
import { LIMITS, escapeMrkdwn, plural, section } from '../../slack/blocks/index.js';
import { describeError, FORGED_VALUE } from '../../slack/error-text.js';
import { logFailure } from '../../slack/log-failure.js';
import type { SealScope } from '../../slack/sealed-values.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { labelRefusal } from '../board/label-rules.js';
import { projectRefusalHere } from '../board/binding-check.js';

export interface LabelDeleteValue {
  projectId: string;
  labelId: string;
  name: string;
  /** Tickets carrying it when asked. */
  count: number;
  explicit: boolean;
}

export function sealLabelDelete(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, v: LabelDeleteValue): string {
  return deps.seals.seal({ k: 'ld', p: v.projectId, l: v.labelId, n: v.name, c: v.count, ...(v.explicit ? { x: 1 } : {}) }, scope, LIMITS.buttonValue);
}

function unseal(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): LabelDeleteValue | null {
  const p = deps.seals.unseal(value, scope) as { k?: unknown; p?: unknown; l?: unknown; n?: unknown; c?: unknown; x?: unknown } | null;
  if (!p || p.k !== 'ld' || typeof p.p !== 'string' || typeof p.l !== 'string' || typeof p.n !== 'string' || typeof p.c !== 'number') return null;
  return { projectId: p.p, labelId: p.l, name: p.n, count: p.c, explicit: p.x === 1 };
}

export function labelDeleteAction(deps: RadarDeps, claims: SubmissionsRepo) {
  return async ({ ack, body, respond }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const value = unseal(deps, body.actions[0]?.value, scope);
    const say = (text: string) => respond({ replace_original: false, response_type: 'ephemeral', text });
    const refusal = value ? await projectRefusalHere(deps, value, scope) : FORGED_VALUE;
    if (refusal || !value) {
      deps.logger.info('refused a label delete', { channel: scope.channel, user: body.user.id });
      await say(refusal ?? FORGED_VALUE);
      return;
    }
    try {
      requireAdmin(deps.config, body.user.id, 'change labels');
    } catch (error) {
      await say(describeError(error));
      return;
    }
    const key = `label-delete:${value.projectId}:${value.labelId}`;
    if (!(await claims.claim(key, deps.now())).claimed) return;
    try {
      await deps.service.deleteLabel(value.projectId, value.labelId);
      await claims.complete(key, { ticketId: value.labelId, ticketNumber: value.count, ticketTitle: value.name });
    } catch (error) {
      await claims.release(key);
      logFailure(deps.logger, 'label delete failed', error, { label: value.labelId });
      const gone = (error as { code?: string }).code === 'project_not_found';
      await say(`:warning: ${gone ? `The label “${escapeMrkdwn(value.name)}” is no longer on the project.` : (labelRefusal(error, false) ?? describeError(error, { action: 'delete the label' }))}`);
      return;
    }
    const text = `:wastebasket: <@${body.user.id}> deleted the label *${escapeMrkdwn(value.name)}*${value.count > 0 ? `; ${plural(value.count, 'ticket')} lost it` : ''}.`;
    await respond({ replace_original: true, text, blocks: [section(text)] });
  };
}

