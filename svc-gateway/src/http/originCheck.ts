import type { Middleware } from 'koa';
import { HttpError } from '@printpool/service-kit';
import { isAllowedOrigin } from '../domain/origin.js';
import { ownOrigin } from './ownOrigin.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a browser sent from another site. `exempt` names paths
 * whose callers are servers, not browsers (signed webhooks), and so carry no Origin.
 */
export function originCheck(options: { allowedOrigins: readonly string[]; exempt: (path: string) => boolean }): Middleware {
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method) && !options.exempt(ctx.path)) {
      const allowed = [ownOrigin(ctx), ...options.allowedOrigins];
      if (!isAllowedOrigin({ origin: ctx.get('origin') || undefined, referer: ctx.get('referer') || undefined }, allowed)) {
        throw new HttpError(403, 'Cross-site request refused', 'ORIGIN_NOT_ALLOWED');
      }
    }
    await next();
  };
}
