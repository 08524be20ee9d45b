import type { Knex } from 'knex';
import type { CustomerStockItem, ReorderPointInput } from '@printpool/contracts';
import { fieldDifferences, notFound, versionConflict } from '@printpool/service-kit';
import { loadCustomerInventory } from '../read/customerInventory.js';

const POINT_FIELDS = [
  ['units', 'Units'],
  ['months', 'Months'],
] as const;

/**
 * Sets when to reorder a customer's item (docs/product.md §12), on the version of the point the
 * broker read; both fields null go back to the default. The customer's row is locked first, so
 * two saves of the customer's points take turns and the second sees the first.
 */
export async function setReorderPoint(
  trx: Knex.Transaction,
  tenantId: string,
  customerId: number,
  itemId: string,
  input: ReorderPointInput,
  basedOn: string,
  asOf: string,
): Promise<CustomerStockItem> {
  const customer: { qb_id: string | null } | undefined = await trx('customers').where({ tenant_id: tenantId, id: customerId }).forUpdate().first('qb_id');
  if (!customer) throw notFound('Customer');
  const item = (await loadCustomerInventory(trx, tenantId, customerId, asOf))!.items.find((candidate) => candidate.itemId === itemId);
  if (!item || !customer.qb_id) throw notFound('Item of the customer');
  const point = { units: input.units ?? null, months: input.months ?? null };
  if (item.reorderPoint.version !== basedOn) {
    const current = { units: item.reorderPoint.units, months: item.reorderPoint.source === 'customer' ? item.reorderPoint.months : null };
    throw versionConflict("item's reorder point", item, fieldDifferences(POINT_FIELDS, current, point));
  }
  const key = { tenant_id: tenantId, customer_qb_id: customer.qb_id, item_qb_id: itemId };
  if (point.units === null && point.months === null) await trx('customer_reorder_points').where(key).delete();
  else
    await trx('customer_reorder_points')
      .insert({ ...key, ...point, updated_at: trx.fn.now() })
      .onConflict(['tenant_id', 'customer_qb_id', 'item_qb_id'])
      .merge(['units', 'months', 'updated_at']);
  return (await loadCustomerInventory(trx, tenantId, customerId, asOf))!.items.find((candidate) => candidate.itemId === itemId)!;
}
