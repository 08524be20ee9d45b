import type { ProgramSummary } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { PURCHASE_ORDERS_PATH } from './purchaseOrders.js';

/** GET /api/purchase-orders/{id}/program/summary: under the purchase orders' key, so what refreshes them refreshes it. */
export const programSummaryKey = (purchaseOrderId: number) => [PURCHASE_ORDERS_PATH, purchaseOrderId, 'program', 'summary'];

/** A bulk PO's program as it has run (docs/product.md §11); the platform's query function GETs the key's path. */
export function useProgramSummary(purchaseOrderId: number | null) {
  return useQuery<ProgramSummary>({ queryKey: programSummaryKey(purchaseOrderId ?? 0), enabled: purchaseOrderId !== null });
}
