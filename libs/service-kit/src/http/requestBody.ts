import type { Context } from 'koa';

/**
 * The JSON body service-kit's body parser left on the request ({} when there was none). Read
 * through this helper because the parser's typing of `ctx.request.body` does not travel in
 * this package's published declarations.
 */
export function requestBody(ctx: Context): unknown {
  return (ctx.request as { body?: unknown }).body ?? {};
}
