import type { PurchaseOrderChanged } from '@printpool/contracts';

/** The purchase order as its change event describes it, but for its totals. */
export type PurchaseOrderHeader = Omit<PurchaseOrderChanged, 'totalQuantity' | 'quantityRemaining'>;

/** The columns a lock statement reads of the purchase order whose lines it locks. */
export interface LockedPurchaseOrderColumns {
  purchase_order_id: number | string;
  qb_id: string | null;
  po_number: string;
  override_status: string | null;
  vendor_name: string | null;
}

/** The header of a purchase order locked as an open bulk one (OPEN_BULK_PO held under the lock): BULK, its effective status open. */
export function lockedHeader(row: LockedPurchaseOrderColumns): PurchaseOrderHeader {
  return {
    purchaseOrderId: Number(row.purchase_order_id),
    qbId: row.qb_id,
    poNumber: row.po_number,
    poType: 'BULK',
    status: 'open',
    overrideStatus: row.override_status !== null,
    vendorName: row.vendor_name,
    deleted: false,
  };
}
