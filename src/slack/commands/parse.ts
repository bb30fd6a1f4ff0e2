/**
 * Parses the text after `/radar` into words and flags. Quotes group words ("Northwind CRM");
 * `--flag value` and `--flag=value` both work. A flag Radar does not know, or one that needs a
 * value and has none, is a `UsageError` with one sentence saying what was expected.
 */
export const VALUE_FLAGS = { project: 'a project id or name, e.g. --project northwind', page: 'a page number, e.g. --page 2' } as const;
export const BOOLEAN_FLAGS = ['share', 'fix-prompts', 'all'] as const;

export type ValueFlag = keyof typeof VALUE_FLAGS;
export type BooleanFlag = (typeof BOOLEAN_FLAGS)[number];

export interface ParsedCommand {
  /** The subcommand word, lower-cased; '' for a bare `/radar`. */
  name: string;
  /** The remaining words, as typed. */
  args: string[];
  values: Partial<Record<ValueFlag, string>>;
  switches: Set<BooleanFlag>;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Longest text Radar reads; Slack itself caps slash command text well below this. */
export const MAX_COMMAND_TEXT = 4000;

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /"([^"]*)"|“([^”]*)”|'([^']*)'|(\S+)/g;
  for (const m of text.matchAll(re)) tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  return tokens;
}

const isValueFlag = (f: string): f is ValueFlag => Object.hasOwn(VALUE_FLAGS, f);
const isBooleanFlag = (f: string): f is BooleanFlag => (BOOLEAN_FLAGS as readonly string[]).includes(f);

export function parseCommand(text: string): ParsedCommand {
  if (text.length > MAX_COMMAND_TEXT) throw new UsageError(`That command is ${text.length} characters long; Radar reads commands of up to ${MAX_COMMAND_TEXT}.`);
  const tokens = tokenize(text.trim());
  const words: string[] = [];
  const values: ParsedCommand['values'] = {};
  const switches = new Set<BooleanFlag>();

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const flagMatch = /^[-—–]{1,2}([a-z][a-z-]*)(?:=(.*))?$/i.exec(token);
    if (!flagMatch || token === '-') {
      words.push(token);
      continue;
    }
    const flag = (flagMatch[1] ?? '').toLowerCase();
    const inline = flagMatch[2];
    if (isBooleanFlag(flag)) {
      if (inline !== undefined) throw new UsageError(`--${flag} takes no value.`);
      switches.add(flag);
    } else if (isValueFlag(flag)) {
      const value = inline ?? tokens[i + 1];
      if (value === undefined || value === '' || (inline === undefined && /^--?[a-z]/i.test(value))) {
        throw new UsageError(`--${flag} needs ${VALUE_FLAGS[flag]}.`);
      }
      if (inline === undefined) i++;
      values[flag] = value;
    } else {
      const known = [...Object.keys(VALUE_FLAGS), ...BOOLEAN_FLAGS].map((f) => `--${f}`).join(', ');
      throw new UsageError(`Radar doesn't know the option --${flag.slice(0, 40)}; it knows ${known}.`);
    }
  }

  const [first = '', ...rest] = words;
  return { name: first.toLowerCase(), args: rest, values, switches };
}

/** Reads `--page`, refusing anything but a whole number from 1. */
export function pageOf(parsed: ParsedCommand): number {
  const raw = parsed.values.page;
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--page needs ${VALUE_FLAGS.page}.`);
  return Number(raw);
}
