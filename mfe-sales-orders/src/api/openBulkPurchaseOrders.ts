import { listPageQuery, listPageUrl, useListPage, type ListPageQuery } from '@printpool/platform';
import type { OpenBulkPurchaseOrder } from '@printpool/contracts';

export type { OpenBulkPurchaseOrder };

const PATH = '/api/purchase-orders/bulk/open';
export const OPEN_BULK_PURCHASE_ORDERS_KEY = [PATH];
/** The picker shows this many; the broker types to find others. */
export const PICKER_PAGE_SIZE = 50;

export interface CoveringQuery {
  /** The order's lines as `need` (libs/contracts openBulkPurchaseOrders.ts). */
  need?: string;
  /** The order being edited, whose draws count as left on its own PO. */
  holdingOrderId?: number;
  search?: string;
  /** One PO alone: whether it still covers. */
  purchaseOrderId?: number | string;
}

function pageQuery({ need, holdingOrderId, search, purchaseOrderId }: CoveringQuery): ListPageQuery {
  const filters: Record<string, string> = {};
  if (need) filters.need = need;
  if (holdingOrderId !== undefined) filters.holding = String(holdingOrderId);
  if (purchaseOrderId !== undefined) filters.id = String(purchaseOrderId);
  return { search, page: 1, pageSize: PICKER_PAGE_SIZE, filters };
}

/** The bulk POs that can fill every line (docs/product.md §5), oldest first, as the server finds them. */
export function useCoveringBulkPurchaseOrders(query: CoveringQuery, enabled = true) {
  return useListPage<OpenBulkPurchaseOrder>(PATH, pageQuery(query), { enabled });
}

/** The same, for a form validator reading it outside render. */
export const coveringBulkPurchaseOrdersQuery = (query: CoveringQuery) => listPageQuery<OpenBulkPurchaseOrder>(PATH, pageQuery(query));

/** The request the picker sends for `query` (tests answer it). */
export const coveringBulkPurchaseOrdersPath = (query: CoveringQuery) => listPageUrl(PATH, pageQuery(query));
