/**
 * `--project Quarry Pay` typed without quotes: the parser takes `Quarry` as the value and leaves
 * `Pay` as a word. Before the subcommand runs, the longest run of the words after the value that,
 * with it, names a project is taken as the project (and those words leave the arguments). When none
 * does, a failure to find the project says to quote the name.
 */
import { UserError } from '../error-text.js';
import { escapeMrkdwn } from '../blocks/text.js';
import type { ProjectRef } from './invocation.js';
import type { ParsedCommand } from './parse.js';

export interface ProjectWords {
  parsed: ParsedCommand;
  /** The project the words named, when they did. */
  project?: ProjectRef;
  /** Said after a "no project matches" failure when words followed the value but named none. */
  hint?: string;
}

export async function absorbProjectWords(parsed: ParsedCommand, resolve: (explicit: string) => Promise<ProjectRef>): Promise<ProjectWords> {
  const value = parsed.values.project;
  const after = parsed.trailing?.project;
  if (value === undefined || !after || after.words.length === 0) return { parsed };
  for (let k = after.words.length; k >= 1; k--) {
    const name = [value, ...after.words.slice(0, k)].join(' ');
    try {
      const project = await resolve(name);
      const args = [...parsed.args.slice(0, after.at), ...parsed.args.slice(after.at + k)];
      return { parsed: { ...parsed, args, values: { ...parsed.values, project: name } }, project };
    } catch (error) {
      // Only "no such project" tries a shorter name; anything else (the service is down) is for the command to meet.
      if (!(error instanceof UserError)) break;
    }
  }
  const example = [value, ...after.words].join(' ');
  return { parsed, hint: ` If the project's name has spaces, quote it: \`--project "${escapeMrkdwn(example.slice(0, 60))}"\`.` };
}
