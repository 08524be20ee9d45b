import type { PurchaseOrderListFilters, PurchaseOrderListSort } from '@printpool/contracts';
import { parseSort } from '@printpool/domain';
import type { CsvColumn } from './csvExport.js';
import { equalTo, searchIn, withinDays } from './listConditions.js';
import { listOrder, type ListSelection } from './listPage.js';
import { PROGRAM_EXPIRES_ON, REMAINING_PERCENT } from './programExpiry.js';
import { PURCHASE_ORDER_SELECT, type PurchaseOrderView } from './purchaseOrderView.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

/** The status the broker sees: their override, else QuickBooks'. */
const EFFECTIVE_STATUS = 'coalesce(po.override_status, po.source_status)';
/** The PO's date in QuickBooks, a manual PO's creation day. */
const PO_DATE = '(coalesce(po.txn_date, po.created_at::date))';

const SORTABLE: Record<PurchaseOrderListSort, string> = {
  poNumber: 'po.po_number',
  vendorName: 'po.vendor_name',
  poType: 'po.po_type',
  totalAmount: 'po.total_amount',
  status: EFFECTIVE_STATUS,
  poDate: PO_DATE,
  createdAt: 'po.created_at',
  expiresOn: PROGRAM_EXPIRES_ON,
  remainingPercent: REMAINING_PERCENT,
};

/** The Purchase Orders list: newest first; `search` matches PO number, vendor or status; the filters of libs/contracts orderLists.ts. */
export function purchaseOrderList(tenantId: string, search: string | null, filters: PurchaseOrderListFilters): ListSelection {
  const where: [SqlPart, ...SqlPart[]] = [
    sqlPart('po.tenant_id = ?', tenantId),
    ...searchIn(['po.po_number', 'po.vendor_name', EFFECTIVE_STATUS], search),
    ...equalTo(EFFECTIVE_STATUS, filters.status),
    ...(filters.includeClosed === 'false' ? [sqlPart(`${EFFECTIVE_STATUS} <> 'closed'`)] : []),
    ...equalTo('po.po_type', filters.poType),
    ...searchIn(['po.vendor_name'], filters.vendor),
    ...withinDays(PO_DATE, filters),
    ...(filters.expiresWithinDays === undefined ? [] : [sqlPart(`${PROGRAM_EXPIRES_ON} <= current_date + ?::int`, filters.expiresWithinDays)]),
  ];
  return {
    table: 'purchase_orders',
    alias: 'po',
    where,
    columns: PURCHASE_ORDER_SELECT,
    order: listOrder(
      parseSort<PurchaseOrderListSort>(filters.sort),
      SORTABLE,
      [
        ['po.created_at', 'desc'],
        ['po.id', 'desc'],
      ],
      'po.id',
    ),
  };
}

export const PURCHASE_ORDER_CSV: CsvColumn<PurchaseOrderView>[] = [
  ['PO Number', (po) => po.poNumber],
  ['Vendor', (po) => po.vendorName],
  ['Vendor Email', (po) => po.vendorEmail],
  ['Type', (po) => po.poType],
  ['PO Date', (po) => po.poDate],
  ['Total Qty', (po) => po.totalQuantity],
  ['Remaining', (po) => po.quantityRemaining],
  ['Total Amount', (po) => po.totalAmount],
  ['Currency', (po) => po.currency],
  ['Status', (po) => po.status],
  ['Program Expires', (po) => po.expiresOn],
  ['Remaining %', (po) => po.remainingPercent],
  ['Source', (po) => (po.qbId ? 'QuickBooks' : 'Manual')],
  ['Created', (po) => po.createdAt],
];
