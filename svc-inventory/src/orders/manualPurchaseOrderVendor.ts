import type { Knex } from 'knex';
import type { PurchaseOrderCreate } from '@printpool/contracts';
import { conflict, unprocessable } from '@printpool/service-kit';
import { NAMEABLE_VENDOR } from '../read/vendorList.js';

/** What a manual purchase order takes of its vendor. */
export interface PurchaseOrderVendor {
  name: string;
  qbId: string | null;
  /** The PO's own e-mail: the one the broker typed; for a vendor added here, its own when none was typed. */
  email: string | null;
}

export const unknownVendor = (name: string) => `No vendor is named "${name}": choose one of your vendors, or add it as a new vendor`;
export const vendorExists = (name: string) => `${name} is already one of your vendors: choose it instead of adding it again`;

/**
 * The vendor a manual purchase order names (docs/product.md §5): one of the company's vendors
 * (read/vendorList.ts, what New Purchase Order offers), found by its name whatever the case, a
 * synced one before one added here; else 422 naming vendorName, so a typo never becomes a second
 * vendor. With the broker's explicit Add vendor, a new one, kept in PrintPool with its e-mail
 * (migration 025): manual purchase orders are never written to QuickBooks (svc-sync writes back
 * estimates only), so neither is their vendor; added there too, the synced one stands for it.
 * A synced vendor's PO keeps its QuickBooks id, so its pull tickets carry the vendor's phone and
 * address and its e-mail follows QuickBooks' (read/purchaseOrderView.ts). The caller holds the
 * pool lock, so two POs cannot add one vendor twice.
 */
export async function purchaseOrderVendor(trx: Knex.Transaction, tenantId: string, input: PurchaseOrderCreate): Promise<PurchaseOrderVendor> {
  const named: { name: string; qb_id: string | null; email: string | null } | undefined = await trx('vendors as v')
    .where('v.tenant_id', tenantId)
    .whereRaw('lower(v.name) = lower(?)', [input.vendorName])
    .whereRaw(NAMEABLE_VENDOR)
    .orderByRaw('v.qb_id IS NULL, v.id')
    .first('v.name', 'v.qb_id', 'v.email');
  if (input.addVendor) {
    if (named) throw conflict(vendorExists(named.name), { field: 'vendorName' });
    await trx('vendors').insert({ tenant_id: tenantId, qb_id: null, name: input.vendorName, email: input.vendorEmail, active: true, qb_updated_at: null });
    return { name: input.vendorName, qbId: null, email: input.vendorEmail };
  }
  if (!named) throw unprocessable(unknownVendor(input.vendorName), { field: 'vendorName' });
  return { name: named.name, qbId: named.qb_id, email: input.vendorEmail ?? (named.qb_id === null ? named.email : null) };
}
