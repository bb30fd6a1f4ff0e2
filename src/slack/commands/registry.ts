/**
 * The subcommands of `/radar`, built once at start from the features' declarations (`src/plugin.ts`):
 * a subcommand name declared twice, or a flag declared as taking a value by one subcommand and none
 * by another, refuses to start. The one `/radar` listener (`radar-command.ts`) parses the text with
 * the subcommand's flags and dispatches here; help lists `all()` in order.
 */
import type { AnyFeature, Subcommand } from '../../plugin.js';
import { SHARE_FLAG, withShare, type FlagLookup, type KnownFlags } from './parse.js';
import { suggest } from './suggest.js';

export interface RegisteredSubcommand {
  feature: AnyFeature;
  subcommand: Subcommand<unknown>;
}

const WORD = /^[a-z][a-z0-9-]*$/;
const FLAG = /^[a-z][a-z-]*$/;

export class CommandRegistry {
  readonly features: readonly AnyFeature[];
  /** Every flag some subcommand takes, and each subcommand's own (parsing reads them). */
  readonly flags: FlagLookup;
  private readonly byName = new Map<string, RegisteredSubcommand>();
  private readonly flagsByName = new Map<string, KnownFlags>();
  private readonly ordered: Subcommand<unknown>[] = [];

  constructor(features: readonly AnyFeature[]) {
    this.features = [...features];
    const featureNames = new Set<string>();
    /** Each flag name: whether it takes a value, and the first subcommand that declared it. */
    const kinds = new Map<string, { value: boolean; by: string }>([[SHARE_FLAG, { value: false, by: 'every subcommand' }]]);
    const all: { values: Record<string, string>; switches: string[] } = { values: {}, switches: [SHARE_FLAG] };

    for (const feature of features) {
      if (featureNames.has(feature.name)) throw new Error(`two features are called "${feature.name}"`);
      featureNames.add(feature.name);
      for (const subcommand of feature.subcommands ?? []) {
        const words = [subcommand.name, ...(subcommand.aliases ?? [])];
        for (const [i, word] of words.entries()) {
          if (!WORD.test(word)) throw new Error(`the ${feature.name} feature's subcommand "${word}" must be one lower-case word`);
          const taken = this.byName.get(word)?.feature.name ?? (words.indexOf(word) < i ? feature.name : undefined);
          if (taken === feature.name) throw new Error(`subcommand "${word}" is declared twice by the ${feature.name} feature`);
          if (taken) throw new Error(`subcommand "${word}" is declared by both the ${taken} and the ${feature.name} feature`);
        }
        const declared = [
          ...Object.keys(subcommand.flags?.values ?? {}).map((flag) => ({ flag, value: true })),
          ...(subcommand.flags?.switches ?? []).map((flag) => ({ flag, value: false })),
        ];
        for (const { flag, value } of declared) {
          if (!FLAG.test(flag)) throw new Error(`/radar ${subcommand.name} declares the flag "${flag}": flags are lower-case words`);
          const known = kinds.get(flag);
          if (known && known.value !== value) {
            const what = (v: boolean) => (v ? 'a value' : 'no value');
            throw new Error(`--${flag} takes ${what(known.value)} for ${known.by} but ${what(value)} for /radar ${subcommand.name}; a flag means the same everywhere`);
          }
          if (!known) kinds.set(flag, { value, by: `/radar ${subcommand.name}` });
          if (value) all.values[flag] ??= subcommand.flags?.values?.[flag] ?? '';
          else if (!all.switches.includes(flag)) all.switches.push(flag);
        }
        const own = withShare(subcommand.flags);
        for (const word of words) {
          this.byName.set(word, { feature, subcommand });
          this.flagsByName.set(word, own);
        }
        this.ordered.push(subcommand);
      }
    }
    this.flags = { all, of: (name) => this.flagsByName.get(name) };
  }

  find(name: string): RegisteredSubcommand | undefined {
    return this.byName.get(name);
  }

  /** Every subcommand, in the order of the features and of their declarations. */
  all(): readonly Subcommand<unknown>[] {
    return this.ordered;
  }

  suggest(word: string): Subcommand<unknown> | undefined {
    const name = suggest(word, [...this.byName.keys()]);
    return name ? this.byName.get(name)?.subcommand : undefined;
  }
}
