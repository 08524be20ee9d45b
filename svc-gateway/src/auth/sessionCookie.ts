import type { Context } from 'koa';

export const SESSION_COOKIE = 'pp_session';

/**
 * httpOnly so scripts cannot read it; Lax so a top-level navigation back from the identity
 * provider keeps it; Secure whenever the browser reaches PrintPool over https, which a TLS
 * proxy the gateway does not trust for X-Forwarded-Proto hides from `ctx.secure`
 * (http/secureCookies.ts sets `ctx.cookies.secure` from PUBLIC_ORIGIN then).
 */
export function setSessionCookie(ctx: Context, token: string, expiresAt: Date): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure,
    path: '/',
    expires: expiresAt,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: ctx.cookies.secure, path: '/', expires: new Date(0), overwrite: true });
}

export function readSessionCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined;
}
