import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** Every Intuit response carries an `intuit_tid` that support asks for; clients log it. */
export const intuitTid: Middleware = async (ctx, next) => {
  ctx.set('intuit_tid', randomUUID());
  await next();
};
