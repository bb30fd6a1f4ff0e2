/**
 * What a subcommand is called, takes and says: what parsing, "did you mean" and help read. Its
 * behaviour (`run`) is part of the plug-in contract in `src/plugin.ts`.
 */

/** The flags one subcommand takes besides `--share`, which every subcommand takes. */
export interface CommandFlags {
  /** Flags that take a value: name -> what the value is, for the usage error (`a page number, e.g. --page 2`). */
  values?: Readonly<Record<string, string>>;
  /** Flags that take no value. */
  switches?: readonly string[];
}

export interface SubcommandSpec {
  /** The word after `/radar`, lower-case. */
  name: string;
  aliases?: readonly string[];
  /** e.g. `bind <project id | name | domain>` */
  usage: string;
  summary: string;
  /** One working example, e.g. `/radar bind northwind`. */
  example: string;
  flags?: CommandFlags;
}
