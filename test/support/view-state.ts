/**
 * Building what Slack sends back from interactive elements: `view.state.values` on a submission
 * and the `actions[0]` of a block action. Tests name a value; these functions find the element
 * in the blocks the app posted and shape the value the way Slack does for that element type.
 * An element that is not in the blocks is a test error: Slack could never send it.
 */

type Json = Record<string, unknown>;

/** A value as a test names it: text or option value, several option values, or nothing chosen. */
export type SimpleValue = string | readonly string[] | null;

/** Slack-shaped `state.values`: block id -> action id -> element state. */
export type StateValues = Record<string, Record<string, Json>>;

export interface FoundElement {
  blockId: string;
  element: Json;
}

/**
 * The interactive element with `actionId` in `blocks` (input, section accessory or actions), the
 * first one `accept` takes: action ids repeat across blocks (one "Move" button per ticket).
 */
export function findElement(blocks: readonly unknown[], actionId: string, accept: (element: Json) => boolean = () => true): FoundElement | undefined {
  for (const [index, block] of blocks.entries()) {
    if (!isJson(block)) continue;
    const blockId = typeof block.block_id === 'string' ? block.block_id : `block-${index}`;
    const candidates = [block.element, block.accessory, ...(Array.isArray(block.elements) ? block.elements : [])];
    const element = candidates.find((e): e is Json => isJson(e) && e.action_id === actionId && accept(e));
    if (element) return { blockId, element };
  }
  return undefined;
}

/**
 * `state.values` for a modal: `values` maps each input's block id to a simple value (or, to send
 * something unusual, to the element state Slack would send). Inputs not named are sent empty,
 * as Slack does.
 */
export function stateValues(blocks: readonly unknown[], values: Record<string, SimpleValue | Json>): StateValues {
  const state: StateValues = {};
  for (const block of blocks) {
    if (!isJson(block) || block.type !== 'input' || !isJson(block.element) || typeof block.block_id !== 'string') continue;
    const actionId = String(block.element.action_id);
    const given = values[block.block_id];
    state[block.block_id] = { [actionId]: isJson(given) ? given : elementState(block.element, given ?? null) };
  }
  const unknown = Object.keys(values).filter((blockId) => !(blockId in state));
  if (unknown.length > 0) throw new Error(`no input block with block_id ${unknown.join(', ')} in the view`);
  return state;
}

/** How Slack reports the current value of an element of a given type. */
export function elementState(element: Json, value: SimpleValue): Json {
  const type = String(element.type);
  const list = value === null ? [] : typeof value === 'string' ? [value] : [...value];
  switch (type) {
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
    case 'overflow':
      return { type, selected_option: list[0] === undefined ? null : option(element, list[0]) };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type, selected_options: list.map((v) => option(element, v)) };
    case 'users_select':
      return { type, selected_user: list[0] ?? null };
    case 'multi_users_select':
      return { type, selected_users: list };
    case 'conversations_select':
      return { type, selected_conversation: list[0] ?? null };
    case 'channels_select':
      return { type, selected_channel: list[0] ?? null };
    case 'datepicker':
      return { type, selected_date: list[0] ?? null };
    default:
      return { type, value: list[0] ?? null };
  }
}

/** The option with `value` from the element's options (or groups); external selects invent one. */
function option(element: Json, value: string): Json {
  const groups = Array.isArray(element.option_groups) ? element.option_groups.flatMap((g: unknown) => (isJson(g) && Array.isArray(g.options) ? g.options : [])) : [];
  const options = [...(Array.isArray(element.options) ? element.options : []), ...groups];
  const found = options.find((o: unknown) => isJson(o) && o.value === value);
  if (isJson(found)) return found;
  if (String(element.type).includes('external')) return { text: { type: 'plain_text', text: value }, value };
  throw new Error(`${String(element.type)} ${String(element.action_id)} has no option with value ${value}`);
}

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
