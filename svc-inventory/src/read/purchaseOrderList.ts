import type { Knex } from 'knex';
import type { PurchaseOrderListFilters, PurchaseOrderListRow, PurchaseOrderListSort } from '@printpool/contracts';
import { parseSort, todayUtc } from '@printpool/domain';
import type { CsvColumn } from './csvExport.js';
import { equalTo, searchIn, withinDays } from './listConditions.js';
import { listOrder, type ListSelection } from './listPage.js';
import { HAS_CHARGES, loadChargesToDate } from './programCharges.js';
import { PROGRAM_EXPIRES_ON, REMAINING_PERCENT } from './programExpiry.js';
import { PURCHASE_ORDER_SELECT, purchaseOrderView, type PurchaseOrderRow } from './purchaseOrderView.js';
import { sqlPart, type SqlPart } from '../db/sqlPart.js';

/** The status the broker sees: their override, else QuickBooks'. */
const EFFECTIVE_STATUS = 'coalesce(po.override_status, po.source_status)';
/** The PO's date in QuickBooks, a manual PO's creation day. */
const PO_DATE = '(coalesce(po.txn_date, po.created_at::date))';

/**
 * SQL over `po`: a bulk PO's charges to date as `charges` has them (read/programCharges.ts counts
 * them outside SQL), 0 for one without; null for a standard PO. The ids and amounts travel as one
 * JSON object, read once per statement (the sub-select is an InitPlan) and looked up by key.
 */
const chargesToDateIn = (charges: ReadonlyMap<number, string>): SqlPart =>
  sqlPart(`(CASE WHEN po.po_type = 'BULK' THEN coalesce(((SELECT ?::jsonb) ->> po.id::text)::numeric, 0) END)`, JSON.stringify(Object.fromEntries(charges)));

const SORTABLE: Record<Exclude<PurchaseOrderListSort, 'chargesToDate'>, string> = {
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

/** The purchase orders the search and filters select: `search` matches PO number, vendor or status; the filters of libs/contracts orderLists.ts. */
function conditions(tenantId: string, search: string | null, filters: PurchaseOrderListFilters): [SqlPart, ...SqlPart[]] {
  return [
    sqlPart('po.tenant_id = ?', tenantId),
    ...searchIn(['po.po_number', 'po.vendor_name', EFFECTIVE_STATUS], search),
    ...equalTo(EFFECTIVE_STATUS, filters.status),
    ...(filters.includeClosed === 'false' ? [sqlPart(`${EFFECTIVE_STATUS} <> 'closed'`)] : []),
    ...equalTo('po.po_type', filters.poType),
    ...searchIn(['po.vendor_name'], filters.vendor),
    ...withinDays(PO_DATE, filters),
    ...(filters.expiresWithinDays === undefined ? [] : [sqlPart(`${PROGRAM_EXPIRES_ON} <= current_date + ?::int`, filters.expiresWithinDays)]),
  ];
}

/**
 * The bulk POs the search and filters select whose program has a charge, and their charges to
 * date: what the list sorts by when the broker sorts by Charges. The others have charged nothing.
 */
async function chargesOfSelected(db: Knex | Knex.Transaction, tenantId: string, where: readonly SqlPart[]): Promise<Map<number, string>> {
  const { rows } = (await db.raw(
    `SELECT po.id FROM purchase_orders AS po WHERE ${where.map((part) => part.text).join(' AND ')} AND po.po_type = 'BULK' AND ${HAS_CHARGES}`,
    [...where.flatMap((part) => part.values)],
  )) as { rows: { id: string }[] };
  return loadChargesToDate(
    db,
    tenantId,
    rows.map((row) => Number(row.id)),
    todayUtc(),
  );
}

/**
 * The Purchase Orders list: newest first, or by the column the broker sorted. Sorted by Charges,
 * which SQL does not count, the charges of every bulk PO selected that has a charge are counted
 * first, in a few statements however many (read/programCharges.ts), and ordered by in SQL; any
 * other order reads no charges, and the page's rows get theirs afterwards (withChargesToDate).
 */
export async function purchaseOrderList(
  tenantId: string,
  search: string | null,
  filters: PurchaseOrderListFilters,
  db: Knex | Knex.Transaction,
): Promise<ListSelection> {
  const where = conditions(tenantId, search, filters);
  const sort = parseSort<PurchaseOrderListSort>(filters.sort);
  const chargesToDate = sort?.key === 'chargesToDate' ? chargesToDateIn(await chargesOfSelected(db, tenantId, where)) : null;
  return {
    table: 'purchase_orders',
    alias: 'po',
    where,
    columns: PURCHASE_ORDER_SELECT,
    order: listOrder(
      sort,
      // Read only when the list is sorted by it.
      { ...SORTABLE, chargesToDate: chargesToDate ?? 'NULL' },
      [
        ['po.created_at', 'desc'],
        ['po.id', 'desc'],
      ],
      'po.id',
    ),
  };
}

/** A row of the list before its charges are counted with the page's other rows (withChargesToDate). */
export function purchaseOrderListRow(row: PurchaseOrderRow): PurchaseOrderListRow {
  return { ...purchaseOrderView(row), chargesToDate: null };
}

/** The rows of a page, or of an export's batch, with each bulk PO's charges to date, counted for them all at once. */
export async function withChargesToDate(db: Knex | Knex.Transaction, tenantId: string, rows: PurchaseOrderListRow[]): Promise<PurchaseOrderListRow[]> {
  const bulk = rows.filter((po) => po.poType === 'BULK').map((po) => po.id);
  const charges = await loadChargesToDate(db, tenantId, bulk, todayUtc());
  return rows.map((po) => ({ ...po, chargesToDate: charges.get(po.id) ?? null }));
}

export const PURCHASE_ORDER_CSV: CsvColumn<PurchaseOrderListRow>[] = [
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
  ['Charges', (po) => po.chargesToDate],
  ['Source', (po) => (po.qbId ? 'QuickBooks' : 'Manual')],
  ['Created', (po) => po.createdAt],
];
