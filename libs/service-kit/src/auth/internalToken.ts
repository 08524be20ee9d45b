import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a service call is made for: the gateway asserts it, services trust only a valid signature. */
export interface CallerIdentity {
  tenantId: string;
  userId: string;
}

export const INTERNAL_TOKEN_HEADER = 'x-printpool-internal';
const DEFAULT_TTL_SECONDS = 60;

interface TokenPayload extends CallerIdentity {
  exp: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A compact HS256 token (header.payload.signature), short-lived so a leaked one is near useless. */
export function signInternalToken(identity: CallerIdentity, secret: string, ttlSeconds = DEFAULT_TTL_SECONDS): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload: TokenPayload = { ...identity, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
  const body = `${header}.${b64url(JSON.stringify(payload))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Returns the identity of a valid, unexpired token, or null. */
export function verifyInternalToken(token: string | undefined, secret: string): CallerIdentity | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    if (typeof claims.tenantId !== 'string' || typeof claims.userId !== 'string' || typeof claims.exp !== 'number') return null;
    if (claims.exp < Math.floor(Date.now() / 1000)) return null;
    return { tenantId: claims.tenantId, userId: claims.userId };
  } catch {
    return null;
  }
}
