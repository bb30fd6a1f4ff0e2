/**
 * Tiers (issue 30, item 1): every change a watch tells is of one kind, and each kind has a tier. A
 * *now* change (a price change, a plan count change, a free plan gained or lost, a new comparison page,
 * a homepage headline rewrite, an AI presence move beyond the noise band, a security grade change) is
 * posted as the run is seen; a *digest* change (URL counts, small score moves, trust signal counts, …)
 * is gathered and posted in one summary per channel per day. A watch can raise a kind to *now* or
 * lower it to *digest* (`/radar watch content --now urls`); `all` names every kind of the dimension.
 * The words below are the kinds' names in the command and in `/radar watch`'s list.
 */
import type { WatchDimension } from '../../../store/watches.js';

export const TIERS = ['now', 'digest'] as const;
export type Tier = (typeof TIERS)[number];

/** Each dimension's kinds with their default tier, in the order `/radar watch` lists them. */
export const KINDS_BY_DIMENSION = {
  pricing: { price: 'now', plans: 'now', 'free-plan': 'now', 'pricing-data': 'digest', market: 'digest', 'pricing-gaps': 'digest', 'own-pricing': 'digest' },
  content: { 'comparison-pages': 'now', pages: 'digest', urls: 'digest', 'content-gaps': 'digest', 'strategic-pages': 'digest' },
  positioning: { headline: 'now', messaging: 'digest' },
  tech: { 'security-grade': 'now', 'security-score': 'digest', headers: 'digest', 'trust-signals': 'digest', robots: 'digest', 'ai-access': 'digest', 'tech-stack': 'digest', dns: 'digest' },
  ai: { presence: 'now', score: 'digest', ranks: 'digest', 'new-brands': 'digest', standing: 'digest' },
  sources: { 'cited-brands': 'digest', 'cited-pages': 'digest' },
} as const satisfies Record<WatchDimension, Record<string, Tier>>;

type KindOf<D extends WatchDimension> = keyof (typeof KINDS_BY_DIMENSION)[D];
/** A change's kind: a dimension's own, or `other` (the generic comparison, a part Radar could not read). */
export type ChangeKind = { [D in WatchDimension]: KindOf<D> }[WatchDimension] | 'other';

/** The default tier of a kind (`other`: digest). */
export function defaultTier(kind: ChangeKind): Tier {
  for (const kinds of Object.values(KINDS_BY_DIMENSION)) {
    const tier = (kinds as Record<string, Tier>)[kind];
    if (tier) return tier;
  }
  return 'digest';
}

/** The kinds a dimension's watch can raise or lower, `other` last. */
export function kindsOf(dimension: WatchDimension): ChangeKind[] {
  return [...(Object.keys(KINDS_BY_DIMENSION[dimension]) as ChangeKind[]), 'other'];
}

/** A watch's tier overrides: kind -> tier (only kinds set away from, or back to, their default). */
export type TierOverrides = Partial<Record<string, Tier>>;

/** The tier of `kind` under a watch's overrides. */
export function tierFor(kind: ChangeKind, overrides: TierOverrides | undefined): Tier {
  return overrides?.[kind] ?? defaultTier(kind);
}

/** A dimension's tier rules under the overrides: the kinds of each tier, in list order. */
export function tierRules(dimension: WatchDimension, overrides: TierOverrides | undefined): Record<Tier, ChangeKind[]> {
  const out: Record<Tier, ChangeKind[]> = { now: [], digest: [] };
  for (const kind of kindsOf(dimension)) out[tierFor(kind, overrides)].push(kind);
  return out;
}
