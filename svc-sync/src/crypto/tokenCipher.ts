import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What a sealed token no key of the ring opens: the connection is treated as needing a reconnect, never an error. */
export class UnreadableToken extends Error {}

/**
 * AES-256-GCM for OAuth tokens at rest under a key ring (QBO_TOKEN_KEYS, current first):
 * `v2.<key id>.<iv>.<tag>.<ciphertext>` in base64url, sealed with the current key and opened
 * with whichever key it names, so a key can be replaced with no downtime (docs/operations.md).
 * `v1.<iv>.<tag>.<ciphertext>`, sealed before keys had ids, is opened by trying each key. The
 * tenant id is bound as additional data, so a token copied to another tenant's row fails.
 */
export interface TokenCipher {
  encrypt(plain: string, tenantId: string): string;
  /** The plain token; throws UnreadableToken when no key of the ring opens it. */
  decrypt(sealed: string, tenantId: string): string;
  /** Whether a sealed token is under the current key: if not, it is sealed again (db/connectionStore.ts). */
  isCurrent(sealed: string): boolean;
  /** The current key's id, as sealed tokens name it. */
  readonly currentKeyId: string;
}

/** Names a key in its sealed tokens without disclosing it; the same key has the same id in every process. */
export const tokenKeyId = (key: Buffer): string => createHash('sha256').update('printpool/qbo-token-key/').update(key).digest('base64url').slice(0, 10);

function open(key: Buffer, parts: { iv: string; tag: string; data: string }, tenantId: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts.iv, 'base64url'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(parts.data, 'base64url')), decipher.final()]).toString('utf8');
}

export function createTokenCipher(keys: readonly Buffer[]): TokenCipher {
  if (keys.length === 0 || keys.some((key) => key.length !== 32)) throw new Error('Token keys must be 32 bytes each, at least one');
  const byId = new Map(keys.map((key) => [tokenKeyId(key), key]));
  const current = keys[0]!;
  const currentKeyId = tokenKeyId(current);
  return {
    currentKeyId,
    encrypt(plain, tenantId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(tenantId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', currentKeyId, ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))].join('.');
    },
    decrypt(sealed, tenantId) {
      const parts = sealed.split('.');
      const [version] = parts;
      if (version === 'v2' && parts.length === 5) {
        const [, keyId, iv, tag, data] = parts as [string, string, string, string, string];
        const key = byId.get(keyId);
        if (!key) throw new UnreadableToken(`sealed under key ${keyId}, which the key ring no longer holds`);
        try {
          return open(key, { iv, tag, data }, tenantId);
        } catch {
          throw new UnreadableToken(`key ${keyId} does not open it for this tenant`);
        }
      }
      if (version === 'v1' && parts.length === 4) {
        const [, iv, tag, data] = parts as [string, string, string, string];
        for (const key of keys) {
          try {
            return open(key, { iv, tag, data }, tenantId);
          } catch {
            // The next key of the ring may be the one it was sealed with.
          }
        }
        throw new UnreadableToken('sealed before keys had ids, by a key the ring no longer holds');
      }
      throw new UnreadableToken('not a sealed token');
    },
    isCurrent: (sealed) => sealed.startsWith(`v2.${currentKeyId}.`),
  };
}
