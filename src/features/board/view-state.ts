/**
 * Reading what Slack sends back from a modal: `view.state.values` (block id -> action id -> the
 * element's state) and the options a submitted view offered (so a form rebuilt after a failure keeps
 * its choices without asking the service again).
 */
import type { PlainOption } from '../../slack/blocks/index.js';

export type ViewState = Record<string, Record<string, unknown>>;

interface ElementState {
  value?: string | null;
  selected_option?: { value?: string; text?: { text?: string } } | null;
  selected_options?: { value?: string }[];
  selected_date?: string | null;
}

/** Reads the inputs of a modal; an element's action id is its block id unless named. */
export function readState(values: ViewState) {
  const element = (id: string, actionId = id): ElementState => (values[id]?.[actionId] ?? {}) as ElementState;
  return {
    text: (id: string): string => element(id).value ?? '',
    choice: (id: string): string | null => element(id).selected_option?.value ?? null,
    /** The chosen option with its text (external selects: Slack sends the text back). */
    option: (id: string, actionId?: string): { value: string; text: string } | null => {
      const chosen = element(id, actionId).selected_option;
      return chosen?.value ? { value: chosen.value, text: chosen.text?.text ?? chosen.value } : null;
    },
    choices: (id: string): string[] => (element(id).selected_options ?? []).flatMap((o) => (o.value ? [o.value] : [])),
    date: (id: string): string | null => element(id).selected_date ?? null,
  };
}

/** The options an input block of a view offered, or null when the view had no such input. */
export function optionsIn(blocks: readonly unknown[], blockId: string): PlainOption[] | null {
  for (const block of blocks) {
    const b = block as { type?: string; block_id?: string; element?: { options?: PlainOption[] } };
    if (b.type === 'input' && b.block_id === blockId) return b.element?.options ?? [];
  }
  return null;
}
