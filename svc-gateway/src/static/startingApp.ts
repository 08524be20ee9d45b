import Koa from 'koa';
import type { ErrorBody } from '@printpool/contracts';
import { securityHeaders } from '../http/securityHeaders.js';
import { remoteOrigins } from '../web/remotes.js';
import { serveWeb } from './serveWeb.js';
import { webConfigFromRoot } from '../web/webConfig.js';

/** How long a browser is asked to wait before calling the API again while the product starts. */
const RETRY_AFTER_SECONDS = 1;

/**
 * What the all-in-one process answers while its databases migrate and its services start: the
 * front-end at once (so the landing page loads in the first seconds of `npm start`) and, for
 * the API, a 503 that says so; the shell asks again (libs/platform/src/auth/useAuth.ts).
 * Only light modules: it is loaded before the services' code (package export `./starting`).
 */
export function createStartingApp(webRoot: string | undefined): Koa {
  const app = new Koa();
  // A browser leaving mid-download is no error worth a stack trace on the console.
  app.silent = true;
  const web = webRoot ? webConfigFromRoot(webRoot) : undefined;
  app.use(securityHeaders(remoteOrigins(web?.remotes ?? [])));
  if (web) app.use(serveWeb(web));
  app.use((ctx) => {
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    ctx.body = { message: 'PrintPool is starting; try again in a moment', code: 'STARTING' } satisfies ErrorBody;
  });
  return app;
}
