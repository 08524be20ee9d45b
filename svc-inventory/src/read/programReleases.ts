import type { Knex } from 'knex';
import { exactQuantity, subtractQuantity, sumQuantities } from '@printpool/domain';
import { loadReceivedLines } from './receipts.js';

/**
 * Per item of `itemIds`, what a bulk PO's program holds that no ticket releases (docs/product.md
 * §11): what the pool holds of its lines (received, else ordered) less the units of the tickets
 * pulling from it that are not cancelled, `exceptTicketId` aside (the ticket being checked).
 */
export async function unitsOnProgram(
  knex: Knex | Knex.Transaction,
  tenantId: string,
  purchaseOrderId: number,
  itemIds: readonly string[],
  exceptTicketId: number | null,
): Promise<Map<string, number>> {
  const lines = await loadReceivedLines(knex, tenantId, purchaseOrderId);
  const query = knex('pull_tickets').where({ tenant_id: tenantId, bulk_po_id: purchaseOrderId }).whereNot('status', 'cancelled');
  if (exceptTicketId !== null) query.whereNot('id', exceptTicketId);
  const tickets: { items: { item_id: string | null; qty: number | string }[] }[] = await query.select('items');
  const released = tickets.flatMap((ticket) => ticket.items);
  return new Map(
    itemIds.map((itemId) => {
      const pooled = sumQuantities(
        lines.filter((line) => line.item_qb_id === itemId),
        (line) => line.qty_received ?? line.qty,
      );
      const taken = sumQuantities(
        released.filter((item) => item.item_id === itemId),
        (item) => exactQuantity(item.qty),
      );
      return [itemId, Math.max(0, subtractQuantity(pooled, taken))];
    }),
  );
}
