/**
 * Console mode: read lines from a stream, run them through the real Bolt app, and print every
 * answer and every Web API post rendered from the same Block Kit as text. Works interactively (a
 * prompt on a TTY) and piped (commands on stdin, output on stdout).
 *
 *   /radar <text>      (or just <text>) the slash command
 *   /press N           presses button N of an earlier answer, as Slack would (a select or an overflow
 *                      menu asks which option, a confirm dialog asks y first, a modal it opens is
 *                      asked as a form and submitted)
 *   /shortcut ticket <message text>, /shortcut comment <message text>
 *                      the message shortcut on a message you wrote, its modal asked as a form
 *   /home              opens your Home tab
 *
 * An answer that arrives later (a scan result) is printed above the prompt and the prompt, with
 * what was typed so far, is drawn again. Ctrl-C clears a half-typed line and leaves on an empty
 * one; Ctrl-D leaves. A piped run waits for pending scans before it ends (at most their give-up time).
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { LocalWebApi, WebApiCall } from '../slack/local-web-api/index.js';
import { renderMrkdwn, renderViewText } from '../slack/blocks/render-text.js';
import { CALLBACK_IDS } from '../slack/ids.js';
import type { ConsoleReceiver } from './console-receiver.js';
import { renderEmoji } from './emoji.js';
import { askChoice, fillForm, inputsOf, type FormIO, type StateValues } from './form.js';
import { saveChartPngs } from './charts.js';
import { isJson, type Screen } from './screen.js';

type Json = Record<string, unknown>;

export interface ConsoleOptions {
  input: Readable;
  output: Writable;
  receiver: ConsoleReceiver;
  interactive: boolean;
  /** The local Web API the app talks to (messages to press buttons on, modals to fill in). */
  webApi: Pick<LocalWebApi, 'messages' | 'latestView' | 'view' | 'postFrom'>;
  screen: Screen;
  /** Where Web API calls go from now on (the console prints them). */
  onCall(sink: (call: WebApiCall) => void): void;
  /** Scans still pending (a piped run waits for them before it ends), and how long it may wait. */
  pendingScans?: () => Promise<number>;
  scanGiveUpMs?: number;
}

const HELP = [
  'Radar console: type /radar help (or just help).',
  '  /press N                       press button or menu N of an answer (a form it opens is asked here)',
  '  /shortcut ticket <message>     turn a message into a ticket (the form is asked here)',
  '  /shortcut comment <message>    add a message to a ticket',
  '  /home                          your Home tab',
  'Ctrl-C clears the line (on an empty line it leaves); Ctrl-D or exit leaves.',
].join('\n');

