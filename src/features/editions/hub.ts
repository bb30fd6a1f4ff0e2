/**
 * How people read a briefing dimension's key. The edition itself is read once, in
 * src/service/read/briefing.ts (hub, rows, contains, tickets); this file only names things.
 */
/** Names of the seven dimension keys spec 4.5 names; another key is humanised. */
const DIMENSION_NAMES: Readonly<Record<string, string>> = {
  'ai-visibility': 'AI visibility',
  'ai-sources': 'AI sources',
  positioning: 'Positioning',
  pricing: 'Pricing',
  content: 'Content',
  'tech-trust': 'Tech and trust',
  'agent-readiness': 'Agent readiness',
};

/** A dimension key (or a `deep-<key>` section) as people read it: `ai-visibility` -> "AI visibility". */
export function dimensionName(key: string): string {
  const bare = key.replace(/^deep-/, '');
  const known = DIMENSION_NAMES[bare.toLowerCase()];
  if (known) return known;
  const words = bare.replace(/-/g, ' ').replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim().replace(/\bai\b/g, 'AI');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

