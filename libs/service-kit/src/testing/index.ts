export * from './waitFor.js';
export * from './testDatabase.js';
export * from './natsServer.js';
export * from './testBus.js';
export * from './sendLargeBody.js';
export * from './onPostgres.js';
export * from './eventContracts.js';
export * from './routeAccess.js';
