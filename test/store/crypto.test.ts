import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseEncryptionKey, UnreadableSecretError } from '../../src/store/crypto.js';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

function flipOne(text: string, at: number): string {
  const c = text[at] === 'A' ? 'B' : 'A';
  return text.slice(0, at) + c + text.slice(at + 1);
}

describe('secrets at rest (AES-256-GCM)', () => {
  it('seals a value that does not contain it and opens it back with the same key and context', () => {
    const box = createSecretBox({ current: keyA });
    const sealed = box.seal('xoxb-secret-token', 'team:T1:bot.token');
    expect(sealed).not.toContain('xoxb');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'team:T1:bot.token')).toBe('xoxb-secret-token');
    // A fresh IV each time: the same token never seals the same way twice.
    expect(box.seal('xoxb-secret-token', 'team:T1:bot.token')).not.toBe(sealed);
  });

  it('a tampered value, or one moved to another record, is unreadable', () => {
    const box = createSecretBox({ current: keyA });
    const sealed = box.seal('xoxb-secret-token', 'team:T1:bot.token');
    const parts = sealed.split('.');
    const data = parts[4] ?? '';
    const tampered = [...parts.slice(0, 4), flipOne(data, 2)].join('.');
    expect(() => box.open(tampered, 'team:T1:bot.token')).toThrow(UnreadableSecretError);
    expect(() => box.open(sealed, 'team:T2:bot.token')).toThrow(/altered, moved/);
    expect(() => box.open('not-sealed', 'team:T1:bot.token')).toThrow(/expected form/);
  });

  it('a value sealed under another key is unreadable', () => {
    const sealed = createSecretBox({ current: keyA }).seal('xoxb-secret-token', 'c');
    expect(() => createSecretBox({ current: keyB }).open(sealed, 'c')).toThrow(/key Radar does not have/);
  });

  it('the previous key is read while rotating, and marks the value stale; new seals use the current key', () => {
    const old = createSecretBox({ current: keyA }).seal('xoxb-secret-token', 'c');
    const rotating = createSecretBox({ current: keyB, previous: keyA });
    expect(rotating.open(old, 'c')).toBe('xoxb-secret-token');
    expect(rotating.isStale(old)).toBe(true);
    const fresh = rotating.seal('xoxb-secret-token', 'c');
    expect(rotating.isStale(fresh)).toBe(false);
    // Once the previous key is dropped, only the fresh seal opens.
    const after = createSecretBox({ current: keyB });
    expect(after.open(fresh, 'c')).toBe('xoxb-secret-token');
    expect(() => after.open(old, 'c')).toThrow(UnreadableSecretError);
  });

  it('reads a key as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(parseEncryptionKey(keyA.toString('hex'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey(keyA.toString('base64'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey(keyA.toString('base64url'))?.equals(keyA)).toBe(true);
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseEncryptionKey('correct horse battery staple')).toBeNull();
  });
});
