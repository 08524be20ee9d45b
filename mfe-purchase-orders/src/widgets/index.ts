/** ./widgets: dashboard cards, one named export each. */
export { BulkPurchaseOrdersWidget } from './BulkPurchaseOrdersWidget.js';
export { ProgramsWidget } from './ProgramsWidget.js';
