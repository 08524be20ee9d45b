// Carries @koa/bodyparser's `ctx.request.body` typing to every package built against this one.
/// <reference types="@koa/bodyparser" preserve="true" />
export * from './config.js';
export * from './logger.js';
export * from './http/errors.js';
export * from './http/validation.js';
export * from './http/app.js';
export * from './auth/internalToken.js';
export * from './auth/internalTokenIssuer.js';
export * from './auth/internalTokenVerifier.js';
export * from './cache/expiringCache.js';
export * from './cache/tenantReadCache.js';
export * from './db/database.js';
export * from './db/preparedStatement.js';
export * from './db/plannerStatistics.js';
export * from './db/tenantChanges.js';
export * from './events/bus.js';
export { isUnavailable, type DeadLetter } from './events/deadLetter.js';
export * from './runtime/serviceModule.js';
export * from './runtime/runService.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './events/retry.js';
export { subjectMatches } from './events/subjects.js';
export * from './events/inProcessBus.js';
export * from './events/natsBus.js';
export * from './events/outbox.js';
export * from './events/inbox.js';
export * from './http/requestBody.js';
export * from './http/serviceClient.js';
export { discardRestOfBody } from './http/unreadBody.js';
