import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createTokenCipher, tokenKeyId, UnreadableToken } from './tokenCipher.js';

describe('token cipher', () => {
  const key = randomBytes(32);
  const cipher = createTokenCipher([key]);

  it('round-trips and never shows the plain token', () => {
    const sealed = cipher.encrypt('eyJhbGciOiJkaXIifQ..secret-access-token', 't1');
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.decrypt(sealed, 't1')).toBe('eyJhbGciOiJkaXIifQ..secret-access-token');
  });

  it('seals the same token differently each time', () => {
    expect(cipher.encrypt('abc', 't1')).not.toBe(cipher.encrypt('abc', 't1'));
  });

  it('refuses another tenant, another key and tampering, as unreadable', () => {
    const sealed = cipher.encrypt('abc', 't1');
    expect(() => cipher.decrypt(sealed, 't2')).toThrow(UnreadableToken);
    expect(() => createTokenCipher([randomBytes(32)]).decrypt(sealed, 't1')).toThrow(UnreadableToken);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('abd').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 't1')).toThrow(UnreadableToken);
    expect(() => cipher.decrypt('plain-token', 't1')).toThrow(UnreadableToken);
  });

  it('names its key, opens what an older key of the ring sealed, and seals anew with the current one', () => {
    const newer = randomBytes(32);
    const rotated = createTokenCipher([newer, key]);
    const old = cipher.encrypt('refresh-token', 't1');
    expect(old.split('.').slice(0, 2)).toEqual(['v2', tokenKeyId(key)]);
    expect(rotated.decrypt(old, 't1')).toBe('refresh-token');
    expect(rotated.isCurrent(old)).toBe(false);
    const resealed = rotated.encrypt('refresh-token', 't1');
    expect(rotated.isCurrent(resealed)).toBe(true);
    expect(resealed.split('.')[1]).toBe(rotated.currentKeyId);
    // Once the old key is gone, what it alone sealed is unreadable, and says which key it needs.
    expect(() => createTokenCipher([newer]).decrypt(old, 't1')).toThrow(
      new UnreadableToken(`sealed under key ${tokenKeyId(key)}, which the key ring no longer holds`),
    );
  });

  it('opens a token sealed before keys had ids with whichever key of the ring sealed it', () => {
    const iv = randomBytes(12);
    const sealer = createCipheriv('aes-256-gcm', key, iv);
    sealer.setAAD(Buffer.from('t1'));
    const data = Buffer.concat([sealer.update('legacy', 'utf8'), sealer.final()]);
    const v1 = ['v1', iv, sealer.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    expect(createTokenCipher([randomBytes(32), key]).decrypt(v1, 't1')).toBe('legacy');
    expect(createTokenCipher([key]).isCurrent(v1)).toBe(false);
    expect(() => createTokenCipher([randomBytes(32)]).decrypt(v1, 't1')).toThrow(UnreadableToken);
  });
});
