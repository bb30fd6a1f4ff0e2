/**
 * Who a request speaks for: the peer, or behind a trusted proxy the last untrusted hop of
 * X-Forwarded-For (hops a client wrote itself, to the left, never count).
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedClient, parseProxyEntry, plainAddress, trustedProxies } from '../../../src/slack/receivers/client-address.js';

const request = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('client addresses', () => {
  it('reads addresses and ranges of both families; IPv4-mapped IPv6 is plain IPv4', () => {
    expect(plainAddress('::FFFF:127.0.0.2')).toBe('127.0.0.2');
    expect(parseProxyEntry('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseProxyEntry('fd00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseProxyEntry('192.0.2.7')).toEqual({ address: '192.0.2.7', prefix: 32, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', 'x', '10.0.0.0/8/1', '']) expect(parseProxyEntry(bad), bad).toBeNull();
    const trusted = trustedProxies(['10.0.0.0/8', 'fd00::/8']);
    expect([trusted.has('10.1.2.3'), trusted.has('::ffff:10.1.2.3'), trusted.has('fd00::1'), trusted.has('11.0.0.1'), trusted.has('nonsense')]).toEqual([true, true, true, false, false]);
    expect(trustedProxies().none).toBe(true);
  });

  it('takes the peer unless it is a trusted proxy, then the last untrusted hop', () => {
    const trusted = trustedProxies(['10.0.0.0/8']);
    // An untrusted peer's header is never read.
    expect(forwardedClient(request('203.0.113.9', '1.1.1.1'), trusted)).toBe('203.0.113.9');
    expect(forwardedClient(request('10.0.0.1', '1.1.1.1'), trusted)).toBe('1.1.1.1');
    // The client wrote "6.6.6.6" itself; the proxies appended the rest.
    expect(forwardedClient(request('10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.7'), trusted)).toBe('1.1.1.1');
    expect(forwardedClient(request('10.0.0.1', '10.0.0.8, 10.0.0.7'), trusted)).toBe('10.0.0.8');
    expect(forwardedClient(request('10.0.0.1'), trusted)).toBe('10.0.0.1');
    // A hop that is not an address stops the walk at what was read so far.
    expect(forwardedClient(request('10.0.0.1', 'garbage, 10.0.0.7'), trusted)).toBe('10.0.0.7');
    expect(forwardedClient(request('10.0.0.1', 'garbage'), trusted)).toBe('10.0.0.1');
  });
});
