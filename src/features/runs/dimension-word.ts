/**
 * The dimension a run command names: `pricing`, `content`, `positioning`, or `tech` (also
 * `tech-trust`, the service's key). Anything else is a usage error with "did you mean".
 */
import type { DimensionRead } from '../../service/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';

const WORDS: Readonly<Record<string, DimensionRead>> = {
  pricing: 'pricing',
  content: 'content',
  positioning: 'positioning',
  tech: 'tech-trust',
  'tech-trust': 'tech-trust',
  techtrust: 'tech-trust',
};

export const DIMENSION_WORDS = ['pricing', 'content', 'positioning', 'tech'] as const;

/** How a person reads the dimension's name. */
export const DIMENSION_LABEL: Readonly<Record<DimensionRead, string>> = {
  pricing: 'pricing',
  content: 'content',
  positioning: 'positioning',
  'tech-trust': 'tech and trust',
};

/**
 * The dimension `word` names; else a usage error with "did you mean" over the dimensions and `also`
 * (words the command takes beside them: `/radar run` takes `ai` and `sources`), the suggestion
 * repeating `tail` (what was typed after the word, e.g. the run id).
 */
export function dimensionOf(word: string | undefined, usage: string, also: readonly string[] = [], tail = ''): DimensionRead {
  const takes = also.length === 0 ? DIMENSION_WORDS.join(', ') : `${[...DIMENSION_WORDS, ...also.slice(0, -1)].join(', ')} or ${also.at(-1) ?? ''}`;
  if (word === undefined) throw new UsageError(`Name a dimension: ${takes}, e.g. \`${usage}\`.`);
  const key = word.toLowerCase();
  const found = WORDS[key];
  if (found) return found;
  // The subcommand is the usage's first word after the command: `/radar history pricing` -> `history`.
  const command = usage.replace(COMMAND, '').trim().split(/\s+/)[0] ?? '';
  throw unknownWordError(word, [...Object.keys(WORDS), ...also], command, takes, tail);
}
