import type { Knex } from 'knex';
import { recordEvents } from '@printpool/service-kit';
import {
  createEvent,
  INVENTORY_EVENTS,
  type CatalogChanged,
  type EventEnvelope,
  type HistoryFieldChange,
  type PurchaseOrderChanged,
  type PurchaseOrderProgram,
  type ReceiptRecorded,
  type ReceiptResolved,
  type SalesOrderChanged,
} from '@printpool/contracts';
import type { HistoryDocumentKind } from '@printpool/contracts';
import { fieldChanges } from '../domain/fieldChanges.js';
import { programFields, pullTicketFields, purchaseOrderFields, salesOrderFields } from '../domain/trackedFields.js';
import type { ChangeNotes } from '../ledger/changeNotes.js';
import { refreshItemLevels, storedItemLevels } from '../ledger/levels.js';
import { loadPrograms, programChangedEvent, type ProgramView } from '../read/programs.js';
import { loadPullTickets } from '../read/pullTicketView.js';
import { loadPurchaseOrderViews, type PurchaseOrderView } from '../read/purchaseOrderView.js';
import { loadReceiptWriteBacks } from '../read/receipts.js';
import { loadSalesOrderRows, salesOrderView, type SalesOrderRow } from '../read/salesOrderView.js';
import { recordHistory, type ChangeReason, type DocumentState } from './history.js';

/**
 * What one transaction changed for one tenant, who changed it and why. Code that changes orders,
 * tickets or the ledger notes it here; record() then refreshes the moved item levels, writes the
 * inventory events to the outbox and appends the documents' history (application/history.ts), in
 * the same transaction, so events and history exist exactly when the change does.
 */
export class ChangeSet implements ChangeNotes {
  readonly purchaseOrders = new Set<number>();
  readonly salesOrders = new Set<number>();
  /** Items whose level is summed again over the pool at record(). */
  readonly items = new Set<string>();
  /** Items whose stored level was moved by a difference (addToItemLevels): record() reports it as it stands. */
  readonly levelsMoved = new Set<string>();
  /** New sales orders whose events their import wrote itself (allocateOrders): read back for their history alone. */
  readonly salesOrdersImported = new Set<number>();
  /** Pull tickets created or changed; their own events are recorded as they change (pullTickets/recordPullTicketEvent.ts). */
  readonly pullTickets = new Set<number>();
  /** Bulk POs whose program terms changed (docs/product.md §11): record() announces each as it now reads. */
  readonly programs = new Set<number>();
  /** The terms those POs read before the change, for their history (docs/product.md §10). */
  private readonly programsBefore = new Map<number, PurchaseOrderProgram>();
  /** Whose stock the broker changed on a bulk PO (docs/product.md §12), per PO, for its history only: nothing of it is the PO's own. */
  private readonly stockOwners = new Map<number, HistoryFieldChange[]>();
  private readonly deletedPurchaseOrders: PurchaseOrderChanged[] = [];
  private readonly deletedSalesOrders: SalesOrderChanged[] = [];
  private readonly catalog = new Map<CatalogChanged['entity'], number>();
  private readonly deleted: DocumentState[] = [];
  /** Events of records that are told as they happen rather than read back: a receipt's. */
  private readonly told: EventEnvelope[] = [];
  /** The action of documents changed for a reason of their own (re-allocated beside an edit); the first noted stands. */
  private readonly actions = new Map<string, string>();

  constructor(
    readonly tenantId: string,
    readonly reason: ChangeReason,
  ) {}

  /** Notes why this document changed when it is not the unit of work's own reason: the first reason noted for it stands. */
  because(kind: HistoryDocumentKind, id: number, action: string): void {
    const key = `${kind}:${id}`;
    if (!this.actions.has(key)) this.actions.set(key, action);
  }

  /** Notes a pull ticket about to be deleted, for its history. */
  pullTicketDeleted(id: number): void {
    this.pullTickets.delete(id);
    this.deleted.push(this.deletion('pull-ticket', id));
  }

  /** Snapshots a purchase order about to be deleted, for its last event. */
  async purchaseOrderDeleted(trx: Knex.Transaction, id: number): Promise<void> {
    const [view] = await loadPurchaseOrderViews(trx, this.tenantId, [id]);
    if (view) this.deletedPurchaseOrders.push({ ...purchaseOrderEvent(view), deleted: true });
    if (view) this.deleted.push(this.deletion('purchase-order', id));
    for (const item of view?.items ?? []) if (item.itemId) this.items.add(item.itemId);
    this.purchaseOrders.delete(id);
  }

  /** Snapshots a sales order about to be deleted, for its last event. */
  async salesOrderDeleted(trx: Knex.Transaction, id: number): Promise<void> {
    const [event] = salesOrderEvents(await loadSalesOrderRows(trx, this.tenantId, [id]));
    if (event) this.deletedSalesOrders.push({ ...event, deleted: true });
    if (event) this.deleted.push(this.deletion('sales-order', id));
    this.salesOrders.delete(id);
  }

  /** Notes a batch of catalog records upserted or deleted; browsers refresh the list on its event. */
  catalogChanged(entity: CatalogChanged['entity'], count: number): void {
    if (count > 0) this.catalog.set(entity, (this.catalog.get(entity) ?? 0) + count);
  }

