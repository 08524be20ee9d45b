import type { Knex } from 'knex';
import type { PurchaseOrderStockOwner, StockOwnerInput } from '@printpool/contracts';
import { notFound, unprocessable, versionConflict } from '@printpool/service-kit';
import type { ChangeSet } from '../application/changeSet.js';
import { refuseUnlessBulk } from './programTerms.js';
import { loadStockOwners } from '../read/purchaseOrderStockOwners.js';

const customerName = (owner: PurchaseOrderStockOwner['assigned']): string | null => owner?.customerName ?? null;

/**
 * Gives an item's stock on a bulk PO to a customer, or takes it back (docs/product.md §12), on
 * the version of the assignment the broker read. Stock whose QuickBooks lines name a customer is
 * theirs, and is changed in QuickBooks: an assignment there would be ignored, so it is refused.
 * The PO row is locked first, so two saves of its assignments take turns and the second sees the
 * first; nothing goes to QuickBooks.
 */
export async function assignStock(
  trx: Knex.Transaction,
  tenantId: string,
  purchaseOrderId: number,
  itemId: string,
  input: StockOwnerInput,
  basedOn: string,
  changes: ChangeSet,
): Promise<PurchaseOrderStockOwner> {
  await trx('purchase_orders').where({ tenant_id: tenantId, id: purchaseOrderId }).forUpdate().first('id');
  const found = await loadStockOwners(trx, tenantId, purchaseOrderId);
  refuseUnlessBulk(found && { poType: found.poType, poNumber: found.owners.poNumber });
  const current = found!.owners.items.find((item) => item.itemId === itemId);
  if (!current) throw notFound('Item on the purchase order');
  const customer: { qb_id: string | null; name: string } | undefined =
    input.customerId === null ? undefined : await trx('customers').where({ tenant_id: tenantId, id: input.customerId }).first('qb_id', 'name');
  if (input.customerId !== null && !customer?.qb_id) throw unprocessable('Customer must be a customer of the company from QuickBooks', { field: 'customerId' });
  if (current.version !== basedOn) {
    const difference = { field: 'Customer', path: ['customerId'], current: current.assigned?.customerId ?? null, proposed: input.customerId };
    throw versionConflict("item's stock owner", current, [difference]);
  }
  if (current.decidedBy === 'quickbooks' && customer)
    throw unprocessable(
      `The QuickBooks lines of ${current.itemName ?? itemId} hold it for ${current.owner!.customerName}: change the customer on the PO in QuickBooks`,
      {
        field: 'customerId',
      },
    );
  const key = { tenant_id: tenantId, purchase_order_id: purchaseOrderId, item_qb_id: itemId };
  if (customer)
    await trx('stock_assignments')
      .insert({ ...key, customer_qb_id: customer.qb_id, assigned_at: trx.fn.now() })
      .onConflict(['tenant_id', 'purchase_order_id', 'item_qb_id'])
      .merge();
  else await trx('stock_assignments').where(key).delete();
  const after = customer?.name ?? null;
  if (after !== customerName(current.assigned))
    changes.stockOwnerChanged(purchaseOrderId, { field: `Stock of ${current.itemName ?? itemId}`, before: customerName(current.assigned), after });
  return (await loadStockOwners(trx, tenantId, purchaseOrderId))!.owners.items.find((item) => item.itemId === itemId)!;
}
