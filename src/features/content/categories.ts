/**
 * Content categories (spec 2.5) as people type and read them: "case studies", "case-studies",
 * "caseStudies" and "case study" all name `caseStudies`; a few everyday words name the rest.
 */
import { CONTENT_CATEGORIES, categoryKey, type ContentCategory } from '../../service/index.js';
import { humanise } from '../../slack/blocks/index.js';

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

/** Everyday words for a category, singular and without spaces. */
const ALIASES: Readonly<Record<string, ContentCategory>> = {
  documentation: 'docs',
  landingpage: 'landing',
  customerstory: 'caseStudies',
  comparisonpage: 'comparison',
  integrationpage: 'integrations',
  releasenote: 'changelog',
  blogpost: 'blog',
};

/** The category the words name, or null. */
export function categoryFromWords(text: string): ContentCategory | null {
  const key = singular(categoryKey(text));
  if (!key) return null;
  return CONTENT_CATEGORIES.find((c) => singular(categoryKey(c)) === key) ?? ALIASES[key] ?? null;
}

/**
 * `[competitor] [category]` from a command's words: the longest tail that names a category (the
 * whole text, its last two words, its last word) is the category, what precedes it the competitor.
 */
export function competitorAndCategory(words: readonly string[]): { competitor: string | null; category: ContentCategory | null } {
  for (const n of [words.length, 2, 1]) {
    if (n < 1 || n > words.length) continue;
    const category = categoryFromWords(words.slice(-n).join(' '));
    if (category) return { competitor: words.slice(0, -n).join(' ').trim() || null, category };
  }
  const competitor = words.join(' ').trim();
  return { competitor: competitor || null, category: null };
}

/** A category as a person reads it: "Case studies", "Docs"; a key outside the twelve humanised. */
export function categoryName(key: string): string {
  const text = humanise(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
