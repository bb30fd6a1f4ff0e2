/**
 * Console mode: read `/radar …` lines from a stream, run them through the real Bolt app, and print
 * every answer and every Web API post rendered from the same Block Kit as text. Works
 * interactively (a prompt on a TTY) and piped (commands on stdin, output on stdout).
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { WebApiCall } from '../slack/local-web-api/index.js';
import { renderBlocksText } from '../slack/blocks/render-text.js';
import type { ConsoleReceiver } from './console-receiver.js';

const PRINTED_METHODS = new Set(['response_url', 'chat.postMessage', 'chat.postEphemeral', 'chat.update', 'views.open', 'views.update', 'views.push']);

/** Renders one Web API call for the terminal, or null for calls a person would not see. */
export function renderCall(call: WebApiCall): string | null {
  if (!PRINTED_METHODS.has(call.method)) return null;
  const args = call.args as Record<string, unknown>;
  if (args.delete_original === true) return null;
  const view = args.view as { blocks?: unknown[]; title?: { text?: string } } | undefined;
  const blocks = (view?.blocks ?? args.blocks) as unknown[] | undefined;
  const body = blocks && blocks.length ? renderBlocksText(blocks) : String(args.text ?? '');
  const where =
    call.method === 'response_url'
      ? args.response_type === 'in_channel'
        ? '[to the channel]'
        : '[only you]'
      : call.method.startsWith('views.')
        ? `[modal: ${view?.title?.text ?? ''}]`
        : `[${call.method === 'chat.update' ? 'updated' : 'posted'} in ${String(args.channel ?? '')}${args.thread_ts ? ', thread' : ''}]`;
  return `${where}\n${body}\n`;
}

export interface ConsoleOptions {
  input: Readable;
  output: Writable;
  receiver: ConsoleReceiver;
  interactive: boolean;
}

/** Runs until the input ends or the person types `exit`. */
export async function runConsole(options: ConsoleOptions): Promise<void> {
  const { input, output, receiver, interactive } = options;
  const rl = createInterface({ input, ...(interactive ? { output, prompt: 'radar> ' } : {}), terminal: interactive });
  if (interactive) {
    output.write('Radar console: type /radar help (or just help). Ctrl-D or exit to leave.\n');
    rl.prompt();
  }
  for await (const raw of rl) {
    const line = raw.trim();
    if (line === 'exit' || line === 'quit') break;
    if (line !== '' && !line.startsWith('#')) {
      const text = line.replace(/^\/radar\b\s*/i, '');
      if (!interactive) output.write(`> /radar ${text}\n`);
      await receiver.command(text);
    }
    if (interactive) rl.prompt();
  }
  rl.close();
}
