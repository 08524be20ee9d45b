import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEMBER_ROLES, type MemberRole } from '@printpool/contracts';

/** Who a service call is made for: the gateway asserts it, services trust only a valid signature. */
export interface CallerIdentity {
  tenantId: string;
  userId: string;
  /**
   * The member's role in the company (docs/product.md §6). A browser call without one is
   * treated as a viewer's (least privilege); calls between services are not role-checked.
   */
  role?: MemberRole;
  /** The member's display name ("First Last", else the e-mail), for history and the communication log. */
  memberName?: string;
}

export const INTERNAL_TOKEN_HEADER = 'x-printpool-internal';
export const INTERNAL_TOKEN_TTL_SECONDS = 60;

/** A token whose signature holds, and when it stops being valid (seconds since the epoch). */
export interface SignedClaims {
  caller: CallerIdentity;
  exp: number;
  /**
   * The PrintPool service that made the call, or null for a call the gateway forwarded for a
   * browser. Signed with the rest, so a browser can never present itself as a service; routes
   * under `/api/internal/` answer only calls that carry it (createInternalRouter).
   */
  service: string | null;
}

export interface SignOptions {
  ttlSeconds?: number;
  now?: number;
  /** The calling service's name; leave unset for calls made on behalf of a browser. */
  service?: string;
}

interface TokenPayload extends CallerIdentity {
  exp: number;
  svc?: string;
}

const isMemberRole = (value: unknown): value is MemberRole => (MEMBER_ROLES as readonly unknown[]).includes(value);

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A compact HS256 token (header.payload.signature), short-lived so a leaked one is near useless. */
export function signInternalToken(identity: CallerIdentity, secret: string, options: SignOptions = {}): string {
  const { ttlSeconds = INTERNAL_TOKEN_TTL_SECONDS, now = Date.now(), service } = options;
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload: TokenPayload = {
    tenantId: identity.tenantId,
    userId: identity.userId,
    ...(identity.role ? { role: identity.role } : {}),
    ...(identity.memberName ? { memberName: identity.memberName } : {}),
    exp: Math.floor(now / 1000) + ttlSeconds,
    ...(service ? { svc: service } : {}),
  };
  const body = `${header}.${b64url(JSON.stringify(payload))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a token signed with `secret`, expired or not; null for anything else. */
export function readSignedClaims(token: string | undefined, secret: string): SignedClaims | null {
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
    if (claims.svc !== undefined && typeof claims.svc !== 'string') return null;
    if (claims.role !== undefined && !isMemberRole(claims.role)) return null;
    if (claims.memberName !== undefined && typeof claims.memberName !== 'string') return null;
    // Tokens signed before roles existed carry neither; the caller then has none (read as a viewer's).
    const caller: CallerIdentity = {
      tenantId: claims.tenantId,
      userId: claims.userId,
      ...(claims.role ? { role: claims.role } : {}),
      ...(claims.memberName ? { memberName: claims.memberName } : {}),
    };
    return { caller, exp: claims.exp, service: claims.svc ?? null };
  } catch {
    return null;
  }
}

export function isUnexpired(claims: SignedClaims, now = Date.now()): boolean {
  return claims.exp >= Math.floor(now / 1000);
}

/** Returns the identity of a valid, unexpired token, or null. */
export function verifyInternalToken(token: string | undefined, secret: string, now = Date.now()): CallerIdentity | null {
  const claims = readSignedClaims(token, secret);
  return claims && isUnexpired(claims, now) ? claims.caller : null;
}
