import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

/** How long a client still sending a refused body is read (and the bytes dropped) before its connection is cut. */
const LINGER_MS = 30_000;

/**
 * Closing a socket whose peer is still sending makes the kernel answer with a reset, which can
 * overtake the response: the client then reports a network error instead of the 413 or 401 it
 * was sent. So the rest of the body is read and dropped, for LINGER_MS at most.
 */
export function discardRestOfBody(req: IncomingMessage): void {
  const cut = setTimeout(() => req.destroy(), LINGER_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  req.once('close', () => clearTimeout(cut));
  req.resume();
}

/**
 * An answer given before the whole body arrived (a body over its limit): the rest is read and
 * dropped once the answer is out. Not `Connection: close`: Node would then close the socket
 * at once, with the client's bytes still arriving, which is the reset this avoids.
 */
export function drainAfterEarlyAnswer(ctx: Context): void {
  if (ctx.respond === false || ctx.req.complete) return;
  ctx.res.once('finish', () => {
    if (!ctx.req.complete) discardRestOfBody(ctx.req);
  });
}
