/** Slack's confirm dialog for a button or overflow menu that deletes something (texts cut to Slack's limits). */
import type { types } from '@slack/bolt';
import { plainText, truncate } from '../../slack/blocks/index.js';

export function confirmDialog(options: { title: string; text: string; confirm: string; deny?: string }): types.ConfirmationDialog {
  return {
    title: plainText(options.title, 100),
    text: { type: 'mrkdwn', text: truncate(options.text, 300) },
    confirm: plainText(options.confirm, 30),
    deny: plainText(options.deny ?? 'Cancel', 30),
    style: 'danger',
  };
}
