import type { Knex } from 'knex';
import { exactQuantity, programCharges, sumQuantities, type ChargedRelease } from '@printpool/domain';
import { POOL_QUANTITY } from '../ledger/remainingQuantity.js';
import { loadPrograms } from './programs.js';

/** A ticket whose release the program charges: it shipped (docs/product.md §11). */
export const SHIPPED = new Set(['shipped', 'delivered']);

export interface TicketRow {
  id: string;
  bulk_po_id: string;
  pt_number: string;
  status: string;
  sales_order_id: string | null;
  so_number: string | null;
  items: { item_id: string | null; qty: number | string }[];
  created_on: string;
  shipped_on: string | null;
}

/** The tickets released from these POs that are not cancelled, oldest first, in one statement however many POs. */
export async function releasesOf(knex: Knex | Knex.Transaction, tenantId: string, purchaseOrderIds: readonly number[]): Promise<TicketRow[]> {
  return knex('pull_tickets')
    .where('tenant_id', tenantId)
    .whereRaw('bulk_po_id = ANY(?::bigint[])', [[...purchaseOrderIds]])
    .whereNot('status', 'cancelled')
    .orderBy('id')
    .select(
      'id',
      'bulk_po_id',
      'pt_number',
      'status',
      'sales_order_id',
      'so_number',
      'items',
      knex.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_on`),
      knex.raw(`to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS shipped_on`),
    );
}

/** A ticket's units, of one item or of all. */
export const unitsOf = (ticket: TicketRow, itemId?: string) =>
  sumQuantities(
    ticket.items.filter((item) => itemId === undefined || item.item_id === itemId),
    (item) => exactQuantity(item.qty),
  );

/** The releases of these tickets a program charges: the shipped ones, each on the day it shipped, else the day it was made. */
export const chargedReleases = (tickets: readonly TicketRow[]): ChargedRelease[] =>
  tickets.filter((ticket) => SHIPPED.has(ticket.status)).map((ticket) => ({ day: ticket.shipped_on ?? ticket.created_on, units: unitsOf(ticket) }));

/**
 * SQL over `purchase_orders AS po`: its program has a charge, of its own or from its vendor's
 * defaults (read/programs.ts reads them so). A program without one has charged 0.00 whatever ran.
 */
export const HAS_CHARGES = `EXISTS (
    SELECT 1 FROM (SELECT 1 AS own, p.release_charge, p.storage_charge_per_month FROM purchase_order_programs p WHERE p.tenant_id = po.tenant_id AND p.purchase_order_id = po.id
                   UNION ALL
                   SELECT 2, v.release_charge, v.storage_charge_per_month FROM vendor_program_defaults v WHERE v.tenant_id = po.tenant_id AND v.vendor_name = po.vendor_name
                   ORDER BY 1 LIMIT 1) t
    WHERE t.release_charge > 0 OR t.storage_charge_per_month IS NOT NULL)`;

/**
 * Each bulk PO of these and its charges to date on `asOf`, two decimals, counted as its program
 * page counts them (libs/domain storage.ts programCharges); a standard PO, or one not the
 * tenant's, is absent. Three statements however many POs: their programs, what the pool holds of
 * each, and their tickets, so a list page or an export batch costs as much for 10 POs as for 500.
 */
export async function loadChargesToDate(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  purchaseOrderIds: readonly number[],
  asOf: string,
): Promise<Map<number, string>> {
  const programs = (await loadPrograms(knex, tenantId, purchaseOrderIds)).filter((view) => view.poType === 'BULK');
  if (programs.length === 0) return new Map();
  const ids = programs.map((view) => view.program.purchaseOrderId);
  // What the program page sums item by item (read/receipts.ts summarizeItems): the stock lines, received else ordered.
  const pooled: { purchase_order_id: string; pooled: string }[] = await knex('purchase_order_lines as l')
    .where({ 'l.tenant_id': tenantId, 'l.kind': 'item' })
    .whereRaw('l.purchase_order_id = ANY(?::bigint[])', [[...ids]])
    .whereNotNull('l.item_qb_id')
    .groupBy('l.purchase_order_id')
    .select('l.purchase_order_id', knex.raw(`sum(${POOL_QUANTITY}) AS pooled`));
  const pooledOf = new Map(pooled.map((row) => [Number(row.purchase_order_id), exactQuantity(row.pooled)]));
  const tickets = await releasesOf(knex, tenantId, ids);
  return new Map(
    programs.map(({ program, poDate }) => {
      const id = program.purchaseOrderId;
      const shipped = chargedReleases(tickets.filter((ticket) => Number(ticket.bulk_po_id) === id));
      return [id, programCharges(program, poDate, asOf, pooledOf.get(id) ?? 0, shipped).chargesToDate];
    }),
  );
}
