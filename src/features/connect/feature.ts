/**
 * Each workspace connects its own service (issue 32 item 2, OAuth mode only; a feature with no
 * subcommands). Its part of the Home tab (through `deps.workspaces.home`, the Home feature's one
 * hook) shows an admin or owner *Connect the service*, or *Replace key* and *Disconnect* once
 * connected; everyone else reads who can connect. The modal takes the key, and on submission,
 * on the server: the person is an admin or owner (`users.info` is_admin / is_owner /
 * is_primary_owner, never taken from the button), the key reads (listProjects) and its scope is
 * probed (`service/key-scope.ts`), then it is stored sealed for the request's own installation
 * (`store/service-keys.ts`; the workspace comes from the installation `authorize` found, never from
 * the payload or the view). A failure is one sentence in the modal. The key is never logged,
 * never shown again; the log names the workspace, the person and the key's fingerprint.
 */
import type { App, BlockButtonAction, webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { logFailure } from '../../slack/log-failure.js';
import { currentWorkspace } from '../../slack/workspace-scope.js';
import { connectBlocks, connectedModal, connectModal } from './views/connect-views.js';

const NOT_ADMIN = 'Only an admin or owner of this workspace can connect the monitoring service.';

/** Whether Slack says the person is an admin or owner of the workspace; false when it cannot say. */
export async function isWorkspaceAdmin(client: webApi.WebClient, userId: string): Promise<boolean> {
  const answer = await client.users.info({ user: userId });
  const user = answer.user as { is_admin?: boolean; is_owner?: boolean; is_primary_owner?: boolean; deleted?: boolean; is_bot?: boolean } | undefined;
  if (!user || user.deleted || user.is_bot) return false;
  return user.is_admin === true || user.is_owner === true || user.is_primary_owner === true;
}

function register(app: App, deps: RadarDeps) {
  const workspaces = deps.workspaces;
  if (!workspaces) return { runtime: undefined };
  const logger = deps.logger.child({ component: 'connect' });
  const adminOrFalse = (client: webApi.WebClient, userId: string) =>
    isWorkspaceAdmin(client, userId).catch((error: unknown) => {
      logFailure(logger, 'connect: could not ask Slack whether a person is an admin', error, { user: userId });
      return false;
    });
  const republish = (client: webApi.WebClient, teamId: string, userId: string) =>
    workspaces.home.republish?.({ client, teamId, userId }).catch((error: unknown) => logFailure(logger, 'connect: could not publish the Home tab again', error, { user: userId }));

  workspaces.home.blocks = async ({ client, userId }) => {
    const scope = currentWorkspace();
    if (!scope) return { blocks: [], only: false };
    const [connected, connection, admin] = await Promise.all([workspaces.current(), workspaces.keys.connection(scope.workspace), adminOrFalse(client, userId)]);
    const shown = connected && connection ? connection : null;
    return { blocks: connectBlocks({ connection: shown, admin }), only: shown === null };
  };

  const on = listenerGroups(app);
  on.action<BlockButtonAction>(ACTION_IDS.connectOpen, async ({ ack, body, client }) => {
    await ack();
    const scope = currentWorkspace();
    if (!scope) return;
    try {
      const connection = await workspaces.keys.connection(scope.workspace);
      await client.views.open({ trigger_id: body.trigger_id, view: connectModal(connection !== undefined) as never });
    } catch (error) {
      logFailure(logger, 'connect: could not open the modal', error, { user: body.user.id });
    }
  });

  on.view(CALLBACK_IDS.connectModal, async ({ ack, body, view, client }) => {
    const fail = (sentence: string) => ack({ response_action: 'errors', errors: { [BLOCK_IDS.connectKey]: sentence } });
    const scope = currentWorkspace();
    const userId = body.user.id;
    if (!scope) return void (await fail('Radar could not tell which workspace this is; open its Home tab again.'));
    if (!(await adminOrFalse(client, userId))) {
      logger.info('connect: refused a key from a person who is not an admin or owner', { workspace: scope.workspace, user: userId });
      return void (await fail(NOT_ADMIN));
    }
    const typed = view.state.values[BLOCK_IDS.connectKey]?.[ACTION_IDS.connectKey]?.value;
    const apiKey = typeof typed === 'string' ? typed.trim() : '';
    if (apiKey === '' || /\s/.test(apiKey)) return void (await fail('Paste the key alone, without spaces.'));
    const check = await workspaces.checkKey(apiKey);
    if (!check.ok) {
      logger.info('connect: a key was refused by the check', { workspace: scope.workspace, user: userId });
      return void (await fail(check.sentence));
    }
    const before = await workspaces.keys.connection(scope.workspace);
    const stored = await workspaces.keys.set(scope.workspace, apiKey, { scope: check.scope, connectedBy: userId });
    workspaces.forget(scope);
    logger.info(before ? 'connect: service key replaced' : 'connect: service key connected', {
      workspace: scope.workspace,
      user: userId,
      scope: stored.scope,
      fingerprint: stored.fingerprint,
    });
    await ack({ response_action: 'update', view: connectedModal(check.scope, check.projects) as never });
    await republish(client, scope.teamId, userId);
  });

  on.action<BlockButtonAction>(ACTION_IDS.connectDisconnect, async ({ ack, body, client }) => {
    await ack();
    const scope = currentWorkspace();
    if (!scope) return;
    const userId = body.user.id;
    if (!(await adminOrFalse(client, userId))) {
      logger.info('connect: refused a disconnect from a person who is not an admin or owner', { workspace: scope.workspace, user: userId });
      return;
    }
    try {
      const removed = await workspaces.keys.remove(scope.workspace);
      workspaces.forget(scope);
      logger.info('connect: service key disconnected', { workspace: scope.workspace, user: userId, removed });
    } catch (error) {
      logFailure(logger, 'connect: could not disconnect', error, { user: userId });
      return;
    }
    await republish(client, scope.teamId, userId);
  });

  return { runtime: undefined };
}

export const connectFeature: Feature = { name: 'connect', register };
