export * from './common.js';
export * from './auth.js';
export * from './user.js';
export * from './contact.js';
export * from './remotes.js';
export * from './openapi.js';
export * from './estimateEdit.js';
export * from './openBulkPurchaseOrders.js';
