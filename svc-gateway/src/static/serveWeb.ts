import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import type { WebConfig } from '../web/webConfig.js';
import { cacheControlFor } from './cachePolicy.js';

const REMOTE_PATH = /^\/remotes\/([^/]+)(\/.*)?$/;
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * Serves the built front-ends: `/remotes/<name>/*` from that remote's build, everything else
 * from the shell's. A path without a file extension that matches no file is a client-side
 * route and gets index.html; a missing asset stays a 404 rather than HTML in a script tag.
 */
export function serveWeb(web: WebConfig): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();

    const remoteMatch = REMOTE_PATH.exec(ctx.path);
    if (remoteMatch) {
      const remote = web.remotes.find((candidate) => candidate.pathName === remoteMatch[1]);
      if (!remote?.dir || !(await sendFile(ctx, remote.dir, remoteMatch[2] ?? '/'))) return next();
      return;
    }

    if (await sendFile(ctx, web.shellDir, ctx.path)) return;
    if (path.extname(ctx.path) === '' && (await sendFile(ctx, web.shellDir, '/index.html'))) return;
    await next();
  };
}

async function sendFile(ctx: Context, root: string, filePath: string): Promise<boolean> {
  try {
    const served = await send(ctx, filePath, {
      root,
      index: 'index.html',
      // koa-send answers with the build's `.br` or `.gz` copy (libs/platform/build/precompress.js)
      // when the browser accepts it; the copy is cached as the file it stands for.
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', cacheControlFor(file.replace(PRECOMPRESSED, '')));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    return Boolean(served);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400) return false;
    throw error;
  }
}