  /** Notes a bulk PO whose program terms this change saves, as they read before it: announced, and in its history what changed. */
  programChanged(before: PurchaseOrderProgram): void {
    this.programs.add(before.purchaseOrderId);
    this.programsBefore.set(before.purchaseOrderId, before);
  }

  /** Notes an item's stock on a bulk PO given to a customer, or taken back: in the PO's history, beside its fields. */
  stockOwnerChanged(purchaseOrderId: number, change: HistoryFieldChange): void {
    this.stockOwners.set(purchaseOrderId, [...(this.stockOwners.get(purchaseOrderId) ?? []), change]);
  }

  /** Notes a receipt recorded or answered (docs/product.md §11), for its event. */
  receipt(event: { recorded: ReceiptRecorded } | { resolved: ReceiptResolved }): void {
    if ('recorded' in event) this.told.push(createEvent(INVENTORY_EVENTS.receiptRecorded, this.tenantId, event.recorded));
    else this.told.push(createEvent(INVENTORY_EVENTS.receiptResolved, this.tenantId, event.resolved));
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
    const salesOrderRows = await loadSalesOrderRows(trx, this.tenantId, [...new Set([...this.salesOrders, ...this.salesOrdersImported])]);
    const salesOrders = salesOrderEvents(salesOrderRows.filter((row) => this.salesOrders.has(Number(row.id))));
    const pullTickets = await loadPullTickets(trx, this.tenantId, [...this.pullTickets]);
    const programs = (await loadPrograms(trx, this.tenantId, [...this.programs])).filter((view) => view.poType === 'BULK');
    const noted = this.programTermsChanged(programs);
    for (const [id, changes] of this.stockOwners) noted.set(id, [...(noted.get(id) ?? []), ...changes]);
    // A PO whose terms or stock owners alone changed is in its history, not announced as a changed purchase order.
    const termsOnly = await loadPurchaseOrderViews(
      trx,
      this.tenantId,
      [...noted.keys()].filter((id) => !this.purchaseOrders.has(id)),
    );
    const writeBacks = await loadReceiptWriteBacks(
      trx,
      this.tenantId,
      [...purchaseOrders, ...termsOnly].map((view) => view.id),
    );
    await recordHistory(trx, this.tenantId, this.reason.by, [
      ...[...purchaseOrders, ...termsOnly].map((view) => ({
        ...this.state('purchase-order', view.id, purchaseOrderFields(view, writeBacks.get(view.id))),
        noted: noted.get(view.id),
      })),
      ...salesOrderRows.map(salesOrderView).map((view) => this.state('sales-order', view.id, salesOrderFields(view))),
      ...pullTickets.map((view) => this.state('pull-ticket', view.id, pullTicketFields(view))),
      ...this.deleted,
    ]);
    await recordEvents(trx, [
      ...levels.map((data) => createEvent(INVENTORY_EVENTS.itemLevelChanged, this.tenantId, data)),
      ...[...purchaseOrders.map(purchaseOrderEvent), ...this.deletedPurchaseOrders].map((data) =>
        createEvent(INVENTORY_EVENTS.purchaseOrderChanged, this.tenantId, data),
      ),
      ...[...salesOrders, ...this.deletedSalesOrders].map((data) => createEvent(INVENTORY_EVENTS.salesOrderChanged, this.tenantId, data)),
      ...[...this.catalog].map(([entity, count]) => createEvent<CatalogChanged>(INVENTORY_EVENTS.catalogChanged, this.tenantId, { entity, count })),
      ...programs.map(({ program }) => createEvent(INVENTORY_EVENTS.programChanged, this.tenantId, programChangedEvent(program))),
      ...this.told,
    ]);
  }

  /** Per PO whose terms this change saved, each term that now reads otherwise (none: nothing to record). */
  private programTermsChanged(programs: readonly ProgramView[]): Map<number, HistoryFieldChange[]> {
    const changed = new Map<number, HistoryFieldChange[]>();
    for (const { program } of programs) {
      const before = this.programsBefore.get(program.purchaseOrderId);
      const changes = before ? fieldChanges(programFields(before), programFields(program)) : [];
      if (changes.length > 0) changed.set(program.purchaseOrderId, changes);
    }
    return changed;
  }

  private state(kind: HistoryDocumentKind, id: number, fields: DocumentState['fields']): DocumentState {
    return { kind, id, fields, action: this.actions.get(`${kind}:${id}`) ?? this.reason.action };
  }

  private deletion(kind: HistoryDocumentKind, id: number): DocumentState {
    return { ...this.state(kind, id, null), action: 'Deleted' };
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
    // A line carries what its contract names and nothing else (the view's lineId and bundle stay the view's): the
    // AsyncAPI document forbids other fields, so a strict subscriber would refuse the event (contracts SalesOrderChangedLineSchema).
    items: view.items.map(({ itemId, itemName, description, sku, quantity, unitPrice, totalPrice }) => ({
      itemId,
      itemName,
      description,
      sku,
      quantity,
      unitPrice,
      totalPrice,
    })),
    deleted: false,
  }));
}
