import Koa from 'koa';
import { createLogger } from '@printpool/service-kit/web';
import { securityHeaders } from '../http/securityHeaders.js';
import type { WebConfig } from '../web/webConfig.js';
import { remoteOrigins } from '../web/remotes.js';
import { serveWeb } from './serveWeb.js';

/**
 * The front-ends alone (the web image, `webMain.ts`): the shell and each remote under the web
 * root, served as the gateway serves them (serveWeb.ts: precompressed copies, cache policy,
 * client-side routes) with the same headers. A root holding only `remotes/<name>/` publishes
 * that remote alone.
 */
export function createWebApp(web: WebConfig): Koa {
  const app = new Koa();
  const logger = createLogger('web');
  // A browser that hangs up mid-download is no fault of ours; anything else goes to the log, not stderr.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET') return;
    logger.warn({ err: error }, 'response stream failed');
  });
  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    ctx.body = { status: 'ok', service: 'web' };
  });
  app.use(securityHeaders(remoteOrigins(web.remotes)));
  app.use(serveWeb(web));
  return app;
}
