/**
 * What the console shows: every Web API call a person would see, rendered from its Block Kit as
 * text (emoji as characters), with each button and select of a message numbered (`[3: Share]`) so
 * `/press 3` can press it. Remembers what each number was pressed on: the message's channel post
 * (found again by its blocks, since the post's ts is only known once answered) or the ephemeral
 * answer (its text and blocks).
 */
import type { WebApiCall } from '../slack/local-web-api/index.js';
import { renderBlocksText } from '../slack/blocks/render-text.js';
import { renderEmoji } from './emoji.js';

type Json = Record<string, unknown>;

const PRINTED_METHODS = new Set(['response_url', 'chat.postMessage', 'chat.postEphemeral', 'chat.update', 'views.open', 'views.update', 'views.push', 'views.publish']);
/** Numbers kept for pressing (older ones are forgotten). */
const REMEMBERED = 200;
const PRESSABLE = new Set(['button', 'static_select', 'overflow']);

/** A numbered element and the message it is on. */
export interface Pressable {
  n: number;
  element: Json;
  blockId: string;
  message: { kind: 'ephemeral'; text: string; blocks: unknown[] } | { kind: 'posted'; channel: string; blocks: unknown[] };
}

export class Screen {
  private count = 0;
  private readonly pressables = new Map<number, Pressable>();

  /** Renders one Web API call for the terminal (numbering its buttons), or null for calls a person would not see. */
  render(call: WebApiCall): string | null {
    if (!PRINTED_METHODS.has(call.method)) return null;
    const args = call.args as Json;
    if (args.delete_original === true) return null;
    const view = args.view as { blocks?: unknown[]; title?: { text?: string } } | undefined;
    const original = (view?.blocks ?? args.blocks) as unknown[] | undefined;
    const isMessage = !call.method.startsWith('views.');
    const blocks = original && isMessage ? this.numbered(original, call) : original;
    const body = blocks && blocks.length ? renderBlocksText(blocks) : String(args.text ?? '');
    const where =
      call.method === 'response_url'
        ? args.response_type === 'in_channel'
          ? '[to the channel]'
          : args.replace_original === true
            ? '[only you, replacing the message]'
            : '[only you]'
        : call.method === 'views.publish'
          ? '[your Home tab]'
          : call.method.startsWith('views.')
            ? `[modal: ${view?.title?.text ?? ''}]`
            : `[${call.method === 'chat.update' ? 'updated' : 'posted'} in ${String(args.channel ?? '')}${args.thread_ts ? ', thread' : ''}]`;
    return renderEmoji(`${where}\n${body}\n`);
  }

  /** The element numbered `n`, while remembered. */
  pressable(n: number): Pressable | undefined {
    return this.pressables.get(n);
  }

  /** A copy of `blocks` whose buttons and selects carry their number in their text. */
  private numbered(blocks: unknown[], call: WebApiCall): unknown[] {
    const args = call.args as Json;
    const message: Pressable['message'] =
      call.method === 'response_url' || call.method === 'chat.postEphemeral'
        ? { kind: 'ephemeral', text: String(args.text ?? ''), blocks }
        : { kind: 'posted', channel: String(args.channel ?? ''), blocks };
    const copy = structuredClone(blocks);
    copy.forEach((block, index) => {
      if (!isJson(block)) return;
      const blockId = typeof block.block_id === 'string' ? block.block_id : `block-${index}`;
      const original = blocks[index] as Json;
      const pairs: [Json, unknown][] = [];
      if (isJson(block.accessory)) pairs.push([block.accessory, original.accessory]);
      if (Array.isArray(block.elements)) block.elements.forEach((e, i) => isJson(e) && pairs.push([e, (original.elements as unknown[])[i]]));
      for (const [shown, element] of pairs) {
        if (!PRESSABLE.has(String(shown.type)) || !isJson(element)) continue;
        const n = ++this.count;
        this.pressables.set(n, { n, element, blockId, message });
        this.pressables.delete(n - REMEMBERED);
        label(shown, n);
      }
    });
    return copy;
  }
}

/** Puts `n` in front of what the element shows: its text, chosen option or placeholder. */
function label(element: Json, n: number): void {
  if (element.type === 'overflow') {
    // An overflow menu shows no text of its own: `[7: …]`.
    element.placeholder = { type: 'plain_text', text: `${n}: …` };
    return;
  }
  const target = isJson(element.text) ? element.text : isJson(element.initial_option) && isJson(element.initial_option.text) ? element.initial_option.text : null;
  if (target) target.text = `${n}: ${String(target.text)}`;
  else element.placeholder = { type: 'plain_text', text: `${n}: ${isJson(element.placeholder) ? String(element.placeholder.text) : 'choose'}` };
}

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
