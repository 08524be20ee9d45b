import type { Knex } from 'knex';
import type { CustomerInventory, CustomerStockItem, CustomerStockProgram } from '@printpool/contracts';
import {
  atOrBelowReorderPoint,
  DEFAULT_LEAD_TIME_DAYS,
  defaultReorderMonths,
  daysBetween,
  exactQuantity,
  stockUsage,
  subtractQuantity,
  sumQuantities,
  usageMonths,
  type Release,
} from '@printpool/domain';
import { documentVersion } from '@printpool/service-kit';
import { OPEN_BULK_PO } from '../ledger/openBulk.js';
import { DRAWN_ON_LINE, POOL_QUANTITY } from '../ledger/remainingQuantity.js';
import { loadPrograms } from './programs.js';
import { ORDER_CUSTOMER, OWNERSHIP_COLUMNS, ownerOf, type OwnedLine } from './stockOwnership.js';

const SHIPPED = "('shipped', 'delivered')";

interface StockLine extends OwnedLine {
  purchase_order_id: string;
  po_number: string;
  item_qb_id: string;
  item_name: string | null;
  pooled: string;
  drawn: string;
  qty_remaining: string;
}

/** A shipped (or delivered) pull ticket as the stock read takes it. */
export interface ShippedTicket {
  id: string;
  pt_number: string;
  bulk_po_id: string | null;
  items: { item_id: string | null; qty: number | string }[];
  shipped_on: string;
  ordered_by: string | null;
}

/** The units of the item a ticket released, over its lines. */
export const unitsOf = (ticket: ShippedTicket, itemId: string) =>
  sumQuantities(
    ticket.items.filter((item) => item.item_id === itemId),
    (item) => exactQuantity(item.qty),
  );

/**
 * The open bulk PO lines of every item the customer might own on a PO: those naming the
 * customer, or drawn by the customer's orders, with every other line of the same item on
 * the same PO, since ownership is decided for them together.
 */
async function candidateLines(knex: Knex | Knex.Transaction, tenantId: string, customer: { qbId: string; name: string }): Promise<StockLine[]> {
  // Each way a line can be the customer's is its own indexed lookup (the customer's orders by
  // migration 037): testing every open bulk line of the company for all three is what cost.
  const { rows } = await knex.raw(
    `WITH mine AS (
       SELECT so.id FROM sales_orders so WHERE so.tenant_id = :tenantId AND so.customer_qb_id = :customer
       UNION
       SELECT so.id FROM sales_orders so
       WHERE so.tenant_id = :tenantId AND so.customer_qb_id IS NULL AND so.customer_name = :name AND ${ORDER_CUSTOMER} = :customer
     ), touched AS (
       SELECT l.purchase_order_id, l.item_qb_id
       FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.purchase_order_id
       WHERE l.tenant_id = :tenantId AND l.kind = 'item' AND l.item_qb_id IS NOT NULL AND l.customer_qb_id = :customer AND ${OPEN_BULK_PO}
       UNION
       SELECT l.purchase_order_id, l.item_qb_id
       FROM mine JOIN allocations a ON a.sales_order_id = mine.id
       JOIN purchase_order_lines l ON l.id = a.purchase_order_line_id JOIN purchase_orders po ON po.id = l.purchase_order_id
       WHERE l.kind = 'item' AND l.item_qb_id IS NOT NULL AND ${OPEN_BULK_PO}
       UNION
       SELECT sa.purchase_order_id, sa.item_qb_id
       FROM stock_assignments sa JOIN purchase_orders po ON po.id = sa.purchase_order_id
       WHERE sa.tenant_id = :tenantId AND sa.customer_qb_id = :customer AND ${OPEN_BULK_PO}
     )
     SELECT l.purchase_order_id, po.po_number, l.item_qb_id, l.item_name, ${OWNERSHIP_COLUMNS},
            ${POOL_QUANTITY} AS pooled, ${DRAWN_ON_LINE} AS drawn, l.qty_remaining
     FROM purchase_order_lines l
     JOIN purchase_orders po ON po.id = l.purchase_order_id
     JOIN touched t ON t.purchase_order_id = l.purchase_order_id AND t.item_qb_id = l.item_qb_id
     WHERE l.tenant_id = :tenantId AND l.kind = 'item'
     ORDER BY l.purchase_order_id, l.id`,
    { tenantId, customer: customer.qbId, name: customer.name },
  );
  return rows;
}

