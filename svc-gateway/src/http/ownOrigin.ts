import type { Context } from 'koa';

/**
 * The origin this request was addressed to. Not `ctx.origin`: since Koa 3 that returns the
 * browser's Origin header, which would make every origin check pass.
 */
export function ownOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}
