import type { Knex } from 'knex';
import { createEvent, INVENTORY_EVENTS, type EventEnvelope, type PurchaseOrderChanged, type SalesOrderChanged } from '@printpool/contracts';
import type { PlannedDraw } from '../domain/coverage.js';
import type { SalesOrderStatus } from '../domain/salesOrderStatus.js';
import type { AllocationDemandLine } from './allocate.js';

/** The purchase order as its change event describes it, but for its totals. */
export type PurchaseOrderHeader = Omit<PurchaseOrderChanged, 'totalQuantity' | 'quantityRemaining'>;

/** The sales order's state once drawn: its status and its change event for the chosen purchase order. */
export interface DrawnOrder {
  status: SalesOrderStatus;
  event: (bulkPoId: number) => SalesOrderChanged;
}

export interface Draw {
  salesOrderId: number;
  header: PurchaseOrderHeader;
  demand: readonly AllocationDemandLine[];
  draws: readonly PlannedDraw[];
  drawnOrder?: DrawnOrder | undefined;
}

/**
 * Writes a planned draw, the purchase order's lines being locked by this transaction, in ONE
 * statement, because every round trip made while those locks are held is paid by every
 * allocation waiting on them:
 *  - the lines' remaining (one multi-row UPDATE; a line several demand lines draw on, once),
 *  - the ledger rows (one multi-row INSERT),
 *  - the order's status, when the caller knows the one a draw gives it,
 *  - each drawn item's level, lowered by what was drawn: its row is locked first in item
 *    order (the order every transaction takes item levels in), read at its latest value and
 *    written from it, so it is exact without summing the pool,
 *  - the outbox rows: the moved levels, the purchase order with its totals after the draw
 *    (the statement's snapshot is taken after the line locks, so it holds every earlier
 *    committed draw; this one is subtracted), and the order's event when given.
 * Envelopes (id, time) are made here; the values that exist only under the locks are filled in
 * by the statement. Answers the items whose level it moved (an item without a level row yet
 * is left to the caller).
 */
export async function drawLines(trx: Knex.Transaction, tenantId: string, draw: Draw): Promise<{ levelsMoved: Set<string> }> {
  const { salesOrderId, header, demand, draws, drawnOrder } = draw;
  const poId = header.purchaseOrderId;
  const perLine = sumBy(draws, (d) => d.supplyLineId);
  const perItem = sumBy(draws, (d) => d.itemQbId);
  const drawn = draws.reduce((sum, d) => sum + d.qty, 0);
  const levelEvents = [...perItem.keys()].map((itemQbId) => createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, { itemQbId, virtualInventory: 0 }));
  const poEvent = createEvent(INVENTORY_EVENTS.purchaseOrderChanged, tenantId, { ...header, totalQuantity: 0, quantityRemaining: 0 });
  const orderEvent = drawnOrder ? createEvent(INVENTORY_EVENTS.salesOrderChanged, tenantId, drawnOrder.event(poId)) : null;

  const { rows } = (await trx.raw(
    `WITH draw(line_id, qty) AS (VALUES ${values(perLine.size, '(?::bigint, ?::int)')}),
     drawn_lines AS (
       UPDATE purchase_order_lines l SET qty_remaining = l.qty_remaining - draw.qty
       FROM draw WHERE l.id = draw.line_id AND l.tenant_id = ?
     ),
     ledger AS (
       INSERT INTO allocations (tenant_id, sales_order_id, sales_order_line_id, purchase_order_line_id, item_qb_id, qty)
       VALUES ${values(draws.length, '(?, ?::bigint, ?::bigint, ?::bigint, ?, ?::int)')}
     ),
     drawn_order AS (
       UPDATE sales_orders SET status = ?::text, bulk_po_id = ?::bigint, allocation_note = NULL
       WHERE ?::text IS NOT NULL AND id = ?::bigint AND tenant_id = ?
     ),
     item_draw(item_qb_id, qty, event_id) AS (VALUES ${values(perItem.size, '(?::text, ?::int, ?::uuid)')}),
     locked_levels AS (
       SELECT il.item_qb_id, il.virtual_inventory FROM item_levels il
       WHERE il.tenant_id = ? AND il.item_qb_id IN (SELECT item_qb_id FROM item_draw)
       ORDER BY il.item_qb_id
       FOR UPDATE
     ),
     moved_levels AS (
       UPDATE item_levels il SET virtual_inventory = locked_levels.virtual_inventory - item_draw.qty
       FROM locked_levels JOIN item_draw ON item_draw.item_qb_id = locked_levels.item_qb_id
       WHERE il.tenant_id = ? AND il.item_qb_id = locked_levels.item_qb_id
       RETURNING il.item_qb_id, il.virtual_inventory
     ),
     po_totals AS (
       SELECT coalesce(sum(qty), 0)::int AS total_quantity, (coalesce(sum(qty_remaining), 0) - ?)::int AS quantity_remaining
       FROM purchase_order_lines WHERE tenant_id = ? AND purchase_order_id = ?
     ),
     events AS (
       INSERT INTO outbox (id, type, tenant_id, occurred_at, version, data)
       SELECT item_draw.event_id, ?::text, ?::text, ?::timestamptz, ?::int, jsonb_build_object('itemQbId', moved_levels.item_qb_id, 'virtualInventory', moved_levels.virtual_inventory)
       FROM moved_levels JOIN item_draw ON item_draw.item_qb_id = moved_levels.item_qb_id
       UNION ALL
       SELECT ?::uuid, ?::text, ?::text, ?::timestamptz, ?::int, ?::jsonb || jsonb_build_object('totalQuantity', total_quantity, 'quantityRemaining', quantity_remaining)
       FROM po_totals
       UNION ALL
       SELECT ?::uuid, ?::text, ?::text, ?::timestamptz, ?::int, ?::jsonb WHERE ?::uuid IS NOT NULL
     )
     SELECT item_qb_id FROM moved_levels`,
    [
      ...[...perLine].flat(),
      tenantId,
      ...draws.flatMap((d) => [tenantId, salesOrderId, demand[d.demandIndex]!.salesOrderLineId, d.supplyLineId, d.itemQbId, d.qty]),
      drawnOrder?.status ?? null,
      poId,
      drawnOrder?.status ?? null,
      salesOrderId,
      tenantId,
      ...[...perItem].flatMap(([itemQbId, qty], i) => [itemQbId, qty, levelEvents[i]!.id]),
      tenantId,
      tenantId,
      drawn,
      tenantId,
      poId,
      ...envelopeColumns(levelEvents[0]!),
      ...envelopeColumns(poEvent, JSON.stringify(poEvent.data)),
      ...(orderEvent ? envelopeColumns(orderEvent, JSON.stringify(orderEvent.data)) : [null, null, null, null, null, null]),
      orderEvent?.id ?? null,
    ],
  )) as { rows: { item_qb_id: string }[] };
  return { levelsMoved: new Set(rows.map((row) => row.item_qb_id)) };
}

/** id (when data is given), type, tenant, time, version and data of an outbox row; the level events share all but id and data. */
function envelopeColumns(event: EventEnvelope, data?: string): (string | number)[] {
  const common = [event.type, event.tenantId, event.occurredAt, event.version];
  return data === undefined ? common : [event.id, ...common, data];
}

function sumBy<K>(draws: readonly PlannedDraw[], key: (draw: PlannedDraw) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const draw of draws) sums.set(key(draw), (sums.get(key(draw)) ?? 0) + draw.qty);
  return sums;
}

const values = (count: number, tuple: string) => Array.from({ length: count }, () => tuple).join(', ');