/**
 * The tickets that shipped to the customer (their order's customer; a ticket whose order was
 * deleted, by the customer's name on it), and the tickets shipped from the given POs: the first
 * are the customer's usage, the second what left their stock.
 */
async function shippedTickets(knex: Knex | Knex.Transaction, tenantId: string, customer: { qbId: string; name: string }, poIds: readonly number[]) {
  const rows: ShippedTicket[] = (
    await knex.raw(
      `SELECT pt.id, pt.pt_number, pt.bulk_po_id, pt.items, to_char(coalesce(pt.shipped_at, pt.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS shipped_on,
              CASE WHEN ${ORDER_CUSTOMER} = :customer OR (pt.sales_order_id IS NULL AND pt.customer_name = :name) THEN :customer END AS ordered_by
       FROM pull_tickets pt LEFT JOIN sales_orders so ON so.id = pt.sales_order_id
       WHERE pt.tenant_id = :tenantId AND pt.status IN ${SHIPPED}
         AND (${ORDER_CUSTOMER} = :customer OR (pt.sales_order_id IS NULL AND pt.customer_name = :name) OR pt.bulk_po_id = ANY(:poIds::bigint[]))`,
      { tenantId, customer: customer.qbId, name: customer.name, poIds: [...poIds] },
    )
  ).rows;
  return { usage: rows.filter((ticket) => ticket.ordered_by !== null), fromPos: rows };
}

interface ReorderPointRow {
  item_qb_id: string;
  units: string | null;
  months: string | null;
}

/** The reorder points the broker set for the customer's items, by item. */
async function reorderPoints(knex: Knex | Knex.Transaction, tenantId: string, customerQbId: string): Promise<Map<string, ReorderPointRow>> {
  const rows: ReorderPointRow[] = await knex('customer_reorder_points')
    .where({ tenant_id: tenantId, customer_qb_id: customerQbId })
    .select('item_qb_id', 'units', 'months');
  return new Map(rows.map((row) => [row.item_qb_id, row]));
}

/**
 * An item's reorder point: the broker's, else the longest lead time of the vendors holding it and
 * a month to spare (docs/product.md §12), with its version.
 */
function reorderPointOf(row: ReorderPointRow | undefined, leadTimeDays: number): CustomerStockItem['reorderPoint'] {
  const point = row
    ? { units: row.units === null ? null : exactQuantity(row.units), months: row.months === null ? null : Number(row.months), source: 'customer' as const }
    : { units: null, months: defaultReorderMonths(leadTimeDays), source: 'default' as const };
  return { ...point, version: documentVersion([point.units, point.months, point.source]) };
}

/**
 * A customer's stock on the day `asOf` (docs/product.md §12), or undefined for no such customer
 * of the tenant. Per item: what their bulk POs hold at the vendor (pooled less shipped, as the
 * program page counts it), what open orders hold of it, their usage, supply and run-out.
 */
export async function loadCustomerInventory(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  customerId: number,
  asOf: string,
): Promise<CustomerInventory | undefined> {
  return (await readCustomerStock(knex, tenantId, customerId, asOf))?.inventory;
}

/**
 * The customer's stock, with the tickets that shipped to them, their usage, from which a
 * statement takes the releases of its period (read/customerStatement.ts).
 */
