import type { Middleware } from 'koa';

/**
 * Headers on every response. The CSP admits our own origin plus the origins that serve remotes;
 * antd writes its styles at runtime, hence 'unsafe-inline' for styles only.
 */
export function buildContentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const self = ["'self'", ...remoteOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob:`,
    `font-src ${self} data:`,
    `connect-src ${self}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(remoteOrigins: readonly string[]): Middleware {
  const csp = buildContentSecurityPolicy(remoteOrigins);
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
