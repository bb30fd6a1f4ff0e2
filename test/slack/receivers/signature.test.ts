/** Slack's request signature, checked once at the edge (`signature.ts`), against Bolt's own check. */
import { createHmac } from 'node:crypto';
import { verifySlackRequest } from '@slack/bolt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlackSignature } from '../../../src/slack/receivers/signature.js';

const SECRET = 'test-signing-secret-0123456789abcdef';
const sign = (secret: string, timestamp: string, body: string | Buffer) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`;
const bolt = (secret: string, timestamp: number, body: string, signature: string) => {
  try {
    verifySlackRequest({ signingSecret: secret, body, headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp } });
    return true;
  } catch {
    return false;
  }
};

describe('the Slack signature check', () => {
  const now = () => String(Math.floor(Date.now() / 1000));

  it('accepts exactly what Bolt accepts: the right signature, and nothing altered', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 5 }), fc.constantFrom('body', 'secret', 'timestamp', 'none'), (text, flip, what) => {
        const timestamp = now();
        // Signed as Slack would (the text, the secret, a timestamp), then one of them altered on arrival.
        const signedAt = what === 'timestamp' ? String(Number(timestamp) - 1 - flip) : timestamp;
        const signature = sign(SECRET, signedAt, text);
        const body = what === 'body' ? `${text}${flip}` : text;
        const secret = what === 'secret' ? `${SECRET}${flip}` : SECRET;
        const ours = isSlackSignature(secret, timestamp, Buffer.from(body), signature);
        expect(ours).toBe(bolt(secret, Number(timestamp), body, signature));
        expect(ours).toBe(what === 'none');
      }),
    );
  });

  it('refuses a signature of the right shape that differs in one digit', () => {
    const timestamp = now();
    const good = sign(SECRET, timestamp, 'command=%2Fradar&text=help');
    const last = good.at(-1) === '0' ? '1' : '0';
    expect(isSlackSignature(SECRET, timestamp, Buffer.from('command=%2Fradar&text=help'), good)).toBe(true);
    expect(isSlackSignature(SECRET, timestamp, Buffer.from('command=%2Fradar&text=help'), `${good.slice(0, -1)}${last}`)).toBe(false);
  });

  it('checks the bytes as they arrived, not a string copy of them (bytes that are not UTF-8 are signed as sent)', () => {
    const timestamp = now();
    const raw = Buffer.from([0x74, 0x65, 0x78, 0x74, 0x3d, 0xff, 0xfe]);
    expect(isSlackSignature(SECRET, timestamp, raw, sign(SECRET, timestamp, raw))).toBe(true);
    // Decoded and encoded again, 0xff 0xfe become replacement characters: another body, another signature.
    expect(isSlackSignature(SECRET, timestamp, Buffer.from(raw.toString('utf8')), sign(SECRET, timestamp, raw))).toBe(false);
  });

  it('signs the timestamp header as sent', () => {
    const body = Buffer.from('text=help');
    expect(isSlackSignature(SECRET, '01700000000', body, sign(SECRET, '01700000000', body))).toBe(true);
    expect(isSlackSignature(SECRET, '01700000000', body, sign(SECRET, '1700000000', body))).toBe(false);
  });

  it('refuses a signature of another length without throwing', () => {
    expect(isSlackSignature(SECRET, now(), Buffer.from('x'), 'v0=abc')).toBe(false);
  });
});
