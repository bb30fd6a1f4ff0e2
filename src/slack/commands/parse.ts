/**
 * Parses the text after `/radar` into words and flags: `splitWords` groups quoted words ("Northwind
 * CRM") and writes every flag as `--flag`, then `node:util`'s `parseArgs` reads them, so
 * `--flag value` and `--flag=value` both work, anywhere in the text, and `--` ends the flags. Each
 * subcommand declares the flags it takes (`SubcommandSpec.flags`); every one takes `--share`. A flag
 * the subcommand does not take, or one that needs a value and has none, is a `UsageError` with one
 * sentence saying what was expected.
 */
import { parseArgs } from 'node:util';
import type { CommandFlags } from './spec.js';
import { COMMAND } from '../ids.js';

/** Every subcommand takes `--share`: the command layer answers in the channel. */
export const SHARE_FLAG = 'share';
/** `--project`: for subcommands that read a project (`inv.project()`). */
export const PROJECT_FLAG = { project: 'a project id or name, e.g. --project northwind' } as const;
/** `--page`: for subcommands that page through a list (`pageOf`). */
export const PAGE_FLAG = { page: 'a page number, e.g. --page 2' } as const;

export interface ParsedCommand {
  /** The subcommand word, lower-cased; '' for a bare `/radar`. */
  name: string;
  /** The remaining words, as typed. */
  args: string[];
  values: Partial<Record<string, string>>;
  switches: ReadonlySet<string>;
  /**
   * For a flag whose value was a separate word: the plain words typed right after that value, up to
   * the next flag, and where they start in `args` (`--project Quarry Pay`: `Pay` at its index). They
   * are also in `args`; `project-words.ts` reads a project name typed without quotes from them.
   */
  trailing?: Partial<Record<string, { at: number; words: string[] }>>;
}

/** The flags one subcommand takes, `--share` included. */
export interface KnownFlags {
  values: Readonly<Record<string, string>>;
  switches: readonly string[];
}

export interface FlagLookup {
  /** Every flag some subcommand takes: finds the subcommand word past flags typed before it. */
  all: KnownFlags;
  /** The flags of the subcommand called `name`; undefined when there is none. */
  of(name: string): KnownFlags | undefined;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Longest text Radar reads; Slack itself caps slash command text well below this. */
export const MAX_COMMAND_TEXT = 4000;

/** A flag as typed: one or two dashes (or the dash autocorrect makes of them), a name, maybe `=value`. */
const FLAG = /^[-—–]{1,2}([a-z][a-z-]*)(?:=(.*))?$/i;

/**
 * The words of `text` for `parseArgs`: quotes ("…", “…”, '…') group words, and each flag is written
 * `--name` or `--name=value`, its name lower-cased. Any other word starting with a dash is an option
 * Radar does not know, unless it follows `--`.
 */
export function splitWords(text: string): string[] {
  return Array.from(text.matchAll(/"([^"]*)"|“([^”]*)”|'([^']*)'|(\S+)/g), (m) => {
    const word = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const flag = FLAG.exec(word);
    return flag ? `--${(flag[1] ?? '').toLowerCase()}${flag[2] === undefined ? '' : `=${flag[2]}`}` : word;
  });
}

/** A subcommand's flags with `--share`, in the order the usage error lists them. */
export function withShare(flags: CommandFlags | undefined): KnownFlags {
  return { values: { ...flags?.values }, switches: [SHARE_FLAG, ...(flags?.switches ?? []).filter((f) => f !== SHARE_FLAG)] };
}

type Token = ReturnType<typeof parseArgs<{ tokens: true; strict: false; allowPositionals: true }>>['tokens'][number];
/** `parseArgs`'s options for each set of flags, built once (the sets are the registry's, built at start). */
const optionsOf = new WeakMap<KnownFlags, Record<string, { type: 'string' | 'boolean' }>>();

/** `args` read by `parseArgs` with `flags`: a value flag takes the next word unless typed `--flag=value`. */
function read(args: string[], flags: KnownFlags): Token[] {
  // No word starts with a dash: every word is a positional, as parseArgs would read it, without its cost.
  if (!args.some((arg) => arg.startsWith('-'))) return args.map((value, index) => ({ kind: 'positional', index, value }));
  const options =
    optionsOf.get(flags) ??
    Object.fromEntries([
      ...Object.keys(flags.values).map((f) => [f, { type: 'string' as const }]),
      ...flags.switches.map((f) => [f, { type: 'boolean' as const }]),
    ]);
  optionsOf.set(flags, options);
  return parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true }).tokens;
}

export function parseCommand(text: string, lookup: FlagLookup): ParsedCommand {
  if (text.length > MAX_COMMAND_TEXT) throw new UsageError(`That command is ${text.length} characters long; Radar reads commands of up to ${MAX_COMMAND_TEXT}.`);
  const args = splitWords(text.trim());
  // The subcommand word (the first word that is no flag's value) says which flags to read with.
  const first = read(args, lookup.all).find((t) => t.kind === 'positional');
  const name = first?.kind === 'positional' ? first.value.toLowerCase() : '';
  const own = lookup.of(name);
  const flags = own ?? lookup.all;
  const words: string[] = [];
  const values: ParsedCommand['values'] = {};
  const switches = new Set<string>();
  const trailing: NonNullable<ParsedCommand['trailing']> = {};
  /** The flag whose value came as a separate word, while plain words follow it. */
  let after: { flag: string; at: number } | undefined;

  for (const token of read(args, flags)) {
    if (token.kind === 'positional') {
      words.push(token.value);
      if (after) (trailing[after.flag] ??= { at: after.at, words: [] }).words.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const { name: flag, value, inlineValue } = token;
    after = undefined;
    const needs = Object.hasOwn(flags.values, flag) ? flags.values[flag] : undefined;
    if (flags.switches.includes(flag)) {
      if (value !== undefined) throw new UsageError(`--${flag} takes no value.`);
      switches.add(flag);
    } else if (needs !== undefined) {
      if (value === undefined || value === '' || (!inlineValue && /^--?[a-z]/i.test(value))) throw new UsageError(`--${flag} needs ${needs}.`);
      values[flag] = value;
      // Words typed after a separate value up to the next flag; counted only after the subcommand word.
      if (!inlineValue && words.length > 0) after = { flag, at: words.length - 1 };
    } else {
      const known = [...Object.keys(flags.values), ...flags.switches].map((f) => `--${f}`).join(', ');
      const where = own && name !== '' ? ` for ${COMMAND} ${name}` : '';
      throw new UsageError(`Radar doesn't know the option ${token.rawName.slice(0, 42)}${where}; it knows ${known}.`);
    }
  }

  const [subcommand = '', ...rest] = words;
  return { name: subcommand.toLowerCase(), args: rest, values, switches, ...(Object.keys(trailing).length > 0 ? { trailing } : {}) };
}

/** Reads `--page`, refusing anything but a whole number from 1. */
export function pageOf(parsed: ParsedCommand): number {
  const raw = parsed.values.page;
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--page needs ${PAGE_FLAG.page}.`);
  return Number(raw);
}
