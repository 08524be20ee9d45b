import type { Knex } from 'knex';
import { preparedStatement, recordEventsStep, recordEventsStepValues } from '@printpool/service-kit';
import { createEvent, INVENTORY_EVENTS, type SalesOrderChanged } from '@printpool/contracts';
import { addQuantities } from '@printpool/domain';
import type { PlannedDraw } from '../domain/coverage.js';
import type { SalesOrderStatus } from '../domain/salesOrderStatus.js';
import type { AllocationDemandLine } from '../domain/coverage.js';
import type { PurchaseOrderHeader } from './purchaseOrderHeader.js';
import { SUM_REMAINING, TAKE_DRAWN } from './remainingQuantity.js';

export interface Draw {
  salesOrderId: number;
  header: PurchaseOrderHeader;
  demand: readonly AllocationDemandLine[];
  draws: readonly PlannedDraw[];
}

/**
 * A sales order whose allocation outcome the statement writes: its status, purchase order and
 * note, and its change event when the caller knows it (otherwise the change set reads it back).
 */
export interface SettledOrder {
  salesOrderId: number;
  status: SalesOrderStatus;
  bulkPoId: number | null;
  allocationNote: string | null;
  event?: SalesOrderChanged;
}

export interface DrawStatement {
  draws: readonly Draw[];
  settled?: readonly SettledOrder[];
  /**
   * Items the change set recomputes from the ledger before the commit (ChangeNotes.items):
   * their stored level does not yet count what this transaction changed before (an import, a
   * release), so lowering it would announce a level that never was, below zero even. The draw
   * leaves their level to that recomputation.
   */
  levelsRecomputed?: ReadonlySet<string>;
}

/**
 * Writes planned draws, the purchase orders' lines being locked by this transaction, in ONE
 * statement, because every round trip made while those locks are held is paid by every
 * allocation waiting on them:
 *  - the lines' remaining (one multi-row UPDATE; a line several draws take from, once),
 *  - the ledger rows (one multi-row INSERT),
 *  - the settled orders' status, purchase order and note,
 *  - each drawn item's level, lowered by what was drawn: its row is locked first in item
 *    order (the order every transaction takes item levels in), read at its latest value and
 *    written from it, so it is exact without summing the pool,
 *  - the outbox rows: the moved levels, each drawn purchase order with its totals after the
 *    draws (the statement's snapshot is taken after the line locks, so it holds every earlier
 *    committed draw; these are subtracted), and the settled orders' events when given,
 *    recorded by the outbox's own step of the statement (recordEventsStep, service-kit).
 * Envelopes (id, time) are made here; the values that exist only under the locks are filled in
 * by the statement. Answers the items whose level it moved (an item without a level row yet
 * is left to the caller).
 */
export async function drawLines(
  trx: Knex.Transaction,
  tenantId: string,
  { draws, settled = [], levelsRecomputed = new Set() }: DrawStatement,
): Promise<{ levelsMoved: Set<string> }> {
  const rows: DrawRow[] = draws.flatMap((draw) => draw.draws.map((planned) => ({ draw, planned })));
  const perLine = sumBy(rows, ({ planned }) => planned.supplyLineId);
  const perItem = sumBy(
    rows.filter(({ planned }) => !levelsRecomputed.has(planned.itemQbId)),
    ({ planned }) => planned.itemQbId,
  );
  const perPo = sumBy(rows, ({ draw }) => draw.header.purchaseOrderId);
  const headers = new Map(draws.map((draw) => [draw.header.purchaseOrderId, draw.header]));
  const levelEvents = [...perItem.keys()].map((itemQbId) => createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, { itemQbId, virtualInventory: 0 }));
  const poEvents = [...perPo.keys()].map((poId) =>
    createEvent(INVENTORY_EVENTS.purchaseOrderChanged, tenantId, { ...headers.get(poId)!, totalQuantity: 0, quantityRemaining: 0 }),
  );
  const orderEvents = settled.flatMap((order) => (order.event ? [createEvent(INVENTORY_EVENTS.salesOrderChanged, tenantId, order.event)] : []));

  // Prepared: planning this statement took longer than running it, and it runs while the lines are locked.
  const { rows: moved } = (await preparedStatement(trx, DRAW, {
    tenantId,
    lineIds: [...perLine.keys()],
    lineQtys: [...perLine.values()],
    ledgerOrderIds: rows.map(({ draw }) => draw.salesOrderId),
    ledgerOrderLineIds: rows.map(({ draw, planned }) => draw.demand[planned.demandIndex]!.salesOrderLineId),
    ledgerPoLineIds: rows.map(({ planned }) => planned.supplyLineId),
    ledgerItems: rows.map(({ planned }) => planned.itemQbId),
    ledgerQtys: rows.map(({ planned }) => planned.qty),
    settledIds: settled.map((order) => order.salesOrderId),
    settledStatuses: settled.map((order) => order.status),
    settledPoIds: settled.map((order) => order.bulkPoId),
    settledNotes: settled.map((order) => order.allocationNote),
    levelItems: [...perItem.keys()],
    levelQtys: [...perItem.values()],
    levelEventIds: levelEvents.map((event) => event.id),
    poIds: [...perPo.keys()],
    poDrawn: [...perPo.values()],
    poEventIds: poEvents.map((event) => event.id),
    poEventData: poEvents.map((event) => JSON.stringify(event.data)),
    orderEventIds: orderEvents.map((event) => event.id),
    orderEventData: orderEvents.map((event) => JSON.stringify(event.data)),
    ...recordEventsStepValues([...levelEvents, ...poEvents, ...orderEvents]),
  })) as { rows: { item_qb_id: string }[] };
  return { levelsMoved: new Set(moved.map((row) => row.item_qb_id)) };
}

