/**
 * Checks a URL before Radar asks the service to fetch it (spec 4.7: http or https, resolving to a
 * public host). Refused without a request: another scheme, a host that is `localhost` or under
 * `.localhost`, `.local`, `.internal`, `.home.arpa`, a single-label name, and literal addresses that are private,
 * loopback, link-local, shared (CGNAT), unspecified or multicast. A bare host gets `https://`.
 * Names are not resolved here: the service decides what a public name resolves to.
 */
import { isIP } from 'node:net';
import { UserError } from '../../slack/error-text.js';
import { escapeMrkdwn, truncate } from '../../slack/blocks/index.js';

const PRIVATE_V4 = /^(0\.|10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|22[4-9]\.|2[3-5]\d\.)/;

function isPrivateV6(host: string): boolean {
  const h = host.toLowerCase();
  if (h === '::' || h === '::1') return true;
  if (/^(fc|fd|fe[89ab]|ff)/.test(h)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) return PRIVATE_V4.test(mapped[1] ?? '');
  // ::ffff:7f00:1 and other hex forms of a mapped address: refuse rather than decode.
  return h.startsWith('::ffff:');
}

/** Slack may wrap a link as `<https://x|label>`; the person may type a bare host. */
export function typedUrl(text: string): string {
  const wrapped = /^<([^|>]+)(?:\|[^>]*)?>$/.exec(text.trim());
  const raw = (wrapped?.[1] ?? text).trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) || /^[a-z]+:/i.test(raw) && !/^[^:/]+:\d/.test(raw) ? raw : `https://${raw}`;
}

/** The URL to fetch, or a `UserError` with one sentence saying why not. */
export function validateFetchUrl(text: string): URL {
  const shown = escapeMrkdwn(truncate(text, 80));
  let url: URL;
  try {
    url = new URL(typedUrl(text));
  } catch {
    throw new UserError(`“${shown}” is not a URL Radar can fetch; give an http or https address, e.g. \`https://example.com/pricing\`.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserError(`Radar fetches only http and https addresses, not ${escapeMrkdwn(url.protocol.replace(/:$/, ''))}.`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const refuse = () => {
    throw new UserError(`Radar fetches only public sites; \`${escapeMrkdwn(truncate(host, 80))}\` is a local or private address.`);
  };
  const kind = isIP(host);
  if (kind === 4 && PRIVATE_V4.test(host)) refuse();
  if (kind === 6 && isPrivateV6(host)) refuse();
  if (kind === 0) {
    if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa|lan)$/.test(host)) refuse();
    if (!host.includes('.')) refuse();
  }
  return url;
}
