export * from './config.js';
export * from './logger.js';
export * from './http/errors.js';
export * from './http/validation.js';
export * from './http/app.js';
export * from './auth/internalToken.js';
export * from './db/database.js';
export * from './events/bus.js';
