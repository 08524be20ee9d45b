import type { PurchaseOrder, PurchaseOrderListRow } from '@printpool/contracts';
import { normalizeLineItems, type LineItem } from '@printpool/domain';
import { useListPage, type ListPage, type ListPageQuery } from '@printpool/platform';

/**
 * A purchase order as the pages use it: as GET /api/purchase-orders answers it (libs/contracts
 * inventoryPurchaseOrders.ts), its lines read as every document's are (docs/product.md §3).
 */
export type PurchaseOrderWithLines = Omit<PurchaseOrderListRow, 'items'> & { items: LineItem[] };

/** docs/product.md §3: a qbId means the order came from QuickBooks; without one it was made by hand. */
export function purchaseOrderSource(order: Pick<PurchaseOrder, 'qbId'>): 'QuickBooks' | 'Manual' {
  return order.qbId ? 'QuickBooks' : 'Manual';
}

export const PURCHASE_ORDERS_PATH = '/api/purchase-orders';
export const PURCHASE_ORDERS_KEY = [PURCHASE_ORDERS_PATH];

function reportUnreadableLines(error: unknown): void {
  // eslint-disable-next-line no-console -- docs/product.md §8: a line item parse failure is logged only
  console.error('Could not read purchase order line items', error);
}

function withParsedLines(page: ListPage<PurchaseOrderListRow>): ListPage<PurchaseOrderWithLines> {
  return { ...page, rows: page.rows.map((order) => ({ ...order, items: normalizeLineItems(order.items, reportUnreadableLines) })) };
}

function usePurchaseOrderPage(query: ListPageQuery) {
  return useListPage<PurchaseOrderListRow, ListPage<PurchaseOrderWithLines>>(PURCHASE_ORDERS_PATH, query, { select: withParsedLines });
}

/** The Purchase Orders page's list: searched, filtered, sorted and paged on the server (libs/contracts orderLists.ts). */
export function usePurchaseOrders(query: ListPageQuery) {
  return usePurchaseOrderPage(query);
}

/** The first `count` BULK purchase orders, closed and depleted ones included. */
export function useBulkPurchaseOrders(count: number) {
  return usePurchaseOrderPage({ page: 1, pageSize: count, filters: { poType: 'BULK' } });
}