/** One planned draw with the order it is for. */
interface DrawRow {
  draw: Draw;
  planned: PlannedDraw;
}

function sumBy<K>(rows: readonly DrawRow[], key: (row: DrawRow) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const row of rows) sums.set(key(row), addQuantities(sums.get(key(row)) ?? 0, row.planned.qty));
  return sums;
}

const DRAW = `
WITH draw AS (SELECT * FROM unnest(:lineIds::bigint[], :lineQtys::numeric[]) AS d(line_id, qty)),
drawn_lines AS (${TAKE_DRAWN}),
ledger AS (
  INSERT INTO allocations (tenant_id, sales_order_id, sales_order_line_id, purchase_order_line_id, item_qb_id, qty)
  SELECT :tenantId, d.order_id, d.order_line_id, d.po_line_id, d.item_qb_id, d.qty
  FROM unnest(:ledgerOrderIds::bigint[], :ledgerOrderLineIds::bigint[], :ledgerPoLineIds::bigint[], :ledgerItems::text[], :ledgerQtys::numeric[])
    WITH ORDINALITY AS d(order_id, order_line_id, po_line_id, item_qb_id, qty, n)
  ORDER BY d.n
),
settled_orders AS (
  UPDATE sales_orders so SET status = s.status, bulk_po_id = s.po_id, allocation_note = s.note
  FROM unnest(:settledIds::bigint[], :settledStatuses::text[], :settledPoIds::bigint[], :settledNotes::text[]) AS s(id, status, po_id, note)
  WHERE so.id = s.id AND so.tenant_id = :tenantId
),
item_draw AS (SELECT * FROM unnest(:levelItems::text[], :levelQtys::numeric[], :levelEventIds::uuid[]) AS d(item_qb_id, qty, event_id)),
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
po_draw AS (SELECT * FROM unnest(:poIds::bigint[], :poDrawn::numeric[], :poEventIds::uuid[], :poEventData::text[]) AS p(po_id, drawn, event_id, data)),
po_totals AS (
  SELECT p.event_id, p.data::jsonb AS data, coalesce(sum(l.qty), 0) AS total_quantity, ${SUM_REMAINING} - p.drawn AS quantity_remaining
  FROM po_draw p LEFT JOIN purchase_order_lines l ON l.tenant_id = :tenantId AND l.purchase_order_id = p.po_id AND l.kind = 'item'
  GROUP BY p.po_id, p.drawn, p.event_id, p.data
),
events AS (${recordEventsStep(`
  SELECT item_draw.event_id, jsonb_build_object('itemQbId', moved_levels.item_qb_id, 'virtualInventory', moved_levels.virtual_inventory)
  FROM moved_levels JOIN item_draw ON item_draw.item_qb_id = moved_levels.item_qb_id
  UNION ALL
  SELECT event_id, data || jsonb_build_object('totalQuantity', total_quantity, 'quantityRemaining', quantity_remaining)
  FROM po_totals
  UNION ALL
  SELECT o.event_id, o.data::jsonb
  FROM unnest(:orderEventIds::uuid[], :orderEventData::text[]) AS o(event_id, data)`)})
SELECT item_qb_id FROM moved_levels`;
