/**
 * What `/radar scan <kind> <domain or URL>` reads: the kind of scan and the domain to scan,
 * normalised as the service does (spec 4.7: lower-cased, scheme, port and path stripped).
 */
import type { PendingScanKind } from '../../store/pending-scans.js';

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A bare hostname or a full http(s) URL, normalised to its hostname; null when what remains is not
 * a public-looking hostname (no dots, an IP address, spaces, other schemes).
 */
export function normaliseScanDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  // Slack turns typed URLs and domains into `<https://x.com|x.com>` links; read the link target.
  const link = /^<([^|>]+)(?:\|[^>]*)?>$/.exec(text);
  if (link?.[1]) text = link[1];
  if (/^[a-z][a-z0-9+.-]*:/.test(text) && !/^[^:/]+:\d+(?:[/?#]|$)/.test(text)) {
    if (!/^https?:\/\//.test(text)) return null;
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

/** The kinds as typed after `/radar scan`, and how people read them. */
export const SCAN_KIND_LABELS: Record<PendingScanKind, string> = {
  trust: 'trust-signals scan',
  agents: 'agent-adoption scan',
};

export function isScanKind(word: string): word is PendingScanKind {
  return Object.hasOwn(SCAN_KIND_LABELS, word);
}
