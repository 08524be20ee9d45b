import type { Knex } from 'knex';
import { analyzeAfterBulkWrite, insertJsonRows } from '@printpool/service-kit';
import type { AccountingBundle } from '@printpool/contracts';
import { exactQuantity, sumQuantities, toMoneyString } from '@printpool/domain';
import type { ChangeSet } from '../application/changeSet.js';
import type { AllocationDemandLine } from '../domain/coverage.js';
import { releaseAllocation } from '../ledger/release.js';

export interface NewSalesOrderLine {
  /** The estimate line it is (QuickBooks' line Id); null for a line added here and not yet written back. */
  qbLineId: string | null;
  itemQbId: string | null;
  itemName: string | null;
  description: string | null;
  sku: string | null;
  quantity: number;
  /** Exactly as QuickBooks holds it or the broker typed it: sub-cent prices are normal in print. */
  unitPrice: number;
  /** The line's amount in cents as QuickBooks computes it (its Amount), never from a rounded price. */
  amount: number;
  /**
   * The bundle (QuickBooks Group item) this component line was sold in, null for a plain line.
   * Undefined (the edit form does not send it) keeps what the line with the same QuickBooks line id had.
   */
  bundle?: AccountingBundle | null;
}

/** What allocation depends on: a changed fingerprint means the order must be drawn again. */
export function demandFingerprint(lines: readonly { itemQbId: string | null; quantity: number }[]): string {
  return JSON.stringify(lines.map((line) => [line.itemQbId, line.quantity]));
}

export function totalsOf(lines: readonly NewSalesOrderLine[]): { totalQuantity: number; totalAmount: string } {
  return {
    totalQuantity: sumQuantities(lines, (line) => line.quantity),
    totalAmount: toMoneyString(lines.reduce((sum, line) => sum + line.amount, 0)),
  };
}

/** The order's lines as allocation reads them, in line order. */
export async function loadDemand(trx: Knex.Transaction, tenantId: string, salesOrderId: number): Promise<AllocationDemandLine[]> {
  return (await loadDemands(trx, tenantId, [salesOrderId])).get(salesOrderId) ?? [];
}

/** Several orders' lines as allocation reads them, in line order, in one statement. */
export async function loadDemands(trx: Knex.Transaction, tenantId: string, salesOrderIds: readonly number[]): Promise<Map<number, AllocationDemandLine[]>> {
  const rows: DemandRow[] = await trx('sales_order_lines')
    .where('tenant_id', tenantId)
    // One array parameter however many orders (a whole tenant's when re-allocating).
    .whereRaw('sales_order_id = ANY(?::bigint[])', [[...salesOrderIds]])
    .orderBy(['sales_order_id', 'line_no', 'id'])
    .select(DEMAND_COLUMNS);
  return demandsByOrder(rows);
}

/**
 * Brings the order's lines to `lines` and answers whether what it draws changed. Lines whose
 * items and quantities stay are updated in place, so their draws stay with them; otherwise the
 * order's draws are released and its lines replaced, and the caller draws it again.
 */
export async function writeLines(
  trx: Knex.Transaction,
  tenantId: string,
  salesOrderId: number,
  given: readonly NewSalesOrderLine[],
  changes: ChangeSet,
): Promise<boolean> {
  let lines = given;
  const current: (LineContent & { id: number | string; item_qb_id: string | null; quantity: string })[] = await trx('sales_order_lines')
    .where({ tenant_id: tenantId, sales_order_id: salesOrderId })
    .orderBy(['line_no', 'id'])
    .select('id', 'item_qb_id', 'quantity', ...CONTENT_COLUMNS);
  lines = keepBundles(lines, current);
  const demand = current.map((row) => ({ itemQbId: row.item_qb_id, quantity: exactQuantity(row.quantity) }));
  if (demandFingerprint(demand) !== demandFingerprint(lines)) {
    await releaseAllocation(trx, tenantId, salesOrderId, changes);
    await trx('sales_order_lines').where({ tenant_id: tenantId, sales_order_id: salesOrderId }).delete();
    await insertJsonRows(trx, { table: 'sales_order_lines', rows: lineRows(tenantId, salesOrderId, lines) });
    return true;
  }
  const wanted = lineRows(tenantId, salesOrderId, lines);
  for (const [i, row] of current.entries()) {
    const content = pickContent(wanted[i]!);
    if (sameContent(row, content)) continue;
    await trx('sales_order_lines').where({ id: row.id, tenant_id: tenantId }).update(content);
  }
  return false;
}

/** What a line says besides what it draws. */
interface LineContent {
  qb_line_id: string | null;
  item_name: string | null;
  description: string | null;
  sku: string | null;
  unit_price: number | string;
  total_price: number | string;
  bundle_line_id: string | null;
  bundle_item_qb_id: string | null;
  bundle_name: string | null;
  bundle_quantity: number | string | null;
}

