import { createHttpServer, envNumber, envString } from '@printpool/service-kit';
import { createWebApp } from './static/webApp.js';
import { webConfigFromRoot } from './web/webConfig.js';

/** The web image's process: `WEB_ROOT=/app/web node svc-gateway/dist/webMain.js`. */
const env = process.env;
const server = createHttpServer(createWebApp(webConfigFromRoot(envString(env, 'WEB_ROOT'), env)).callback());
server.listen(envNumber(env, 'PORT', 8080), envString(env, 'HOST', '0.0.0.0'));
// Files answer in milliseconds: stop accepting, let those in flight finish, exit.
process.once('SIGTERM', () => server.close(() => process.exit(0)));
