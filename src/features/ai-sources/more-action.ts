/** The "More pages" / "More brands" buttons: ack, re-check the project, read the next compact page, answer with that list. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { describeError } from '../../slack/error-text.js';
import { logFailure } from '../../slack/log-failure.js';
import { moreRefusal, unsealMore } from './more-value.js';
import { moreButtons } from './more-buttons.js';
import { sourcesListView, type ListName } from './views/sources-view.js';

export function moreAction(deps: RadarDeps, list: ListName) {
  return async ({ ack, body, action, respond }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const value = unsealMore(deps, action.value, scope);
    const refusal = await moreRefusal(deps, value, scope);
    if (refusal || !value) {
      deps.logger.info('refused an AI sources More button', { channel: scope.channel, user: body.user.id });
      await respond({ response_type: 'ephemeral', replace_original: false, text: refusal ?? '' }).catch(() => {});
      return;
    }
    try {
      const paging = { offset: value.offset, limit: value.limit };
      const facts = value.checkId
        ? await deps.service.sourcesCheckFacts(value.projectId, value.checkId, paging)
        : await deps.service.sourcesFacts(value.projectId, paging);
      const more = moreButtons(deps, scope, { projectId: value.projectId, projectName: value.projectName, explicit: value.explicit, checkId: value.checkId });
      const view = sourcesListView(value.projectName, list, facts, deps.now(), more, value.checkId ?? undefined);
      await respond({ response_type: 'ephemeral', replace_original: false, ...view });
    } catch (error) {
      logFailure(deps.logger, 'AI sources More failed', error, { channel: scope.channel });
      await respond({ response_type: 'ephemeral', replace_original: false, text: `:warning: ${describeError(error, { action: 'read the next page of AI sources' })}` }).catch(() => {});
    }
  };
}
