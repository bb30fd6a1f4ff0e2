/**
 * Who a connection or a request comes from, for the edge's fair shares (`connection-shares.ts`).
 * A connection's client is its peer address. Only when the peer is a trusted proxy
 * (`TRUSTED_PROXIES`, addresses and CIDR ranges) is `X-Forwarded-For` read, and then its last
 * untrusted hop counts (walked from the right, skipping trusted proxies), since everything to its
 * left was written by the client itself and can say anything. A peer that is not trusted is never
 * asked for a forwarded address.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** An address without the IPv4-mapped IPv6 prefix (`::ffff:127.0.0.2` is `127.0.0.2`), lower case. */
export function plainAddress(address: string | undefined): string {
  const text = (address ?? '').trim().toLowerCase();
  return text.startsWith('::ffff:') && isIP(text.slice(7)) === 4 ? text.slice(7) : text;
}

/** `a.b.c.d`, `a.b.c.d/n`, `x::y` or `x::y/n`; null when the entry is none of them. */
export function parseProxyEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress = '', rawPrefix, ...rest] = entry.trim().split('/');
  if (rest.length > 0) return null;
  const address = plainAddress(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export interface TrustedProxies {
  /** True when `address` (a peer or a forwarded hop) is one of the trusted proxies. */
  has(address: string): boolean;
  /** True when none are configured. */
  readonly none: boolean;
}

/** The trusted proxies from their entries (already validated by config; a bad entry is skipped). */
export function trustedProxies(entries: readonly string[] = []): TrustedProxies {
  const list = new BlockList();
  let count = 0;
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) continue;
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    count++;
  }
  return {
    none: count === 0,
    has(address) {
      if (count === 0) return false;
      const plain = plainAddress(address);
      const version = isIP(plain);
      return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * The client a request speaks for: its peer, or, when the peer is a trusted proxy, the last hop of
 * `X-Forwarded-For` that is not (the leftmost hop when every one is trusted; the peer when the
 * header is missing or a hop is not an address).
 */
export function forwardedClient(req: IncomingMessage, trusted: TrustedProxies): string {
  const peer = plainAddress(req.socket.remoteAddress);
  if (!trusted.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => plainAddress(hop))
    .filter((hop) => hop !== '');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted.has(hop)) return hop;
  }
  return client;
}
