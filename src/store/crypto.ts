/**
 * Secrets at rest (issue 32): AES-256-GCM under RADAR_ENCRYPTION_KEY, with the key before it
 * (RADAR_ENCRYPTION_KEY_PREVIOUS) still read while keys rotate. A sealed value names the key it was
 * sealed with (the first bytes of the key's SHA-256, never the key), carries a fresh 12-byte IV and
 * GCM's tag, and is bound to where it is kept (`context`, the record's key, as additional data), so
 * a value copied into another record, altered, or opened with another key is unreadable, never
 * wrong. Writes always seal with the current key: a record read through the previous key is sealed
 * afresh on its next write.
 *
 *   v1.<key id, 8 hex>.<iv>.<tag>.<ciphertext>   (base64url parts)
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class UnreadableSecretError extends Error {
  constructor(readonly reason: 'malformed' | 'unknown_key' | 'tampered') {
    super(
      reason === 'unknown_key'
        ? 'a sealed secret was sealed with a key Radar does not have (RADAR_ENCRYPTION_KEY, RADAR_ENCRYPTION_KEY_PREVIOUS)'
        : reason === 'tampered'
          ? 'a sealed secret does not open: altered, moved to another record, or sealed under another key with the same id'
          : 'a sealed secret is not in the expected form',
    );
    this.name = 'UnreadableSecretError';
  }
}

export interface SecretBox {
  /** Seals `plain` with the current key, bound to `context` (where it is stored). */
  seal(plain: string, context: string): string;
  /** Opens a value `seal` made with the current or the previous key; throws UnreadableSecretError otherwise. */
  open(sealed: string, context: string): string;
  /** True when `sealed` was sealed with the previous key (its record should be written again). */
  isStale(sealed: string): boolean;
}

/**
 * A 32-byte key from its text: 64 hex digits, or base64 / base64url of 32 bytes. Null when it is
 * neither (config.ts turns that into one sentence naming the variable).
 */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** The id a sealed value names its key by: 4 bytes of the key's SHA-256 (reveals nothing usable). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function createSecretBox(keys: { current: Buffer; previous?: Buffer | null }): SecretBox {
  for (const key of [keys.current, keys.previous]) {
    if (key && key.length !== KEY_BYTES) throw new RangeError(`an encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
  }
  const currentId = keyId(keys.current);
  const byId = new Map<string, Buffer>([[currentId, keys.current]]);
  if (keys.previous && !keys.previous.equals(keys.current)) byId.set(keyId(keys.previous), keys.previous);

  const partsOf = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new UnreadableSecretError('malformed');
    const [, id = '', iv = '', tag = '', data = ''] = parts;
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new UnreadableSecretError('malformed');
    return { id, iv: ivBytes, tag: tagBytes, data: Buffer.from(data, 'base64url') };
  };

  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const { id, iv, tag, data } = partsOf(sealed);
      const key = byId.get(id);
      if (!key) throw new UnreadableSecretError('unknown_key');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw new UnreadableSecretError('tampered');
      }
    },
    isStale: (sealed) => partsOf(sealed).id !== currentId,
  };
}
