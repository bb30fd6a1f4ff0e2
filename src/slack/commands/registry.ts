/**
 * The subcommands of `/radar`. Features add theirs in their `register.ts`; the one `/radar`
 * listener (`radar-command.ts`) parses the text and dispatches here. Help is generated from it.
 */
import type { CommandInvocation } from './invocation.js';
import { suggest } from './suggest.js';

export interface Subcommand {
  /** The word after `/radar`. */
  name: string;
  aliases?: readonly string[];
  /** e.g. `bind <project id | name | domain>` */
  usage: string;
  summary: string;
  /** One working example, e.g. `/radar bind northwind`. */
  example: string;
  /** Whether `run` reads a project (the channel's binding or `--project`). Shown in help. */
  needsProject?: boolean;
  run(inv: CommandInvocation): Promise<void>;
}

export class CommandRegistry {
  private readonly byName = new Map<string, Subcommand>();
  private readonly ordered: Subcommand[] = [];

  add(command: Subcommand): void {
    for (const word of [command.name, ...(command.aliases ?? [])]) {
      if (this.byName.has(word)) throw new Error(`subcommand "${word}" registered twice`);
      this.byName.set(word, command);
    }
    this.ordered.push(command);
  }

  find(name: string): Subcommand | undefined {
    return this.byName.get(name);
  }

  all(): readonly Subcommand[] {
    return this.ordered;
  }

  suggest(word: string): Subcommand | undefined {
    const name = suggest(word, [...this.byName.keys()]);
    return name ? this.byName.get(name) : undefined;
  }
}
