/**
 * A run's changes against the run before it, per watched dimension: the dimension's named rules,
 * then the generic comparison of the fields they leave (issue 16), most significant first.
 */
import { unreadableText } from '../../../service/tolerant.js';
import type { WatchDimension } from '../../../store/watches.js';
import { AI_KEYS, aiChanges } from './ai.js';
import type { Change, RunPair } from './change.js';
import { CONTENT_KEYS, contentChanges, type ChangelogRowRead } from './content.js';
import { genericChanges, namedKeys } from './generic.js';
import { POSITIONING_KEYS, positioningChanges } from './positioning.js';
import { keyStyles, PRICING_KEYS, pricingChanges } from './pricing.js';
import { CONTENT_RUN_SUMMARY_KEYS } from '../../../service/index.js';
import { SOURCES_KEYS, sourcesChanges } from './sources.js';
import { TECH_KEYS, techChanges } from './tech.js';

export type { Change, RunPair } from './change.js';

const NAMED: Record<WatchDimension, (key: string) => boolean> = {
  pricing: namedKeys(PRICING_KEYS, [/^has.*gap$/i]),
  content: namedKeys([...CONTENT_KEYS, ...keyStyles(CONTENT_RUN_SUMMARY_KEYS)], [/^missing/i]),
  ai: namedKeys(AI_KEYS),
  sources: namedKeys(SOURCES_KEYS),
  tech: namedKeys(TECH_KEYS),
  positioning: namedKeys(POSITIONING_KEYS, [/cta/i]),
};

/** Everything that changed from `pair.previous` to `pair.current`, named changes first, each group by weight. */
export function changesOf(dimension: WatchDimension, pair: RunPair, changelog: readonly ChangelogRowRead[] = []): Change[] {
  let named: Change[];
  try {
    named = namedChanges(dimension, pair, changelog).sort((a, b) => b.weight - a.weight);
  } catch {
    // The rules read tolerantly and should never throw; if a shape still defeats them, say so and tell the rest.
    named = [{ kind: 'other', tier: 'digest', competitor: null, category: null, weight: 0, line: unreadableText('Part of this run'), title: "Radar couldn't read part of this run", before: null, after: null }];
  }
  return [...named, ...genericChanges(pair, NAMED[dimension])];
}

function namedChanges(dimension: WatchDimension, pair: RunPair, changelog: readonly ChangelogRowRead[]): Change[] {
  switch (dimension) {
    case 'pricing':
      return pricingChanges(pair);
    case 'content':
      return contentChanges(pair, changelog);
    case 'ai':
      return aiChanges(pair);
    case 'sources':
      return sourcesChanges(pair);
    case 'tech':
      return techChanges(pair);
    case 'positioning':
      return positioningChanges(pair);
  }
}
