/**
 * The Home tab's part and the modal of connecting a workspace's service key (issue 32 item 2,
 * OAuth mode). Plain data in, Block Kit out; the key itself never reaches a view.
 */
import type { types } from '@slack/bolt';
import { actions, button, context, header, section, type Block } from '../../../slack/blocks/index.js';
import { dateTokenOf } from '../../../slack/blocks/time.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../slack/ids.js';
import type { ServiceConnection } from '../../../store/service-keys.js';

export interface ConnectModel {
  /** The workspace's connection (without its key); null when none is connected. */
  connection: ServiceConnection | null;
  /** Whether the person is an admin or owner of the workspace (`users.info`). */
  admin: boolean;
}

const SCOPE_WORDS: Record<ServiceConnection['scope'], string> = {
  read_write: 'reads and ticket changes',
  read: 'read-only: tickets cannot be created or changed',
  unknown: 'scope not known yet',
};

export function connectBlocks(model: ConnectModel): Block[] {
  const { connection, admin } = model;
  if (!connection) {
    if (!admin) {
      return [
        header('Connect the service'),
        section("Radar isn't connected to the monitoring service in this workspace yet, so it can't answer anything here. An admin or owner of this workspace connects it from this tab."),
      ];
    }
    return [
      header('Connect the service'),
      section("Radar needs your organisation's monitoring service API key before it can answer anything in this workspace. Radar checks the key, stores it encrypted and never shows it again."),
      actions([button({ text: 'Connect the service', actionId: ACTION_IDS.connectOpen, style: 'primary' })]),
    ];
  }
  if (!admin) return [];
  const disconnect = {
    ...button({ text: 'Disconnect', actionId: ACTION_IDS.connectDisconnect, style: 'danger' }),
    confirm: {
      title: { type: 'plain_text', text: 'Disconnect the service?' },
      text: { type: 'plain_text', text: 'Every /radar command in this workspace stops working until an admin connects a key again.' },
      confirm: { type: 'plain_text', text: 'Disconnect' },
      deny: { type: 'plain_text', text: 'Cancel' },
      style: 'danger',
    },
  } as types.Button;
  return [
    header('The monitoring service'),
    section(`Connected by <@${connection.connectedBy}> ${dateTokenOf(connection.connectedAt)} with the key of fingerprint \`${connection.fingerprint}\` (${SCOPE_WORDS[connection.scope]}).`),
    actions([button({ text: 'Replace key', actionId: ACTION_IDS.connectOpen }), disconnect]),
    context('Only admins and owners of this workspace see this part.'),
  ];
}

/** The modal taking the key (a connect, or a replace). */
export function connectModal(replacing: boolean) {
  return {
    type: 'modal' as const,
    callback_id: CALLBACK_IDS.connectModal,
    title: { type: 'plain_text' as const, text: replacing ? 'Replace the key' : 'Connect the service' },
    submit: { type: 'plain_text' as const, text: replacing ? 'Replace' : 'Connect' },
    close: { type: 'plain_text' as const, text: 'Cancel' },
    blocks: [
      section(
        "Paste your organisation's monitoring service API key. Radar checks it with a read and a scope probe, stores it encrypted for this workspace only, and never shows it again." +
          (replacing ? ' It replaces the key connected now.' : ''),
      ),
      {
        type: 'input',
        block_id: BLOCK_IDS.connectKey,
        label: { type: 'plain_text', text: 'API key' },
        element: { type: 'plain_text_input', action_id: ACTION_IDS.connectKey, placeholder: { type: 'plain_text', text: 'svc_live_…' }, max_length: 200 },
      },
    ],
  };
}

/** What the modal shows once the key is stored. */
export function connectedModal(scope: ServiceConnection['scope'], projects: number) {
  return {
    type: 'modal' as const,
    title: { type: 'plain_text' as const, text: 'Connected' },
    close: { type: 'plain_text' as const, text: 'Done' },
    blocks: [
      section(`Radar is connected to the monitoring service for this workspace: the key sees ${projects === 1 ? '1 project' : `${projects} projects`} (${SCOPE_WORDS[scope]}). \`/radar help\` in a channel says what it can do.`),
    ],
  };
}