/** Runs until the input ends, the person types `exit`, or Ctrl-C on an empty line. */
export async function runConsole(options: ConsoleOptions): Promise<void> {
  const { input, output, receiver, interactive, screen } = options;
  const rl = createInterface({ input, ...(interactive ? { output, prompt: 'radar> ' } : {}), terminal: interactive });
  const lines = lineQueue(rl);
  let busy = false;
  let quietViews = false;

  /** Prints text; when it arrives while the prompt waits, it goes above the prompt, which is drawn again. */
  const print = (text: string) => {
    if (interactive && !busy) {
      output.write(`\r\x1b[K${text}`);
      rl.prompt(true);
    } else output.write(text);
  };
  options.onCall((call) => {
    if (quietViews && (call.method === 'views.open' || call.method === 'views.update')) return;
    const text = screen.render(call);
    if (text) print(text);
    const blocks = (call.args as { blocks?: unknown }).blocks;
    if (text && Array.isArray(blocks)) {
      saveChartPngs(blocks).then(
        (paths) => paths.forEach((path) => print(`  chart saved as ${path}\n`)),
        (error: unknown) => print(`  the chart could not be drawn as PNG: ${error instanceof Error ? error.message : String(error)}\n`),
      );
    }
  });

  if (interactive) {
    rl.on('SIGINT', () => {
      if (rl.line.length > 0) {
        rl.write(null, { ctrl: true, name: 'e' });
        rl.write(null, { ctrl: true, name: 'u' });
        output.write('^C\n');
        rl.prompt();
      } else {
        output.write('\n');
        rl.close();
      }
    });
  }

  const ask = async (question: string): Promise<string | null> => {
    if (interactive) {
      rl.setPrompt(question);
      rl.prompt();
      const answer = await lines.next();
      rl.setPrompt('radar> ');
      return answer;
    }
    const answer = await lines.next();
    output.write(`${question}${answer ?? ''}\n`);
    return answer;
  };
  const say = (text: string): void => void output.write(`${renderEmoji(text)}\n`);

  const io: FormIO = {
    ask,
    say,
    async search(actionId, blockId, query) {
      const view = options.webApi.latestView();
      if (!view) return [];
      const acked = await receiver.blockSuggestion(view, actionId, blockId, query);
      if (!isJson(acked)) return [];
      const groups = Array.isArray(acked.option_groups) ? acked.option_groups.flatMap((g) => (isJson(g) && Array.isArray(g.options) ? g.options : [])) : [];
      return [...(Array.isArray(acked.options) ? acked.options : []), ...groups].filter(isJson);
    },
  };

  const verbs: Record<string, (rest: string) => Promise<void>> = {
    help: async () => say(HELP),
    press: (rest) => press(rest),
    shortcut: (rest) => shortcut(rest),
    home: async () => receiver.homeOpened(homePublished++ > 0),
  };
  let homePublished = 0;

  const press = async (rest: string) => {
    const n = Number(rest.trim());
    const found = Number.isInteger(n) ? screen.pressable(n) : undefined;
    if (!found) return say(`There is no button ${rest.trim() || '(no number)'} on screen: type /press and the number shown in its brackets, e.g. /press 2.`);
    const { element, blockId, message } = found;
    if (typeof element.url === 'string') return say(`That button opens ${element.url}`);
    let action: Json;
    if (element.type === 'static_select' || element.type === 'overflow') {
      // A select asks which option; an overflow menu (`…`) lists its items the same way.
      const type = String(element.type);
      const options = (Array.isArray(element.options) ? element.options : []).filter(isJson);
      const chosen = await askChoice(type === 'overflow' ? 'Menu' : plainText(element.placeholder) || 'Choose', 'static_select', options, io, {});
      if (!chosen || !isJson(chosen.selected_option)) return;
      action = { type, action_id: element.action_id, block_id: blockId, selected_option: chosen.selected_option };
    } else {
      action = { type: 'button', action_id: element.action_id, block_id: blockId, text: element.text, ...(element.value !== undefined ? { value: element.value } : {}) };
    }
    // Slack's confirm dialog (a delete asks first): nothing is sent unless it is confirmed.
    if (isJson(element.confirm) && !(await confirmed(element.confirm))) return say('Cancelled: nothing was sent.');
    let target: { ts: string; text?: string; blocks?: unknown[]; ephemeral: boolean };
    if (message.kind === 'ephemeral') target = { ts: (Date.now() / 1000).toFixed(6), text: message.text, blocks: message.blocks, ephemeral: true };
    else {
      // A channel post: found again by its blocks (it may have been updated since).
      const posted = [...options.webApi.messages(message.channel)].reverse().find((m) => JSON.stringify(m.blocks ?? []).includes(JSON.stringify(element)));
      if (!posted) return say('That message is no longer there (it was replaced or deleted); press a button of the newer one.');
      target = { ts: posted.ts, text: posted.text, ...(posted.blocks ? { blocks: posted.blocks } : {}), ephemeral: false };
    }
    // A press that opens a modal (Edit, Edit comment): the modal is asked here as a form and submitted.
    const before = options.webApi.latestView()?.id;
    quietViews = true;
    try {
      await receiver.blockAction(target, action);
    } finally {
      quietViews = false;
    }
    const opened = options.webApi.latestView();
    if (opened && opened.id !== before) await walkModal(opened);
  };

  /** Slack's confirm dialog as a question: its title and text, then y to confirm (anything else cancels). */
  const confirmed = async (dialog: Json): Promise<boolean> => {
    const text = isJson(dialog.text) && typeof dialog.text.text === 'string' ? (dialog.text.type === 'mrkdwn' ? renderMrkdwn(dialog.text.text) : dialog.text.text) : '';
    say(`== ${plainText(dialog.title) || 'Are you sure?'} ==\n${text}`);
    const answer = await ask(`${plainText(dialog.confirm) || 'Confirm'}? Type y to confirm, anything else for ${plainText(dialog.deny) || 'Cancel'}: `);
    return answer !== null && /^y(es)?$/i.test(answer.trim());
  };

  const shortcut = async (rest: string) => {
    const match = /^(ticket|comment)\s+([\s\S]+)$/i.exec(rest.trim());
    if (!match) return say('Type /shortcut ticket <message text> or /shortcut comment <message text>.');
    const kind = match[1]!.toLowerCase();
    const text = match[2]!.replace(/\\n/g, '\n');
    const message = options.webApi.postFrom(receiver.identity.channelId, receiver.identity.userId, text);
    const before = options.webApi.latestView()?.id;
    quietViews = true;
    try {
      await receiver.messageShortcut(kind === 'ticket' ? CALLBACK_IDS.ticketFromMessage : CALLBACK_IDS.commentFromMessage, { ts: message.ts, text, user: receiver.identity.userId });
    } finally {
      quietViews = false;
    }
    const opened = options.webApi.latestView();
    if (!opened || opened.id === before) return say('The shortcut opened no form.');
    await walkModal(opened);
  };

  /** Asks the modal's inputs, submits it, and follows what the app answers (errors: ask those again). */
  const walkModal = async (view: Json) => {
    say(`== ${plainText(view.title) || 'Form'} ==`);
    if (inputsOf(view).length === 0) return say(renderViewText({ ...view, title: undefined }).replace(/^== Untitled ==\n/, ''));
    let state: StateValues | null = await fillForm(view, io);
    for (let round = 0; state && round < 5; round++) {
      const acked = await receiver.viewSubmission(view, state);
      if (!isJson(acked) || acked.response_action === 'clear') return say('[form submitted]');
      if (acked.response_action === 'errors' && isJson(acked.errors)) {
        const errors = acked.errors as Record<string, string>;
        say(Object.entries(errors).map(([block, error]) => `:warning: ${labelOf(view, block)}: ${error}`).join('\n'));
        state = await fillForm(view, io, state, new Set(Object.keys(errors)));
        continue;
      }
      if (isJson(acked.view)) {
        // The listener may have moved the modal on already (a views.update, printed as it came): the
        // interim view it acked with ("Saving…") is then no longer what a person sees.
        const shown = options.webApi.latestView();
        if (shown && shown.id === view.id && JSON.stringify(shown.blocks) !== JSON.stringify(view.blocks)) return;
        return say(renderViewText(acked.view));
      }
      return say('[form submitted]');
    }
  };

  if (interactive) {
    output.write(`${HELP}\n`);
    rl.prompt();
  }
  for (;;) {
    const raw = await lines.next();
    if (raw === null) break;
    const line = raw.trim();
    if (line === 'exit' || line === 'quit') break;
    if (line !== '' && !line.startsWith('#')) {
      busy = true;
      try {
        const verb = /^\/(press|shortcut|home|help)\b\s*([\s\S]*)$/i.exec(line);
        if (!interactive) output.write(`> ${verb ? line : `/radar ${line.replace(/^\/radar\b\s*/i, '')}`}\n`);
        if (verb && verb[1]!.toLowerCase() !== 'help') await verbs[verb[1]!.toLowerCase()]!(verb[2] ?? '');
        else if (verb) await verbs.help!('');
        else await receiver.command(line.replace(/^\/radar\b\s*/i, ''));
      } catch (error) {
        say(`:warning: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        busy = false;
      }
    }
    if (interactive) rl.prompt();
  }
  rl.close();
  if (!interactive && options.pendingScans) await waitForScans(options.pendingScans, options.scanGiveUpMs ?? 600_000, say);
}

/** A piped run's last step: pending scans are followed to their result (printed as it arrives). */
async function waitForScans(pending: () => Promise<number>, giveUpMs: number, say: (text: string) => void): Promise<void> {
  const deadline = Date.now() + giveUpMs + 5_000;
  let told = false;
  for (;;) {
    const count = await pending().catch(() => 0);
    if (count === 0 || Date.now() > deadline) return;
    if (!told) say(`(waiting for ${count === 1 ? '1 scan' : `${count} scans`} to finish, at most ${Math.ceil(giveUpMs / 60_000)} min…)`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Lines as they arrive, each taken once: the main loop and form questions share them. */
function lineQueue(rl: Interface): { next(): Promise<string | null> } {
  const queued: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let closed = false;
  rl.on('line', (line) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(line);
    } else queued.push(line);
  });
  rl.on('close', () => {
    closed = true;
    waiting?.(null);
    waiting = null;
  });
  return {
    next: () => {
      if (queued.length > 0) return Promise.resolve(queued.shift()!);
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => (waiting = resolve));
    },
  };
}

function plainText(value: unknown): string {
  return isJson(value) && typeof value.text === 'string' ? value.text : '';
}

function labelOf(view: Json, blockId: string): string {
  const block = inputsOf(view).find((b) => b.block_id === blockId);
  return block ? plainText(block.label) : blockId;
}
