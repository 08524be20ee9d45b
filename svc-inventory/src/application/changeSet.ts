import type { Knex } from 'knex';
import { recordEvents } from '@printpool/service-kit';
import { createEvent, INVENTORY_EVENTS, type CatalogChanged, type PurchaseOrderChanged, type SalesOrderChanged } from '@printpool/contracts';
import type { ChangeNotes } from '../ledger/changeNotes.js';
import { refreshItemLevels, storedItemLevels } from '../ledger/levels.js';
import { loadPurchaseOrderViews, type PurchaseOrderView } from '../read/purchaseOrderView.js';
import { loadSalesOrderRows, salesOrderView, type SalesOrderRow } from '../read/salesOrderView.js';

/**
 * What one transaction changed for one tenant. Code that changes orders or the ledger notes
 * it here; record() then refreshes the moved item levels and writes the inventory events to
 * the outbox in the same transaction, so the events exist exactly when the change does.
 */
export class ChangeSet implements ChangeNotes {
  readonly purchaseOrders = new Set<number>();
  readonly salesOrders = new Set<number>();
  /** Items whose level is summed again over the pool at record(). */
  readonly items = new Set<string>();
  /** Items whose stored level was moved by a difference (addToItemLevels): record() reports it as it stands. */
  readonly levelsMoved = new Set<string>();
  private readonly deletedPurchaseOrders: PurchaseOrderChanged[] = [];
  private readonly deletedSalesOrders: SalesOrderChanged[] = [];
  private readonly catalog = new Map<CatalogChanged['entity'], number>();

  constructor(readonly tenantId: string) {}

  /** Snapshots a purchase order about to be deleted, for its last event. */
  async purchaseOrderDeleted(trx: Knex.Transaction, id: number): Promise<void> {
    const [view] = await loadPurchaseOrderViews(trx, this.tenantId, [id]);
    if (view) this.deletedPurchaseOrders.push({ ...purchaseOrderEvent(view), deleted: true });
    for (const item of view?.items ?? []) if (item.itemId) this.items.add(item.itemId);
    this.purchaseOrders.delete(id);
  }

  /** Snapshots a sales order about to be deleted, for its last event. */
  async salesOrderDeleted(trx: Knex.Transaction, id: number): Promise<void> {
    const [event] = salesOrderEvents(await loadSalesOrderRows(trx, this.tenantId, [id]));
    if (event) this.deletedSalesOrders.push({ ...event, deleted: true });
    this.salesOrders.delete(id);
  }

  /** Notes a batch of catalog records upserted or deleted; browsers refresh the list on its event. */
  catalogChanged(entity: CatalogChanged['entity'], count: number): void {
    if (count > 0) this.catalog.set(entity, (this.catalog.get(entity) ?? 0) + count);
  }

  async record(trx: Knex.Transaction): Promise<void> {
    const summed = await refreshItemLevels(trx, this.tenantId, this.items);
    const moved = await storedItemLevels(
      trx,
      this.tenantId,
      [...this.levelsMoved].filter((item) => !this.items.has(item)),
    );
    const levels = [...summed, ...moved];
    const purchaseOrders = await loadPurchaseOrderViews(trx, this.tenantId, [...this.purchaseOrders]);
    const salesOrders = salesOrderEvents(await loadSalesOrderRows(trx, this.tenantId, [...this.salesOrders]));
    await recordEvents(trx, [
      ...levels.map((data) => createEvent(INVENTORY_EVENTS.itemLevelChanged, this.tenantId, data)),
      ...[...purchaseOrders.map(purchaseOrderEvent), ...this.deletedPurchaseOrders].map((data) =>
        createEvent(INVENTORY_EVENTS.purchaseOrderChanged, this.tenantId, data),
      ),
      ...[...salesOrders, ...this.deletedSalesOrders].map((data) => createEvent(INVENTORY_EVENTS.salesOrderChanged, this.tenantId, data)),
      ...[...this.catalog].map(([entity, count]) => createEvent<CatalogChanged>(INVENTORY_EVENTS.catalogChanged, this.tenantId, { entity, count })),
    ]);
  }
}

function purchaseOrderEvent(view: PurchaseOrderView): PurchaseOrderChanged {
  return {
    purchaseOrderId: view.id,
    qbId: view.qbId,
    poNumber: view.poNumber,
    poType: view.poType,
    status: view.status,
    overrideStatus: view.overrideStatus,
    vendorName: view.vendorName,
    totalQuantity: view.totalQuantity,
    quantityRemaining: view.quantityRemaining,
    deleted: false,
  };
}

function salesOrderEvents(rows: SalesOrderRow[]): SalesOrderChanged[] {
  return rows.map(salesOrderView).map((view, i) => ({
    salesOrderId: view.id,
    qbId: view.qbId,
    soNumber: view.soNumber,
    status: view.status,
    bulkPoId: view.bulkPoId,
    customerName: view.customerName,
    customerEmail: view.customerEmail,
    totalQuantity: view.totalQuantity,
    totalAmount: view.totalAmount,
    syncStatus: view.syncStatus,
    syncToken: rows[i]!.sync_token,
    // The bundle stays a view field: no event consumer reads it (contracts SalesOrderChangedLineSchema).
    items: view.items.map(({ bundle: _bundle, ...line }) => line),
    deleted: false,
  }));
}