export async function readCustomerStock(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  customerId: number,
  asOf: string,
): Promise<{ inventory: CustomerInventory; shippedToCustomer: ShippedTicket[] } | undefined> {
  const customer: { id: string; qb_id: string | null; name: string } | undefined = await knex('customers')
    .where({ tenant_id: tenantId, id: customerId })
    .first('id', 'qb_id', 'name');
  if (!customer) return undefined;
  const answer = { customerId: Number(customer.id), customerName: customer.name, asOf };
  if (!customer.qb_id) return { inventory: { ...answer, items: [] }, shippedToCustomer: [] };

  const groups = new Map<string, StockLine[]>();
  for (const line of await candidateLines(knex, tenantId, { qbId: customer.qb_id, name: customer.name })) {
    const key = `${line.purchase_order_id}:${line.item_qb_id}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const owned = [...groups.values()].filter((lines) => ownerOf(lines) === customer.qb_id);
  const poIds = [...new Set(owned.map((lines) => Number(lines[0]!.purchase_order_id)))];
  const views = await loadPrograms(knex, tenantId, poIds);
  const programs = new Map(views.map(({ program }) => [program.purchaseOrderId, program]));
  const leadTimes = new Map(views.map((view) => [view.program.purchaseOrderId, view.leadTimeDays]));
  const tickets = await shippedTickets(knex, tenantId, { qbId: customer.qb_id, name: customer.name }, poIds);

  const stock = owned.map((lines) => {
    const poId = Number(lines[0]!.purchase_order_id);
    const itemId = lines[0]!.item_qb_id;
    const released = sumQuantities(
      tickets.fromPos.filter((ticket) => Number(ticket.bulk_po_id) === poId),
      (ticket) => unitsOf(ticket, itemId),
    );
    const pooled = sumQuantities(lines, (line) => exactQuantity(line.pooled));
    const drawn = sumQuantities(lines, (line) => exactQuantity(line.drawn));
    const program: CustomerStockProgram = {
      purchaseOrderId: poId,
      poNumber: lines[0]!.po_number,
      expiresOn: programs.get(poId)!.expiresOn,
      daysLeft: daysBetween(asOf, programs.get(poId)!.expiresOn),
      atVendor: Math.max(0, subtractQuantity(pooled, released)),
      remaining: sumQuantities(lines, (line) => exactQuantity(line.qty_remaining)),
    };
    // A shipped order keeps its draw (libs/domain salesOrderStatus.ts): what it shipped is released, not allocated.
    return { itemId, itemName: lines[0]!.item_name, program, leadTimeDays: leadTimes.get(poId)!, allocated: Math.max(0, subtractQuantity(drawn, released)) };
  });

  const usageOf = (itemId: string): Release[] =>
    tickets.usage.flatMap((ticket) => {
      const quantity = unitsOf(ticket, itemId);
      return quantity > 0 ? [{ shippedOn: ticket.shipped_on, quantity }] : [];
    });
  const [windowStart] = usageMonths(asOf);
  const used = new Set(
    tickets.usage
      .filter((ticket) => ticket.shipped_on >= windowStart!)
      .flatMap((ticket) => ticket.items.flatMap((item) => (item.item_id ? [item.item_id] : []))),
  );
  const itemIds = [...new Set([...stock.map((entry) => entry.itemId), ...used])];
  const names = new Map<string, string>(
    (await knex('items').where('tenant_id', tenantId).whereIn('qb_id', itemIds).select('qb_id', 'name')).map((row: { qb_id: string; name: string }) => [
      row.qb_id,
      row.name,
    ]),
  );

  const points = await reorderPoints(knex, tenantId, customer.qb_id);
  const items: CustomerStockItem[] = itemIds.map((itemId) => {
    const held = stock.filter((entry) => entry.itemId === itemId);
    const atVendor = sumQuantities(held, (entry) => entry.program.atVendor);
    const usage = stockUsage(usageOf(itemId), atVendor, asOf);
    // An item used but held on no program reads the product's lead time.
    const leadTimeDays = held.length > 0 ? Math.max(...held.map((entry) => entry.leadTimeDays)) : DEFAULT_LEAD_TIME_DAYS;
    const reorderPoint = reorderPointOf(points.get(itemId), leadTimeDays);
    return {
      itemId,
      itemName: names.get(itemId) ?? held[0]?.itemName ?? null,
      atVendor,
      allocated: sumQuantities(held, (entry) => entry.allocated),
      remaining: sumQuantities(held, (entry) => entry.program.remaining),
      releasedByMonth: usage.months,
      releasedThisMonth: usage.releasedThisMonth,
      averageMonthlyUsage: usage.averageMonthlyUsage,
      monthsOfSupply: usage.monthsOfSupply,
      runOutOn: usage.runOutOn,
      programs: held.map((entry) => entry.program).sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.purchaseOrderId - b.purchaseOrderId),
      reorderPoint,
      atOrBelowReorderPoint: atOrBelowReorderPoint(
        atVendor,
        reorderPoint.units !== null ? { units: reorderPoint.units } : { months: reorderPoint.months! },
        usage.averageMonthlyUsage,
      ),
    };
  });
  items.sort((a, b) => (a.itemName ?? a.itemId).localeCompare(b.itemName ?? b.itemId));
  return { inventory: { ...answer, items }, shippedToCustomer: tickets.usage };
}
