/** Pieces the ticket and comment modals share: the modal shell, inputs, and the notices they show. */
import type { types } from '@slack/bolt';
import { LIMITS, context, escapeMrkdwn, plainText, section, type Block, type PlainOption } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export type ModalView = types.ModalView;

export function modal(options: { title: string; blocks: Block[]; callbackId?: string; submit?: string; close?: string; privateMetadata?: string }): ModalView {
  return {
    type: 'modal',
    title: plainText(options.title, LIMITS.modalTitle),
    blocks: options.blocks.slice(0, LIMITS.blocksPerModal),
    close: plainText(options.close ?? 'Cancel', LIMITS.modalButton),
    ...(options.submit ? { submit: plainText(options.submit, LIMITS.modalButton) } : {}),
    ...(options.callbackId ? { callback_id: options.callbackId } : {}),
    ...(options.privateMetadata !== undefined ? { private_metadata: options.privateMetadata } : {}),
  };
}

/**
 * An input block. Its element's `action_id` is the block id unless `actionId` names another (an
 * external select's listener needs its own), so `state.values[id][id]` reads it.
 */
export function input(
  id: string,
  label: string,
  element: Record<string, unknown>,
  options: { optional?: boolean; hint?: string; actionId?: string } = {},
): Block {
  return {
    type: 'input',
    block_id: id,
    label: plainText(label, LIMITS.inputLabel),
    element: { ...element, action_id: options.actionId ?? id },
    ...(options.optional ? { optional: true } : {}),
    ...(options.hint ? { hint: plainText(options.hint, LIMITS.inputLabel) } : {}),
  } as Block;
}

export function textInput(initial: string | undefined, options: { multiline?: boolean; placeholder?: string } = {}): Record<string, unknown> {
  return {
    type: 'plain_text_input',
    ...(options.multiline ? { multiline: true } : {}),
    ...(initial ? { initial_value: initial } : {}),
    ...(options.placeholder ? { placeholder: plainText(options.placeholder, LIMITS.placeholder) } : {}),
  };
}

/** A static select (or multi-select) whose initial choice is kept only when it is among the options. */
export function select(options: PlainOption[], initial: readonly (string | null)[], multi?: { max: number }): Record<string, unknown> {
  const shown = options.slice(0, LIMITS.optionsPerSelect);
  const chosen = shown.filter((o) => o.value !== undefined && initial.includes(o.value));
  if (multi) {
    return { type: 'multi_static_select', options: shown, max_selected_items: multi.max, ...(chosen.length ? { initial_options: chosen } : {}) };
  }
  return { type: 'static_select', options: shown, ...(chosen[0] ? { initial_option: chosen[0] } : {}) };
}

/** A warning at the top of a modal: why the last attempt failed, or why choices are missing. */
export function warning(sentence: string): Block {
  return section(`:warning: ${sentence}`);
}

/** The modal an unbound channel gets instead of a form: how to bind it. */
export function unboundModal(what: string): ModalView {
  return modal({
    title: 'Bind this channel',
    close: 'Close',
    blocks: [
      section(`To ${escapeMrkdwn(what)}, this channel needs a project: \`${COMMAND} bind &lt;project&gt;\` binds it, and \`${COMMAND} projects\` lists the projects.`),
      context('Then use the shortcut on the message again.'),
    ],
  });
}

/** A short note a modal shows while Radar waits for the service. */
export function waitingModal(title: string, lines: string[]): ModalView {
  return modal({ title, close: 'Close', blocks: [section(lines.join('\n'))] });
}
