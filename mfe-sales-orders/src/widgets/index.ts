/** ./widgets: dashboard cards, one named export each. */
export { RecentSalesOrdersWidget } from './RecentSalesOrdersWidget.js';
