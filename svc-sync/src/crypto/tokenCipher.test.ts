import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createTokenCipher } from './tokenCipher.js';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips and never shows the plain token', () => {
    const sealed = cipher.encrypt('eyJhbGciOiJkaXIifQ..secret-access-token', 't1');
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.decrypt(sealed, 't1')).toBe('eyJhbGciOiJkaXIifQ..secret-access-token');
  });

  it('seals the same token differently each time', () => {
    expect(cipher.encrypt('abc', 't1')).not.toBe(cipher.encrypt('abc', 't1'));
  });

  it('refuses another tenant, another key and tampering', () => {
    const sealed = cipher.encrypt('abc', 't1');
    expect(() => cipher.decrypt(sealed, 't2')).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed, 't1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('abd').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 't1')).toThrow();
  });
});
