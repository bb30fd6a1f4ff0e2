/**
 * Parses the text after `/radar` into words and flags. Quotes group words ("Northwind CRM");
 * `--flag value` and `--flag=value` both work, anywhere in the text. Each subcommand declares the
 * flags it takes (`SubcommandSpec.flags`); every one takes `--share`. A flag the subcommand does
 * not take, or one that needs a value and has none, is a `UsageError` with one sentence saying
 * what was expected.
 */
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

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re = /"([^"]*)"|“([^”]*)”|'([^']*)'|(\S+)/g;
  for (const m of text.matchAll(re)) tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  return tokens;
}

/** A subcommand's flags with `--share`, in the order the usage error lists them. */
export function withShare(flags: CommandFlags | undefined): KnownFlags {
  return { values: { ...flags?.values }, switches: [SHARE_FLAG, ...(flags?.switches ?? []).filter((f) => f !== SHARE_FLAG)] };
}

function readFlag(token: string): { flag: string; inline: string | undefined } | null {
  const match = /^[-—–]{1,2}([a-z][a-z-]*)(?:=(.*))?$/i.exec(token);
  if (!match || token === '-') return null;
  return { flag: (match[1] ?? '').toLowerCase(), inline: match[2] };
}

const looksLikeFlag = (value: string) => /^--?[a-z]/i.test(value);

/** The subcommand word: the first word that is neither a flag nor a flag's value. */
function commandWord(tokens: readonly string[], flags: KnownFlags): string {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const read = readFlag(token);
    if (!read) return token.toLowerCase();
    const next = tokens[i + 1];
    if (Object.hasOwn(flags.values, read.flag) && read.inline === undefined && next !== undefined && !looksLikeFlag(next)) i++;
  }
  return '';
}

export function parseCommand(text: string, lookup: FlagLookup): ParsedCommand {
  if (text.length > MAX_COMMAND_TEXT) throw new UsageError(`That command is ${text.length} characters long; Radar reads commands of up to ${MAX_COMMAND_TEXT}.`);
  const tokens = tokenize(text.trim());
  const name = commandWord(tokens, lookup.all);
  const own = lookup.of(name);
  const flags = own ?? lookup.all;
  const words: string[] = [];
  const values: ParsedCommand['values'] = {};
  const switches = new Set<string>();
  const trailing: NonNullable<ParsedCommand['trailing']> = {};

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const read = readFlag(token);
    if (!read) {
      words.push(token);
      continue;
    }
    const { flag, inline } = read;
    const needs = Object.hasOwn(flags.values, flag) ? flags.values[flag] : undefined;
    if (flags.switches.includes(flag)) {
      if (inline !== undefined) throw new UsageError(`--${flag} takes no value.`);
      switches.add(flag);
    } else if (needs !== undefined) {
      const value = inline ?? tokens[i + 1];
      if (value === undefined || value === '' || (inline === undefined && looksLikeFlag(value))) throw new UsageError(`--${flag} needs ${needs}.`);
      if (inline === undefined) {
        i++;
        // Words typed after the value up to the next flag; counted only after the subcommand word.
        let j = i + 1;
        while (j < tokens.length && readFlag(tokens[j] ?? '') === null) j++;
        if (j > i + 1 && words.length > 0) trailing[flag] = { at: words.length - 1, words: tokens.slice(i + 1, j) };
      }
      values[flag] = value;
    } else {
      const known = [...Object.keys(flags.values), ...flags.switches].map((f) => `--${f}`).join(', ');
      const where = own && name !== '' ? ` for ${COMMAND} ${name}` : '';
      throw new UsageError(`Radar doesn't know the option --${flag.slice(0, 40)}${where}; it knows ${known}.`);
    }
  }

  const [first = '', ...rest] = words;
  return { name: first.toLowerCase(), args: rest, values, switches, ...(Object.keys(trailing).length > 0 ? { trailing } : {}) };
}

/** Reads `--page`, refusing anything but a whole number from 1. */
export function pageOf(parsed: ParsedCommand): number {
  const raw = parsed.values.page;
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--page needs ${PAGE_FLAG.page}.`);
  return Number(raw);
}
