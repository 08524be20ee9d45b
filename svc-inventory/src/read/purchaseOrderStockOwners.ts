import type { Knex } from 'knex';
import type { PurchaseOrder, PurchaseOrderStockOwner, PurchaseOrderStockOwners } from '@printpool/contracts';
import { documentVersion } from '@printpool/service-kit';
import { OWNERSHIP_COLUMNS, stockOwner, type OwnedLine } from './stockOwnership.js';

interface ItemLine extends OwnedLine {
  item_qb_id: string;
  item_name: string | null;
}

/** The version of an item's assignment: what a save of it is based on. */
export const assignmentVersion = (assignedTo: string | null): string => documentVersion(['stock-owner', assignedTo]);

/**
 * Whose stock each item of a purchase order is (docs/product.md §12), the items in the PO's line
 * order; undefined for no such PO of the tenant. `poType` lets the caller refuse a standard PO.
 */
export async function loadStockOwners(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  purchaseOrderId: number,
): Promise<{ poType: PurchaseOrder['poType']; owners: PurchaseOrderStockOwners } | undefined> {
  const po: { po_number: string; po_type: PurchaseOrder['poType'] } | undefined = await knex('purchase_orders')
    .where({ tenant_id: tenantId, id: purchaseOrderId })
    .first('po_number', 'po_type');
  if (!po) return undefined;
  const { rows }: { rows: ItemLine[] } = await knex.raw(
    `SELECT l.item_qb_id, l.item_name, ${OWNERSHIP_COLUMNS}
     FROM purchase_order_lines l
     WHERE l.tenant_id = :tenantId AND l.purchase_order_id = :purchaseOrderId AND l.kind = 'item' AND l.item_qb_id IS NOT NULL
     ORDER BY l.line_no, l.id`,
    { tenantId, purchaseOrderId },
  );
  const byItem = new Map<string, ItemLine[]>();
  for (const row of rows) byItem.set(row.item_qb_id, [...(byItem.get(row.item_qb_id) ?? []), row]);
  const named = [...new Set(rows.flatMap((row) => [row.customer_qb_id, row.assigned_to, ...row.drawers]).filter((id) => id !== null))];
  const customers = new Map<string, { customerId: number; customerName: string }>(
    (await knex('customers').where({ tenant_id: tenantId }).whereIn('qb_id', named).select('id', 'qb_id', 'name')).map(
      (customer: { id: string; qb_id: string; name: string }) => [customer.qb_id, { customerId: Number(customer.id), customerName: customer.name }],
    ),
  );
  const items = [...byItem.values()].map((lines): PurchaseOrderStockOwner => {
    const decided = stockOwner(lines);
    const owner = decided.owner === null ? null : (customers.get(decided.owner) ?? null);
    const assignedTo = lines[0]!.assigned_to;
    return {
      itemId: lines[0]!.item_qb_id,
      itemName: lines[0]!.item_name,
      owner,
      // Orders of a customer PrintPool does not know by QuickBooks id give the stock to no customer of the company.
      decidedBy: owner === null ? 'shared' : decided.decidedBy,
      assigned: assignedTo === null ? null : (customers.get(assignedTo) ?? null),
      version: assignmentVersion(assignedTo),
    };
  });
  return { poType: po.po_type, owners: { purchaseOrderId, poNumber: po.po_number, items } };
}
