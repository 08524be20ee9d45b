import type { Knex } from 'knex';
import {
  ACCOUNTING_EVENTS,
  AccountingDeletedSchema,
  CustomerUpsertedSchema,
  EstimateUpsertedSchema,
  IDENTITY_EVENTS,
  ItemUpsertedSchema,
  PurchaseOrderUpsertedSchema,
  SettingsUpdatedSchema,
  VendorUpsertedSchema,
} from '@printpool/contracts';
import { idempotentBatchHandler, type Database, type EventBus, type EventEnvelope, type Subscription } from '@printpool/service-kit';
import { deleteCatalog, importCustomers, importItems, importVendors } from '../catalog/importCatalog.js';
import { removeDeletedEstimates } from '../orders/deletedEstimates.js';
import { importEstimates } from '../orders/importEstimates.js';
import { importPurchaseOrders } from '../orders/importPurchaseOrders.js';
import { takePoolLock } from '../ledger/poolLock.js';
import { reallocateOrders } from '../orders/reallocateOrders.js';
import { purchaseOrderIdsByQbId, removePurchaseOrders } from '../orders/removePurchaseOrders.js';
import { ChangeSet } from '../application/changeSet.js';
import { QUICKBOOKS_SYNC } from '../application/history.js';
import { changeCommitted } from '../application/transaction.js';

type Apply = (event: EventEnvelope, trx: Knex.Transaction, changes: ChangeSet) => Promise<void>;

/** How each consumed event type changes this service's data; the envelope's tenantId is the tenant. */
export const APPLY: Record<string, Apply> = {
  [IDENTITY_EVENTS.settingsUpdated]: async (event, trx) => {
    const data = SettingsUpdatedSchema.parse(event.data);
    await trx('tenant_settings')
      .insert({
        tenant_id: event.tenantId,
        bulk_po_suffix: data.bulkPoSuffix,
        bulk_estimate_suffix: data.bulkEstimateSuffix,
        fax_number: data.faxNumber,
        updated_at: event.occurredAt,
      })
      .onConflict('tenant_id')
      .merge()
      // Settings events may be redelivered out of order: the latest change wins.
      .where('tenant_settings.updated_at', '<=', event.occurredAt);
  },
  [ACCOUNTING_EVENTS.customerUpserted]: (event, trx, changes) =>
    importCustomers(trx, event.tenantId, CustomerUpsertedSchema.parse(event.data).customers, changes),
  [ACCOUNTING_EVENTS.vendorUpserted]: (event, trx, changes) => importVendors(trx, event.tenantId, VendorUpsertedSchema.parse(event.data).vendors, changes),
  [ACCOUNTING_EVENTS.itemUpserted]: (event, trx, changes) => importItems(trx, event.tenantId, ItemUpsertedSchema.parse(event.data).items, changes),
  [ACCOUNTING_EVENTS.customerDeleted]: (event, trx, changes) =>
    deleteCatalog(trx, 'customers', event.tenantId, AccountingDeletedSchema.parse(event.data).qbIds, changes),
  [ACCOUNTING_EVENTS.vendorDeleted]: (event, trx, changes) =>
    deleteCatalog(trx, 'vendors', event.tenantId, AccountingDeletedSchema.parse(event.data).qbIds, changes),
  [ACCOUNTING_EVENTS.itemDeleted]: (event, trx, changes) =>
    deleteCatalog(trx, 'items', event.tenantId, AccountingDeletedSchema.parse(event.data).qbIds, changes),
  [ACCOUNTING_EVENTS.purchaseOrderUpserted]: (event, trx, changes) =>
    importPurchaseOrders(trx, event.tenantId, PurchaseOrderUpsertedSchema.parse(event.data).purchaseOrders, changes),
  [ACCOUNTING_EVENTS.purchaseOrderDeleted]: async (event, trx, changes) => {
    const ids = await purchaseOrderIdsByQbId(trx, event.tenantId, AccountingDeletedSchema.parse(event.data).qbIds);
    await removePurchaseOrders(trx, event.tenantId, ids, changes);
  },
  [ACCOUNTING_EVENTS.estimateUpserted]: (event, trx, changes) =>
    importEstimates(trx, event.tenantId, EstimateUpsertedSchema.parse(event.data).estimates, changes),
  [ACCOUNTING_EVENTS.estimateDeleted]: (event, trx, changes) =>
    removeDeletedEstimates(trx, event.tenantId, AccountingDeletedSchema.parse(event.data).qbIds, changes),
};

/** The consumer whose transactions draw from or add to the pool; they take turns with the broker's own changes (takePoolLock). */
export const POOL_CONSUMER = 'inventory-pool';

/**
 * Durable consumers, one per concern so a slow estimate import never holds up the catalog.
 * Each applies an event exactly once (inbox) in one transaction with the events it causes.
 */
