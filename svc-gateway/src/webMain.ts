import { createHttpServer } from '@printpool/service-kit/web';
import { createWebApp } from './static/webApp.js';
import { WEB_IMAGE_SETTINGS, WEB_SETTINGS, webConfigFromRoot } from './web/webConfig.js';

/** The web image's process: `WEB_ROOT=/app/web node svc-gateway/dist/webMain.js`. */
const env = process.env;
const server = createHttpServer(createWebApp(webConfigFromRoot(WEB_SETTINGS.string(env, 'WEB_ROOT'), env)).callback());
server.listen(WEB_IMAGE_SETTINGS.number(env, 'PORT'), WEB_IMAGE_SETTINGS.string(env, 'HOST'));
// Files answer in milliseconds: stop accepting, let those in flight finish, exit.
process.once('SIGTERM', () => server.close(() => process.exit(0)));
