/** Domain and URL input rules shared by the free tools (spec 4.7). */

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A bare hostname or a full URL, normalised by lower-casing and stripping scheme, port and path.
 * Returns null when what remains is not a hostname.
 */
export function normaliseDomain(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let text = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      return null;
    }
  } else {
    text = text.split(/[/?#]/)[0]?.replace(/:\d+$/, '') ?? '';
  }
  text = text.replace(/\.$/, '');
  return HOSTNAME.test(text) ? text : null;
}

/** Deterministic 32-bit hash, so outcomes depend only on the domain. */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