export const CONSUMERS: ReadonlyArray<{ consumer: string; subjects: readonly string[]; formerly?: readonly string[] }> = [
  { consumer: 'inventory-settings', subjects: [IDENTITY_EVENTS.settingsUpdated] },
  {
    consumer: 'inventory-catalog',
    subjects: [
      ACCOUNTING_EVENTS.customerUpserted,
      ACCOUNTING_EVENTS.vendorUpserted,
      ACCOUNTING_EVENTS.itemUpserted,
      ACCOUNTING_EVENTS.customerDeleted,
      ACCOUNTING_EVENTS.vendorDeleted,
      ACCOUNTING_EVENTS.itemDeleted,
    ],
  },
  {
    // One consumer for everything that adds to or draws from the pool: a tenant's purchase
    // orders and estimates queue together (idempotentBatchHandler), so a batch applies the
    // purchase orders before the estimates they cover and its orders are drawn once, where two
    // consumers took turns under the pool lock. Its former names: migration 014.
    consumer: POOL_CONSUMER,
    formerly: ['inventory-purchase-orders', 'inventory-sales-orders'],
    subjects: [
      ACCOUNTING_EVENTS.purchaseOrderUpserted,
      ACCOUNTING_EVENTS.purchaseOrderDeleted,
      ACCOUNTING_EVENTS.estimateUpserted,
      ACCOUNTING_EVENTS.estimateDeleted,
    ],
  },
];

/** Events of one consumer applied in one transaction at most: a backlog commits once, not once per event. */
const EVENTS_PER_TRANSACTION = 100;

/**
 * Records (estimates, purchase orders, deleted ids) applied in one transaction at most: a
 * backlog of full pages (1,000 records each, svc-sync/src/domain/pageCursor.ts) commits two at
 * a time, so no transaction holds a tenant's pool lock for long.
 */
const RECORDS_PER_TRANSACTION = 2_000;

/**
 * An event of this many records or more is a page of an import (a full sync or a long catch-up,
 * svc-sync/src/sync/listing.ts), where a webhook's change carries a few: a company's import
 * takes its turns apart from other companies' changes (service-kit idempotentBatchHandler).
 */
const RECORDS_PER_PAGE = 100;

/** The records an event carries: the lengths of the lists in its data, at least 1. */
export function recordsIn(event: EventEnvelope): number {
  const lists = Object.values((event.data ?? {}) as Record<string, unknown>).filter(Array.isArray);
  return Math.max(
    1,
    lists.reduce((sum, list) => sum + list.length, 0),
  );
}

/**
 * The transactional handler of one consumer: applies the events it is handed together (a
 * backlog, or concurrent deliveries) in one transaction per tenant, in the order received,
 * and records what they changed. Consecutive estimate imports are one import, so their new
 * orders are written and drawn together (importEstimates). Once a tenant's purchase orders or
 * estimates are applied (at the end of a backlog), its orders are re-allocated as the data now
 * gives them (reallocateOrders): what each order holds never depends on which document arrived
 * first.
 */
export function consumerHandler(db: Database, consumer: string, afterCommit: () => void) {
  const handler = idempotentBatchHandler(
    db,
    consumer,
    async (events, trx, { tenantId, waiting }) => {
      const changes = new ChangeSet(tenantId, { by: QUICKBOOKS_SYNC, action: 'Imported from QuickBooks' });
      const pool = consumer === POOL_CONSUMER;
      if (pool) await takePoolLock(trx, tenantId);
      for (const group of importGroups(events)) await applyGroup(group, trx, changes);
      // Re-allocation weighs every movable order of the tenant: during a backlog (a sync's
      // pages) it runs once, with the backlog's last batch, instead of after every batch.
      if (pool && waiting === 0) await reallocateOrders(trx, tenantId, changes);
      await changes.record(trx);
    },
    { maxEvents: EVENTS_PER_TRANSACTION, maxWeight: RECORDS_PER_TRANSACTION, weigh: recordsIn, pageWeight: RECORDS_PER_PAGE },
  );
  return async (event: EventEnvelope) => {
    await handler(event);
    changeCommitted({ db, afterCommit }, event.tenantId);
  };
}

const ESTIMATE_EVENTS = new Set<string>([ACCOUNTING_EVENTS.estimateUpserted, ACCOUNTING_EVENTS.estimateDeleted]);

/**
 * The batch's purchase-order events first, then its estimate events, each kind in the order
 * received (a deletion stays after the upsert it follows): an estimate imported after the
 * purchase orders of its batch draws at once instead of waiting. Consecutive estimate imports
 * go together; every other event alone.
 */
function importGroups(events: readonly EventEnvelope[]): EventEnvelope[][] {
  const groups: EventEnvelope[][] = [];
  const ordered = [...events.filter((event) => !ESTIMATE_EVENTS.has(event.type)), ...events.filter((event) => ESTIMATE_EVENTS.has(event.type))];
  for (const event of ordered) {
    const last = groups.at(-1);
    if (event.type === ACCOUNTING_EVENTS.estimateUpserted && last?.[0]!.type === ACCOUNTING_EVENTS.estimateUpserted) last.push(event);
    else groups.push([event]);
  }
  return groups;
}

async function applyGroup(group: readonly EventEnvelope[], trx: Knex.Transaction, changes: ChangeSet): Promise<void> {
  const [first] = group;
  if (group.length === 1) {
    await APPLY[first!.type]?.(first!, trx, changes);
    return;
  }
  const estimates = group.flatMap((event) => EstimateUpsertedSchema.parse(event.data).estimates);
  await importEstimates(trx, changes.tenantId, estimates, changes);
}

export async function subscribeConsumers(db: Database, bus: EventBus, afterCommit: () => void): Promise<Subscription[]> {
  const subscriptions: Subscription[] = [];
  for (const { consumer, subjects, formerly = [] } of CONSUMERS) {
    subscriptions.push(
      await bus.subscribe({
        consumer,
        formerly: [...formerly],
        subjects: [...subjects],
        handler: consumerHandler(db, consumer, afterCommit),
        maxInFlight: EVENTS_PER_TRANSACTION,
      }),
    );
  }
  return subscriptions;
}
