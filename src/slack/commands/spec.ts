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

/** Where help lists a subcommand; help shows the areas in this order. */
export const HELP_AREAS = {
  setup: 'Channel setup',
  briefing: 'Briefing and digests',
  market: 'Market reads',
  ai: 'AI visibility and sources',
  tools: 'Scans and tools',
  tickets: 'Tickets',
  watches: 'Watches',
  follows: 'Follows and direct messages',
} as const;
export type HelpArea = keyof typeof HELP_AREAS;

export interface SubcommandSpec {
  /** The word after `/radar`, lower-case. */
  name: string;
  aliases?: readonly string[];
  /** e.g. `bind <project id | name | domain>` */
  usage: string;
  summary: string;
  /** The group help lists it under. */
  area: HelpArea;
  /** One working example, e.g. `/radar bind northwind`. */
  example: string;
  flags?: CommandFlags;
  /**
   * Its answer is built from what Radar holds in memory (no service, store or Slack call), so it
   * goes back in the acknowledgement itself: one request, no `response_url` post (help).
   */
  answersInAck?: boolean;
}
