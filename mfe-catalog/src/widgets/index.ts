/** ./widgets: dashboard cards, one named export each. */
export { StockAlertsWidget } from './StockAlertsWidget.js';
