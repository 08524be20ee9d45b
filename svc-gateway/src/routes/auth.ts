import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { createRouter, notFound, parseInput, unauthorized, type CallerIdentity, type Logger, type ServiceRouter } from '@printpool/service-kit';
import { DevLoginInputSchema } from '@printpool/contracts';
import { loadUser, signInAccount } from '../auth/accounts.js';
import type { OidcFlow } from '../auth/oidc.js';
import { PENDING_LOGIN_TTL_MS, savePendingLogin, takePendingLogin } from '../auth/pendingLogins.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/sessionCookie.js';
import type { SessionStore } from '../auth/sessionStore.js';
import { findInvitation } from '../team/invitations.js';
import { requireSession } from '../http/session.js';
import { requestBody } from '@printpool/service-kit';

const PENDING_LOGIN_COOKIE = 'pp_oidc';

export interface AuthRouteDeps {
  knex: Knex;
  sessions: SessionStore;
  devLogin: boolean;
  oidc?: OidcFlow;
  oidcRedirectUri?: string;
  signInLimit: Middleware;
  logger: Logger;
}

/** Sign-in (OpenID Connect or dev e-mail), sign-out and the current user. */
const CROSS_SITE = new Set(['cross-site', 'same-site']);

export function authRoutes(deps: AuthRouteDeps): ServiceRouter {
  const router = createRouter('/api');

  const startSession = async (ctx: Context, identity: CallerIdentity) => {
    const { token, expiresAt } = await deps.sessions.create(identity, readSessionCookie(ctx));
    setSessionCookie(ctx, token, expiresAt);
  };

  const { oidc, oidcRedirectUri } = deps;
  if (oidc && oidcRedirectUri) {
    router.get('/login', deps.signInLimit, async (ctx) => {
      const { url, pending } = await oidc.start();
      const key = await savePendingLogin(deps.knex, pending);
      ctx.cookies.set(PENDING_LOGIN_COOKIE, key, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        path: '/api/callback',
        maxAge: PENDING_LOGIN_TTL_MS,
        overwrite: true,
      });
      ctx.redirect(url.href);
    });

    router.get('/callback', deps.signInLimit, async (ctx) => {
      const pending = await takePendingLogin(deps.knex, ctx.cookies.get(PENDING_LOGIN_COOKIE));
      ctx.cookies.set(PENDING_LOGIN_COOKIE, '', { httpOnly: true, path: '/api/callback', expires: new Date(0), overwrite: true });
      if (!pending) throw unauthorized('Sign-in expired, please try again');
      // The URL the identity provider redirected to, as registered, whatever proxies sit in between.
      const callbackUrl = new URL(oidcRedirectUri);
      callbackUrl.search = ctx.querystring;
      let identity: CallerIdentity;
      try {
        identity = await signInAccount(deps.knex, await oidc.finish(callbackUrl, pending));
      } catch (error) {
        deps.logger.warn({ err: error, requestId: ctx.state.requestId }, 'OpenID Connect sign-in failed');
        throw unauthorized('Sign-in failed');
      }
      await startSession(ctx, identity);
      ctx.redirect('/');
    });
  } else {
    // Without an identity provider the shell's e-mail sign-in page is the way in; from an
    // invitation link's page it signs the invited address in at once (docs/product.md §2 Team page).
    router.get('/login', async (ctx) => {
      const token = typeof ctx.query.invitation === 'string' ? ctx.query.invitation : undefined;
      const invited = token ? await findInvitation(deps.knex, token) : undefined;
      ctx.redirect(invited ? `/login?${new URLSearchParams({ auto: 'true', email: invited.email }).toString()}` : '/login');
    });
  }

  router.post(
    '/dev-login',
    async (ctx, next) => {
      if (!deps.devLogin) throw notFound('Route');
      await deps.signInLimit(ctx, next);
    },
    async (ctx) => {
      const { email } = parseInput(DevLoginInputSchema, requestBody(ctx));
      await startSession(ctx, await signInAccount(deps.knex, { email }));
      ctx.body = { ok: true };
    },
  );

  // A navigation (docs/product.md §7), so no Origin to check: a browser's own Sec-Fetch-Site tells a link on
  // another site (or an image pointing here) from the user menu, and only the latter signs out.
  router.get('/logout', async (ctx) => {
    if (!CROSS_SITE.has(ctx.get('sec-fetch-site'))) {
      await deps.sessions.destroy(readSessionCookie(ctx));
      clearSessionCookie(ctx);
    }
    ctx.redirect('/');
  });

  router.get('/auth/user', async (ctx) => {
    const user = await loadUser(deps.knex, requireSession(ctx));
    if (!user) throw unauthorized();
    ctx.body = user;
  });

  return router;
}
