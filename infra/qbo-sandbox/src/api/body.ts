import type { Context, Next } from 'koa';
import { faults } from './faults.js';

interface BodyState {
  bodyError?: Error;
}

/**
 * The body parser's `onError` for the v3 API: a body that does not parse is kept for the
 * route, which answers it with QBO's Fault once the token has been checked (as Intuit
 * does), instead of the web server's plain-text 400. Other paths keep the parser's error.
 */
export function keepApiBodyError(apiPrefix: string) {
  return (error: Error, ctx: Context): void => {
    if (!ctx.path.startsWith(apiPrefix)) throw error;
    (ctx.state as BodyState).bodyError = error;
  };
}

/** QBO answers malformed JSON as a property it cannot read: ValidationFault 2010. */
export async function refuseUnparsedBody(ctx: Context, next: Next): Promise<void> {
  const error = (ctx.state as BodyState).bodyError;
  if (error) throw faults.malformedRequest(`${error.message} specified is unsupported or invalid`);
  await next();
}
