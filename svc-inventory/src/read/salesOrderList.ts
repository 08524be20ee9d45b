import type { SalesOrderListFilters, SalesOrderListSort } from '@printpool/contracts';
import { parseSort } from '@printpool/domain';
import { salesOrderTotal } from '../tallies/salesOrderTallies.js';
import type { CsvColumn } from './csvExport.js';
import { equalTo, searchIn, withinDays } from './listConditions.js';
import { listOrder, type ListSelection } from './listPage.js';
import { SALES_ORDER_SELECT, type SalesOrderView } from './salesOrderView.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

/** The order's date: the estimate's in QuickBooks, a manual order's creation day. */
const ORDER_DATE = '(coalesce(so.txn_date, so.created_at::date))';

const SORTABLE: Record<SalesOrderListSort, string> = {
  soNumber: 'so.so_number',
  customerName: 'so.customer_name',
  totalAmount: 'so.total_amount',
  status: 'so.status',
  orderDate: ORDER_DATE,
  createdAt: 'so.created_at',
};

/** The Sales Orders list: newest first; `search` matches SO number, customer or status; the filters of libs/contracts orderLists.ts. */
export function salesOrderList(tenantId: string, search: string | null, filters: SalesOrderListFilters): ListSelection {
  const where: [SqlPart, ...SqlPart[]] = [
    sqlPart('so.tenant_id = ?', tenantId),
    ...searchIn(['so.so_number', 'so.customer_name', 'so.status'], search),
    ...equalTo('so.status', filters.status),
    ...equalTo('so.sync_status', filters.syncStatus),
    ...searchIn(['so.customer_name'], filters.customer),
    ...withinDays(ORDER_DATE, filters),
  ];
  return {
    table: 'sales_orders',
    alias: 'so',
    where,
    columns: SALES_ORDER_SELECT,
    order: listOrder(
      parseSort<SalesOrderListSort>(filters.sort),
      SORTABLE,
      [
        ['so.created_at', 'desc'],
        ['so.id', 'desc'],
      ],
      'so.id',
    ),
    // Every order of the tenant: the tallies count them without reading the orders.
    total: where.length === 1 ? salesOrderTotal(tenantId) : undefined,
  };
}

/** The CSV export's columns: what the table shows, and what a spreadsheet needs beside it. */
export const SALES_ORDER_CSV: CsvColumn<SalesOrderView>[] = [
  ['SO Number', (order) => order.soNumber],
  ['Customer', (order) => order.customerName],
  ['Customer Email', (order) => order.customerEmail],
  ['Order Date', (order) => order.orderDate],
  ['Status', (order) => order.status],
  ['Total Quantity', (order) => order.totalQuantity],
  ['Total Amount', (order) => order.totalAmount],
  ['Currency', (order) => order.currency],
  ['Bulk PO', (order) => order.bulkPoNumber],
  ['Pull Ticket', (order) => order.fulfilment?.ptNumber],
  ['QB Sync', (order) => order.syncStatus],
  ['QB Sync Error', (order) => order.syncError],
  ['Source', (order) => (order.qbId ? 'QuickBooks' : 'Manual')],
  ['Created', (order) => order.createdAt],
];
