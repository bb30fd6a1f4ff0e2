/**
 * Slack's request signature (`v0=` and the hex HMAC-SHA256 of `v0:<timestamp>:<raw body>` under the
 * signing secret), checked once per request, at the HTTP edge, over the bytes as they arrived.
 * Bolt's `verifySlackRequest` did the same with three HMACs and 32 random bytes a call (its
 * timing-safe compare hashes both sides again under a random key), on a string copy of the body,
 * and Bolt then checked every request a second time: about a tenth of Radar's CPU per command
 * under a burst. `timingSafeEqual` compares in constant time without that.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** The signing secret as a key object, made once (an HMAC keyed by a string imports the key each time: ~20% of a check). */
let keyed: { secret: string; key: KeyObject } | undefined;
const keyOf = (secret: string): KeyObject => {
  if (keyed?.secret !== secret) keyed = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return keyed.key;
};

/** True when `signature` (already known to be `v0=` and 64 hex digits) signs `body` sent at `timestamp` (the header as sent). */
export function isSlackSignature(signingSecret: string, timestamp: string, body: Buffer, signature: string): boolean {
  const expected = Buffer.from(`v0=${createHmac('sha256', keyOf(signingSecret)).update(`v0:${timestamp}:`).update(body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
