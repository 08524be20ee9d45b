import type { Context, Middleware } from 'koa';
import { identifyCaller, unauthorized } from '@printpool/service-kit';
import type { ActiveSession, SessionStore } from '../auth/sessionStore.js';
import { readSessionCookie, setSessionCookie } from '../auth/sessionCookie.js';

const SESSION_KEY = 'session';

/** Finds the browser's session for API calls (its tenant and user go on the request's log lines and span) and sends the cookie again when its expiry slid forward. */
export function loadSession(store: SessionStore): Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) {
      const session = await store.resolve(readSessionCookie(ctx));
      if (session) {
        ctx.state[SESSION_KEY] = session;
        identifyCaller(session.tenantId, session.userId);
        if (session.extended) setSessionCookie(ctx, readSessionCookie(ctx) as string, session.expiresAt);
      }
    }
    await next();
  };
}

export function currentSession(ctx: Context): ActiveSession | null {
  return (ctx.state[SESSION_KEY] as ActiveSession | undefined) ?? null;
}

export function requireSession(ctx: Context): ActiveSession {
  const session = currentSession(ctx);
  if (!session) throw unauthorized();
  return session;
}
