/**
 * What a process that only serves files needs of the kit (svc-gateway's webMain.ts, the web
 * image): logs, settings and the HTTP server, without the database, the event bus or their
 * drivers, so the web image holds its server as one small bundled file (infra/images/build-stage.sh).
 */
export { createLogger, type Logger } from './logger.js';
export { defineSettings } from './config/settings.js';
export { createHttpServer } from './runtime/httpServer.js';
