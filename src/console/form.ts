/**
 * A modal as a form on the terminal: each input block asked in turn (its label, `(optional)`, the
 * current value in brackets: an empty answer keeps it, `-` clears it), selects offered as numbered
 * options (several numbers separated by commas for a multi-select), an external select searched
 * first (the app's own options listener answers). Answers become `state.values` shaped as Slack
 * sends them for each element type.
 */
import { isJson } from './screen.js';

type Json = Record<string, unknown>;
export type StateValues = Record<string, Record<string, Json>>;

export interface FormIO {
  /** Asks one question; resolves with the answer line, or null when the input has ended. */
  ask(question: string): Promise<string | null>;
  say(text: string): void;
  /** Options of an external select for `query` (a `block_suggestion` through the app). */
  search(actionId: string, blockId: string, query: string): Promise<Json[]>;
}

const plain = (v: unknown) => (isJson(v) && typeof v.text === 'string' ? v.text : '');

/** The input blocks of a view. */
export function inputsOf(view: Json): Json[] {
  return (Array.isArray(view.blocks) ? view.blocks : []).filter((b): b is Json => isJson(b) && b.type === 'input' && isJson(b.element) && typeof b.block_id === 'string');
}

/**
 * Asks every input of `view` (or only `only`, by block id, after errors) and returns the state
 * values, starting from `previous`; null when the input ended before the form was filled.
 */
export async function fillForm(view: Json, io: FormIO, previous: StateValues = {}, only?: ReadonlySet<string>): Promise<StateValues | null> {
  const state: StateValues = { ...previous };
  for (const block of inputsOf(view)) {
    const blockId = String(block.block_id);
    const element = block.element as Json;
    const actionId = String(element.action_id);
    if (only && !only.has(blockId)) {
      state[blockId] ??= { [actionId]: initialState(element) };
      continue;
    }
    const asked = await askInput(block, element, io, state[blockId]?.[actionId]);
    if (asked === null) return null;
    state[blockId] = { [actionId]: asked };
  }
  return state;
}

function initialState(element: Json): Json {
  const type = String(element.type);
  if (type.startsWith('multi_') || type === 'checkboxes') return { type, selected_options: Array.isArray(element.initial_options) ? element.initial_options : [] };
  if (type.includes('select') || type === 'radio_buttons') return { type, selected_option: isJson(element.initial_option) ? element.initial_option : null };
  if (type === 'datepicker') return { type, selected_date: typeof element.initial_date === 'string' ? element.initial_date : null };
  return { type, value: typeof element.initial_value === 'string' ? element.initial_value : null };
}

async function askInput(block: Json, element: Json, io: FormIO, current: Json | undefined): Promise<Json | null> {
  const type = String(element.type);
  const label = `${plain(block.label)}${block.optional === true ? ' (optional)' : ''}`;
  const now = current ?? initialState(element);
  if (type === 'external_select' || type === 'multi_external_select') return askExternal(label, element, String(block.block_id), io, now);
  if (type.includes('select') || type === 'radio_buttons' || type === 'checkboxes') return askChoice(label, type, optionsOf(element), io, now);
  const shownNow = String(now.selected_date ?? now.value ?? '');
  const oneLine = shownNow.replace(/\n/g, '\\n');
  const hint = type === 'datepicker' ? ' (YYYY-MM-DD)' : element.multiline === true ? ' (\\n for a new line)' : '';
  const answer = await io.ask(`${label}${hint}${oneLine ? ` [${oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine}]` : ''}: `);
  if (answer === null) return null;
  const value = answer.trim() === '' ? shownNow : answer.trim() === '-' ? '' : answer.replace(/\\n/g, '\n');
  if (type === 'datepicker') return { type, selected_date: value === '' ? null : value };
  return { type, value: value === '' ? null : value };
}

function optionsOf(element: Json): Json[] {
  const groups = Array.isArray(element.option_groups) ? element.option_groups.flatMap((g) => (isJson(g) && Array.isArray(g.options) ? g.options : [])) : [];
  return [...(Array.isArray(element.options) ? element.options : []), ...groups].filter(isJson);
}

/** Offers numbered options; an empty answer keeps the current choice, `-` chooses none. */
export async function askChoice(label: string, type: string, options: Json[], io: FormIO, now: Json): Promise<Json | null> {
  const multi = type.startsWith('multi_') || type === 'checkboxes';
  const chosen = multi ? (Array.isArray(now.selected_options) ? (now.selected_options as Json[]) : []) : isJson(now.selected_option) ? [now.selected_option] : [];
  io.say(`${label}:\n${options.map((o, i) => `  ${i + 1}. ${plain(o.text)}`).join('\n') || '  (no options)'}`);
  for (;;) {
    const current = chosen.map((o) => plain(o.text)).join(', ');
    const answer = await io.ask(`Choose ${multi ? 'numbers, separated by commas' : 'a number'}${current ? ` [${current}]` : ''}: `);
    if (answer === null) return null;
    const text = answer.trim();
    const picked = text === '' ? chosen : text === '-' ? [] : text.split(',').map((n) => options[Number(n.trim()) - 1]);
    if (picked.some((o) => o === undefined) || (!multi && picked.length > 1)) {
      io.say(`Type ${multi ? 'numbers' : 'a number'} from 1 to ${options.length} (or - for none).`);
      continue;
    }
    const valid = picked as Json[];
    return multi ? { type, selected_options: valid } : { type, selected_option: valid[0] ?? null };
  }
}

async function askExternal(label: string, element: Json, blockId: string, io: FormIO, now: Json): Promise<Json | null> {
  for (;;) {
    const query = await io.ask(`${label}: search for: `);
    if (query === null) return null;
    const found = await io.search(String(element.action_id), blockId, query.trim());
    if (found.length === 0) {
      io.say('Nothing found; try other words.');
      continue;
    }
    return askChoice(label, String(element.type), found, io, now);
  }
}
