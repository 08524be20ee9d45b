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

  const { rows } = (await trx
    .raw(DRAW, {
      tenantId,
      poId,
      salesOrderId,
      lineIds: [...perLine.keys()],
      lineQtys: [...perLine.values()],
      ledgerOrderLineIds: draws.map((d) => demand[d.demandIndex]!.salesOrderLineId),
      ledgerPoLineIds: draws.map((d) => d.supplyLineId),
      ledgerItems: draws.map((d) => d.itemQbId),
      ledgerQtys: draws.map((d) => d.qty),
      status: drawnOrder?.status ?? null,
      levelItems: [...perItem.keys()],
      levelQtys: [...perItem.values()],
      levelEventIds: levelEvents.map((event) => event.id),
      drawn,
      ...envelope('level', levelEvents[0]!),
      ...envelope('poEvent', poEvent, JSON.stringify(poEvent.data)),
      ...envelope('order', orderEvent, orderEvent && JSON.stringify(orderEvent.data)),
    })
    // A named statement is parsed once per connection and, once PostgreSQL settles on a generic plan, not planned again:
    // planning this statement took longer than running it, and it runs while the lines are locked.
    .options({ name: 'inventory-draw-lines' })) as { rows: { item_qb_id: string }[] };
  return { levelsMoved: new Set(rows.map((row) => row.item_qb_id)) };
}

/** An outbox row's columns bound as `<prefix>Id`, `<prefix>Type` and so on; the level events share all but id and data. */
function envelope(prefix: string, event: EventEnvelope | null, data: string | null = null): Record<string, string | number | null> {
  return {
    [`${prefix}Id`]: event?.id ?? null,
    [`${prefix}Type`]: event?.type ?? null,
    [`${prefix}Tenant`]: event?.tenantId ?? null,
    [`${prefix}At`]: event?.occurredAt ?? null,
    [`${prefix}Version`]: event?.version ?? null,
    [`${prefix}Data`]: data,
  };
}

function sumBy<K>(draws: readonly PlannedDraw[], key: (draw: PlannedDraw) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const draw of draws) sums.set(key(draw), (sums.get(key(draw)) ?? 0) + draw.qty);
  return sums;
}

const DRAW = `
WITH draw AS (SELECT * FROM unnest(:lineIds::bigint[], :lineQtys::int[]) AS d(line_id, qty)),
drawn_lines AS (
  UPDATE purchase_order_lines l SET qty_remaining = l.qty_remaining - draw.qty
  FROM draw WHERE l.id = draw.line_id AND l.tenant_id = :tenantId
),
ledger AS (
  INSERT INTO allocations (tenant_id, sales_order_id, sales_order_line_id, purchase_order_line_id, item_qb_id, qty)
  SELECT :tenantId, :salesOrderId::bigint, d.order_line_id, d.po_line_id, d.item_qb_id, d.qty
  FROM unnest(:ledgerOrderLineIds::bigint[], :ledgerPoLineIds::bigint[], :ledgerItems::text[], :ledgerQtys::int[]) WITH ORDINALITY AS d(order_line_id, po_line_id, item_qb_id, qty, n)
  ORDER BY d.n
),
drawn_order AS (
  UPDATE sales_orders SET status = :status::text, bulk_po_id = :poId::bigint, allocation_note = NULL
  WHERE :status::text IS NOT NULL AND id = :salesOrderId::bigint AND tenant_id = :tenantId
),
item_draw AS (SELECT * FROM unnest(:levelItems::text[], :levelQtys::int[], :levelEventIds::uuid[]) AS d(item_qb_id, qty, event_id)),
locked_levels AS (
  SELECT il.item_qb_id, il.virtual_inventory FROM item_levels il
  WHERE il.tenant_id = :tenantId AND il.item_qb_id IN (SELECT item_qb_id FROM item_draw)
  ORDER BY il.item_qb_id
  FOR UPDATE
),
moved_levels AS (
  UPDATE item_levels il SET virtual_inventory = locked_levels.virtual_inventory - item_draw.qty
  FROM locked_levels JOIN item_draw ON item_draw.item_qb_id = locked_levels.item_qb_id
  WHERE il.tenant_id = :tenantId AND il.item_qb_id = locked_levels.item_qb_id
  RETURNING il.item_qb_id, il.virtual_inventory
),
po_totals AS (
  SELECT coalesce(sum(qty), 0)::int AS total_quantity, (coalesce(sum(qty_remaining), 0) - :drawn)::int AS quantity_remaining
  FROM purchase_order_lines WHERE tenant_id = :tenantId AND purchase_order_id = :poId
),
events AS (
  INSERT INTO outbox (id, type, tenant_id, occurred_at, version, data)
  SELECT item_draw.event_id, :levelType::text, :levelTenant::text, :levelAt::timestamptz, :levelVersion::int, jsonb_build_object('itemQbId', moved_levels.item_qb_id, 'virtualInventory', moved_levels.virtual_inventory)
  FROM moved_levels JOIN item_draw ON item_draw.item_qb_id = moved_levels.item_qb_id
  UNION ALL
  SELECT :poEventId::uuid, :poEventType::text, :poEventTenant::text, :poEventAt::timestamptz, :poEventVersion::int, :poEventData::jsonb || jsonb_build_object('totalQuantity', total_quantity, 'quantityRemaining', quantity_remaining)
  FROM po_totals
  UNION ALL
  SELECT :orderId::uuid, :orderType::text, :orderTenant::text, :orderAt::timestamptz, :orderVersion::int, :orderData::jsonb WHERE :orderId::uuid IS NOT NULL
)
SELECT item_qb_id FROM moved_levels`;