const CONTENT_COLUMNS = [
  'qb_line_id',
  'item_name',
  'description',
  'sku',
  'unit_price',
  'total_price',
  'bundle_line_id',
  'bundle_item_qb_id',
  'bundle_name',
  'bundle_quantity',
] as const;
const NUMERIC_COLUMNS = new Set<string>(['unit_price', 'total_price', 'bundle_quantity']);

const pickContent = (row: LineContent): LineContent => Object.fromEntries(CONTENT_COLUMNS.map((column) => [column, row[column]])) as unknown as LineContent;

// numeric columns read back as strings ('0.0941', '12.50'): compared as numbers.
const sameContent = (a: LineContent, b: LineContent) =>
  CONTENT_COLUMNS.every((column) =>
    NUMERIC_COLUMNS.has(column) && a[column] !== null && b[column] !== null ? Number(a[column]) === Number(b[column]) : a[column] === b[column],
  );

/** Lines whose bundle is not given take the bundle of the stored line with their QuickBooks line id. */
function keepBundles(lines: readonly NewSalesOrderLine[], current: readonly LineContent[]): readonly NewSalesOrderLine[] {
  const stored = new Map(current.filter((row) => row.qb_line_id !== null).map((row) => [row.qb_line_id!, bundleOf(row)]));
  return lines.map((line) => (line.bundle !== undefined ? line : { ...line, bundle: (line.qbLineId !== null && stored.get(line.qbLineId)) || null }));
}

function bundleOf(row: LineContent): AccountingBundle | null {
  if (row.bundle_line_id === null && row.bundle_item_qb_id === null && row.bundle_name === null) return null;
  return { lineId: row.bundle_line_id, itemQbId: row.bundle_item_qb_id, name: row.bundle_name, quantity: Number(row.bundle_quantity ?? 0) };
}

/** A new order's row (without tenant_id) and its lines. */
export interface NewSalesOrder {
  row: Record<string, unknown> & { qb_id: string };
  lines: readonly NewSalesOrderLine[];
}

/**
 * Writes new orders (distinct qbIds) and their lines in two statements however many there are,
 * answering, in the order given, each order's id and its lines as allocation reads them.
 */
export async function insertSalesOrders(
  trx: Knex.Transaction,
  tenantId: string,
  orders: readonly NewSalesOrder[],
): Promise<{ id: number; demand: AllocationDemandLine[] }[]> {
  if (orders.length === 0) return [];
  const inserted = await insertJsonRows<{ id: number | string; qb_id: string }>(trx, {
    table: 'sales_orders',
    rows: orders.map((order) => ({ ...order.row, tenant_id: tenantId })),
    returning: ['id', 'qb_id'],
  });
  const ids = new Map(inserted.map((row) => [row.qb_id, Number(row.id)]));
  const withIds = orders.map((order) => ({ id: ids.get(order.row.qb_id)!, lines: order.lines }));
  const lineRowsToInsert = withIds.flatMap(({ id, lines }) => lineRows(tenantId, id, lines));
  const written = await insertJsonRows<DemandRow>(trx, { table: 'sales_order_lines', rows: lineRowsToInsert, returning: DEMAND_COLUMNS });
  await analyzeAfterBulkWrite(trx, 'sales_orders', orders.length);
  await analyzeAfterBulkWrite(trx, 'sales_order_lines', written.length);
  const demands = demandsByOrder(written.sort((a, b) => a.line_no - b.line_no));
  return withIds.map(({ id }) => ({ id, demand: demands.get(id) ?? [] }));
}

/** A sales order line as allocation reads it. */
interface DemandRow {
  sales_order_id: number | string;
  id: number | string;
  line_no: number;
  item_qb_id: string | null;
  /** numeric, read as a string (013_fractional_quantities.ts). */
  quantity: string;
}

const DEMAND_COLUMNS = ['sales_order_id', 'id', 'line_no', 'item_qb_id', 'quantity'];

/** Each order's lines as allocation reads them, in the order of `rows`. */
function demandsByOrder(rows: readonly DemandRow[]): Map<number, AllocationDemandLine[]> {
  const demands = new Map<number, AllocationDemandLine[]>();
  for (const row of rows) {
    const id = Number(row.sales_order_id);
    const line = { salesOrderLineId: Number(row.id), itemQbId: row.item_qb_id, quantity: exactQuantity(row.quantity) };
    const lines = demands.get(id);
    if (lines) lines.push(line);
    else demands.set(id, [line]);
  }
  return demands;
}

function lineRows(tenantId: string, salesOrderId: number, lines: readonly NewSalesOrderLine[]) {
  return lines.map((line, i) => ({
    tenant_id: tenantId,
    sales_order_id: salesOrderId,
    line_no: i + 1,
    qb_line_id: line.qbLineId,
    item_qb_id: line.itemQbId,
    item_name: line.itemName,
    description: line.description,
    sku: line.sku,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    total_price: line.amount,
    bundle_line_id: line.bundle?.lineId ?? null,
    bundle_item_qb_id: line.bundle?.itemQbId ?? null,
    bundle_name: line.bundle?.name ?? null,
    bundle_quantity: line.bundle?.quantity ?? null,
  }));
}
