export * from './inventoryStatus.js';
export * from './bulkDetection.js';
export * from './fax.js';
export * from './money.js';
export * from './lineItems.js';
export * from './display.js';
export * from './quantity.js';
export * from './salesOrderStatus.js';
