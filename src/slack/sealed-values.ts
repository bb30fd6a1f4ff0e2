/**
 * Values Radar puts into Slack and reads back (button values, select block ids, a modal's
 * `private_metadata`, the Share button's command) carry no authority of their own: each is sealed
 * with an HMAC over its payload and where it was shown (team and channel). A value altered, made up,
 * or copied from a message in one channel and sent from another unseals to null, and the handler
 * refuses it without changing anything.
 *
 * Format: `base64url(JSON payload).base64url(HMAC-SHA256(key, team \n channel \n payload))[0..16]`
 * (96 bits of MAC; Slack's limits: 2,000 for a button value, 255 for a block id, 3,000 for
 * private_metadata). The key comes from configuration (HKDF from the signing secret, else the bot
 * token); in console mode from a random key per process, so nothing sealed outlives it.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SealScope {
  /** The channel the value is shown in ('' for a modal, which is in no channel). */
  channel: string;
  team: string;
}

export interface ValueSealer {
  /** The payload as a compact sealed string; throws when it would exceed `max` characters. */
  seal(payload: unknown, scope: SealScope, max?: number): string;
  /** The payload sealed for exactly this scope, or null (altered, foreign, other channel, not sealed). */
  unseal(value: string | undefined | null, scope: SealScope): unknown;
}

const MAC_CHARS = 16;

export function sealKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'radar-sealed-values', 'radar sealed values v1', 32));
}

export function createSealer(key: Buffer = randomBytes(32)): ValueSealer {
  const mac = (body: string, scope: SealScope) =>
    createHmac('sha256', key).update(`${scope.team}\n${scope.channel}\n${body}`).digest('base64url').slice(0, MAC_CHARS);
  return {
    seal(payload, scope, max) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      const sealed = `${body}.${mac(body, scope)}`;
      if (max !== undefined && sealed.length > max) throw new Error(`sealed value is ${sealed.length} characters, over ${max}`);
      return sealed;
    },
    unseal(value, scope) {
      if (typeof value !== 'string' || value.length > 4000) return null;
      const dot = value.lastIndexOf('.');
      if (dot <= 0) return null;
      const body = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(mac(body, scope));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}

/** The sealer for a configuration: keyed from the signing secret or bot token; console mode a random key. */
export function sealerFor(config: { mode: string; slack: { signingSecret: string | null; botToken: string | null } }): ValueSealer {
  const secret = config.mode === 'console' ? null : (config.slack.signingSecret ?? config.slack.botToken);
  return createSealer(secret ? sealKeyFrom(secret) : randomBytes(32));
}
