import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { MEMBER_ROLES, type MemberRole } from '@printpool/contracts';
import { jwtVerify, SignJWT, type JWTPayload, type JWTHeaderParameters } from 'jose';

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

/**
 * The keys a service accepts tokens signed with, by key id: the one it signs with
 * (INTERNAL_TOKEN_SECRET) and those listed in INTERNAL_TOKEN_ACCEPTED_SECRETS, so the secret can be
 * changed process by process without refusing calls (README.md, 'Configuration').
 */
export interface InternalTokenKeys {
  signing: KeyObject;
  byId: ReadonlyMap<string, KeyObject>;
}

const isMemberRole = (value: unknown): value is MemberRole => (MEMBER_ROLES as readonly unknown[]).includes(value);

/** Names a key in a token's `kid` header without disclosing it; every process derives the same id from the same secret. */
export function internalTokenKeyId(secret: string): string {
  return createHash('sha256').update(`printpool/internal-token/key-id/${secret}`).digest('base64url').slice(0, 16);
}

export function internalTokenKeys(secret: string, acceptedSecrets: readonly string[] = []): InternalTokenKeys {
  const signing = createSecretKey(Buffer.from(secret, 'utf8'));
  const byId = new Map([[internalTokenKeyId(secret), signing]]);
  for (const accepted of acceptedSecrets) byId.set(internalTokenKeyId(accepted), createSecretKey(Buffer.from(accepted, 'utf8')));
  return { signing, byId };
}

/** A compact JWS (HS256) naming its key, short-lived so a leaked one is near useless. */
export async function signInternalToken(identity: CallerIdentity, secret: string, options: SignOptions = {}): Promise<string> {
  const { ttlSeconds = INTERNAL_TOKEN_TTL_SECONDS, now = Date.now(), service } = options;
  const payload: Omit<TokenPayload, 'exp'> = {
    tenantId: identity.tenantId,
    userId: identity.userId,
    ...(identity.role ? { role: identity.role } : {}),
    ...(identity.memberName ? { memberName: identity.memberName } : {}),
    ...(service ? { svc: service } : {}),
  };
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: internalTokenKeyId(secret) })
    .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
    .sign(createSecretKey(Buffer.from(secret, 'utf8')));
}

/** The claims of an unexpired token signed with one of `keys`; null for anything else. */
export async function verifySignedClaims(token: string | undefined, keys: InternalTokenKeys, now = Date.now()): Promise<SignedClaims | null> {
  if (!token) return null;
  let claims: JWTPayload & Partial<TokenPayload>;
  try {
    ({ payload: claims } = await jwtVerify(token, (header: JWTHeaderParameters) => keyFor(keys, header.kid), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: new Date(now),
      // jose refuses a token once exp ≤ now; one is valid through the second its exp names, as before keys had ids.
      clockTolerance: 1,
    }));
  } catch {
    return null;
  }
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
}

/** A token without a key id was signed before keys had ids, with the secret the process signs with. */
function keyFor(keys: InternalTokenKeys, kid: string | undefined): KeyObject {
  const key = kid === undefined ? keys.signing : keys.byId.get(kid);
  if (!key) throw new Error('signed with a key this service does not accept');
  return key;
}

/** Returns the identity of a valid, unexpired token signed with `secret`, or null. */
export async function verifyInternalToken(token: string | undefined, secret: string, now = Date.now()): Promise<CallerIdentity | null> {
  return (await verifySignedClaims(token, internalTokenKeys(secret), now))?.caller ?? null;
}
