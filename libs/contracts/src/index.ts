export * from './http/index.js';
export * from './events/envelope.js';
export * from './events/streams.js';
export * from './events/accounting.js';
export * from './events/inventory.js';
export * from './events/documents.js';
export * from './events/identity.js';
export * from './events/asyncapi.js';
