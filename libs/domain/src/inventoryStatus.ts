export type InventoryStatusLabel = 'Available' | 'In Use' | 'Low Stock' | 'Depleted';
export type InventoryStatusTone = 'success' | 'processing' | 'warning' | 'error';

export interface InventoryStatus {
  label: InventoryStatusLabel;
  tone: InventoryStatusTone;
  /** Share of the original quantity already drawn, 0–100. */
  usedPercent: number;
}

export const LOW_STOCK_USED_PERCENT = 75;
export const IN_USE_USED_PERCENT = 25;

/**
 * Inventory status of a bulk purchase order or one of its lines, from how much of the
 * original quantity has been drawn: remaining 0 is Depleted, then ≥ 75% used is Low Stock,
 * ≥ 25% used is In Use, otherwise Available.
 */
export function inventoryStatus(total: number, remaining: number): InventoryStatus {
  const usedPercent = total > 0 ? ((total - remaining) / total) * 100 : 0;
  if (remaining <= 0) return { label: 'Depleted', tone: 'error', usedPercent: total > 0 ? 100 : 0 };
  if (usedPercent >= LOW_STOCK_USED_PERCENT) return { label: 'Low Stock', tone: 'warning', usedPercent };
  if (usedPercent >= IN_USE_USED_PERCENT) return { label: 'In Use', tone: 'processing', usedPercent };
  return { label: 'Available', tone: 'success', usedPercent };
}

export type VirtualInventoryTone = 'normal' | 'secondary' | 'destructive';

/** Badge style for an item's virtual inventory: above 100 normal, 1–100 secondary, 0 destructive. */
export function virtualInventoryTone(quantity: number): VirtualInventoryTone {
  if (quantity > 100) return 'normal';
  if (quantity >= 1) return 'secondary';
  return 'destructive';
}
