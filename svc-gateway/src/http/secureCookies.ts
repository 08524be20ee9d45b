import type { Middleware } from 'koa';

/**
 * Browsers reach the gateway over https when PUBLIC_ORIGIN says so, whatever the last hop
 * looked like: cookies are then sent Secure even behind a TLS proxy whose X-Forwarded-Proto
 * the gateway does not trust (TRUST_PROXY unset).
 */
export function secureCookies(publicOrigin: string | undefined): Middleware {
  const https = publicOrigin?.startsWith('https://') === true;
  return async (ctx, next) => {
    if (https) ctx.cookies.secure = true;
    await next();
  };
}
