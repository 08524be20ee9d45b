// What the front-ends' tests share (`@printpool/platform/testing`): a local API server standing in
// for the gateway, and rendering as the shell does.
export * from './apiServer.js';
export * from './listRoute.js';
export * from './mailOutcome.js';
export * from './renderWithPlatform.js';
export * from './rowActions.js';
export * from './serveApi.js';
