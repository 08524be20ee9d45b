import type { Knex } from 'knex';
import type { ReorderEstimate, ReorderEstimateResult, ReorderEstimateToCreate } from '@printpool/contracts';
import { conflict, notFound, unprocessable } from '@printpool/service-kit';
import { loadCustomerInventory } from '../read/customerInventory.js';
import { linkedEstimate, type ReorderEstimateRow } from '../read/reorderEstimateLinks.js';
import { reorderBasis } from '../read/reorderBasis.js';

/**
 * How long a request may take to hear from QuickBooks before another may take its place: svc-sync's
 * QboClient ends a write, its retries included, well within it, so a request held longer lost its
 * answer (a service stopped mid-write), and the broker may ask again.
 */
export const REQUEST_HELD_MS = 2 * 60_000;

/**
 * The customer's row locked, so two requests for the customer's items take turns (as
 * orders/reorderPoints.ts does), and the item as the customer's stock shows it today.
 */
async function customerItem(trx: Knex.Transaction, tenantId: string, customerId: number, itemId: string, asOf: string) {
  const customer: { qb_id: string | null; name: string } | undefined = await trx('customers')
    .where({ tenant_id: tenantId, id: customerId })
    .forUpdate()
    .first('qb_id', 'name');
  if (!customer) throw notFound('Customer');
  if (!customer.qb_id) {
    throw unprocessable(`${customer.name} has no QuickBooks id: add the customer in QuickBooks, then sync customers`, { field: 'customerQbId' });
  }
  const item = (await loadCustomerInventory(trx, tenantId, customerId, asOf))!.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw notFound('Item of the customer');
  return { customer: { qbId: customer.qb_id, name: customer.name }, item };
}

/**
 * "Create reorder estimate" on a reorder alert (docs/product.md §12): the estimate svc-sync is to
 * create, the last bulk run's quantity at the last price, with the request held for it; or the
 * estimate already created from the alert, so a second click writes nothing. A request still
 * waiting for QuickBooks refuses another with 409.
 */
export async function requestReorderEstimate(
  trx: Knex.Transaction,
  tenantId: string,
  customerId: number,
  itemId: string,
  asOf: string,
): Promise<ReorderEstimateToCreate> {
  const { customer, item } = await customerItem(trx, tenantId, customerId, itemId, asOf);
  const key = { tenant_id: tenantId, customer_qb_id: customer.qbId, item_qb_id: itemId };
  const held: ReorderEstimateRow | undefined = await trx('reorder_estimates').where(key).first();
  const linked = held && linkedEstimate(held, item.atVendor);
  if (linked) return { status: 'created', estimate: linked };
  if (held && held.estimate_qb_id === null && Date.now() - new Date(held.requested_at).getTime() < REQUEST_HELD_MS) {
    throw conflict(`An estimate for ${item.itemName ?? itemId} is being created in QuickBooks: it shows on the alert once QuickBooks answers`);
  }
  const basis = await reorderBasis(trx, tenantId, customer.qbId, itemId);
  if (!basis.bulkRun || basis.bulkRun.quantity <= 0) {
    throw unprocessable(`No bulk run of ${item.itemName ?? itemId} held ${customer.name}'s stock, so there is no quantity to reorder`, { field: 'quantity' });
  }
  await trx('reorder_estimates')
    .insert({
      ...key,
      level: item.atVendor,
      quantity: basis.bulkRun.quantity,
      unit_price: basis.price.unitPrice,
      requested_at: trx.fn.now(),
      estimate_qb_id: null,
      doc_number: null,
      created_at: null,
    })
    .onConflict(['tenant_id', 'customer_qb_id', 'item_qb_id'])
    .merge();
  return {
    status: 'to-create',
    customerId,
    customerName: customer.name,
    customerQbId: customer.qbId,
    itemId,
    itemName: item.itemName,
    quantity: basis.bulkRun.quantity,
    unitPrice: basis.price.unitPrice,
    basis: { bulkRun: basis.bulkRun, price: basis.price },
  };
}

/**
 * svc-sync's answer: the estimate QuickBooks created, linked to the alert; or nothing created, and
 * the request let go so the broker may ask again. Only a request still waiting takes an answer.
 */
export async function recordReorderEstimate(
  trx: Knex.Transaction,
  tenantId: string,
  customerId: number,
  itemId: string,
  result: ReorderEstimateResult,
): Promise<ReorderEstimate | undefined> {
  const customer: { qb_id: string | null } | undefined = await trx('customers').where({ tenant_id: tenantId, id: customerId }).forUpdate().first('qb_id');
  if (!customer?.qb_id) throw notFound('Customer');
  const waiting = trx('reorder_estimates').where({ tenant_id: tenantId, customer_qb_id: customer.qb_id, item_qb_id: itemId }).whereNull('estimate_qb_id');
  if (result.status === 'failed') {
    await waiting.delete();
    return undefined;
  }
  const [row]: ReorderEstimateRow[] = await waiting
    .update({ estimate_qb_id: result.qbId, doc_number: result.docNumber, created_at: trx.fn.now() })
    .returning('*');
  if (!row) throw notFound('Reorder estimate request');
  return linkedEstimate(row, Number(row.level))!;
}
