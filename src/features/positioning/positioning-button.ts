/**
 * The "Full view" button of the compact positioning view: acks at once, checks the sealed value
 * against this channel (its binding, the access policy), reads positioning once and answers the
 * person ephemerally with that competitor's full view (and a Share button, like a command's answer).
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { PositioningRow } from '../../service/index.js';
import { actions, button, LIMITS, section } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';
import { ACTION_IDS, COMMAND } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import { normaliseDomain } from '../competitor-match/match-competitor.js';
import { refusalFor, unsealCompetitorButton, type CompetitorButton } from './button-value.js';
import { loadPositioning, noPositioningYet } from './positioning.js';
import { positioningFullView } from './views/positioning-view.js';

function isTheOne(row: PositioningRow, ref: CompetitorButton): boolean {
  if (ref.competitorId !== null && row.identity.competitorId !== null) return row.identity.competitorId === ref.competitorId;
  return ref.domain !== null && row.identity.domain !== null && normaliseDomain(row.identity.domain) === normaliseDomain(ref.domain);
}

/** The command the Share button runs again: the same competitor, and `--project` when the view came from one. */
function commandText(ref: CompetitorButton): string {
  const who = ref.domain ?? ref.competitorId ?? '';
  const quoted = /\s/.test(who) ? `"${who}"` : who;
  return `positioning ${quoted}${ref.explicit ? ` --project ${ref.projectId}` : ''}`;
}

export function positioningButton(deps: RadarDeps) {
  return async ({ ack, body, action, respond }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const ref = unsealCompetitorButton(deps, action.value, scope);
    const refusal = await refusalFor(deps, ref, scope);
    if (refusal !== null || ref === null) {
      deps.logger.info('refused a positioning button', { channel: scope.channel, user: body.user.id, sealed: ref !== null });
      await respond({ response_type: 'ephemeral', replace_original: false, text: refusal ?? '' });
      return;
    }
    try {
      const facts = await loadPositioning(deps, ref.projectId);
      if (facts === null) {
        await respond({ response_type: 'ephemeral', replace_original: false, ...noPositioningYet(ref.projectName) });
        return;
      }
      const row = facts.rows.kind === 'value' ? facts.rows.value.find((r): r is PositioningRow => r !== null && isTheOne(r, ref)) : undefined;
      if (!row) {
        const sentence = `That competitor is no longer in ${ref.projectName}’s positioning; run \`${COMMAND} positioning\` again.`;
        await respond({ response_type: 'ephemeral', replace_original: false, text: sentence, blocks: [section(sentence)] });
        return;
      }
      const view = positioningFullView(ref.projectName, facts, row);
      const share = deps.seals.seal({ text: commandText(ref) }, scope);
      const blocks = share.length <= LIMITS.buttonValue && view.blocks.length < LIMITS.blocksPerMessage ? [...view.blocks, actions([button({ text: 'Share to channel', actionId: ACTION_IDS.share, value: share })])] : view.blocks;
      await respond({ response_type: 'ephemeral', replace_original: false, text: view.text, blocks });
    } catch (error) {
      logFailure(deps.logger, 'positioning full view failed', error, { channel: scope.channel });
      const sentence = describeError(error, { action: 'show that competitor’s positioning' });
      await respond({ response_type: 'ephemeral', replace_original: false, text: sentence, blocks: [section(`:warning: ${sentence}`)] }).catch(() => {});
    }
  };
}
