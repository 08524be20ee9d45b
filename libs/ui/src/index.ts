export * from './antd.js';
export { DocumentTotals } from './DocumentTotals.js';
export { EmptyState } from './EmptyState.js';
export { InventoryStatusBadge } from './InventoryStatusBadge.js';
export { PageHeader } from './PageHeader.js';
export { ScrollRegion } from './ScrollRegion.js';
export { SimpleTable, type SimpleColumn } from './SimpleTable.js';
export { StatCard } from './StatCard.js';
export { VisuallyHidden } from './VisuallyHidden.js';
