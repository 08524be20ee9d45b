import { ACCOUNTING_EVENTS, type AccountingEntity } from '@printpool/contracts';
import { mapCustomer, mapItem, mapVendor } from './mapNameLists.js';
import { mapEstimate, mapPurchaseOrder, type TermNames } from './mapTransactions.js';
import type { QboDocument } from './qboDocument.js';

export type QboEntityName = 'Customer' | 'Vendor' | 'Item' | 'PurchaseOrder' | 'Estimate';

/** How one QBO entity is fetched, mapped and published. */
export interface SyncEntity {
  qboName: QboEntityName;
  entity: AccountingEntity;
  /** The batch's member name in the upserted event's data. */
  batchKey: string;
  upsertedType: string;
  deletedType: string;
  /**
   * Name-list entities are never deleted in QBO, only made inactive, and queries hide
   * inactive ones unless the WHERE clause mentions Active: ask for both.
   */
  nameList: boolean;
  /** `terms` names the payment terms transactions (POs, estimates) refer to by Id (qbo/termNames.ts). */
  map(doc: QboDocument, terms: TermNames): unknown;
}

export const SYNC_ENTITIES: readonly SyncEntity[] = [
  {
    qboName: 'Customer',
    entity: 'customer',
    batchKey: 'customers',
    upsertedType: ACCOUNTING_EVENTS.customerUpserted,
    deletedType: ACCOUNTING_EVENTS.customerDeleted,
    nameList: true,
    map: (doc) => mapCustomer(doc),
  },
  {
    qboName: 'Vendor',
    entity: 'vendor',
    batchKey: 'vendors',
    upsertedType: ACCOUNTING_EVENTS.vendorUpserted,
    deletedType: ACCOUNTING_EVENTS.vendorDeleted,
    nameList: true,
    map: (doc) => mapVendor(doc),
  },
  {
    qboName: 'Item',
    entity: 'item',
    batchKey: 'items',
    upsertedType: ACCOUNTING_EVENTS.itemUpserted,
    deletedType: ACCOUNTING_EVENTS.itemDeleted,
    nameList: true,
    map: (doc) => mapItem(doc),
  },
  {
    qboName: 'PurchaseOrder',
    entity: 'purchase-order',
    batchKey: 'purchaseOrders',
    upsertedType: ACCOUNTING_EVENTS.purchaseOrderUpserted,
    deletedType: ACCOUNTING_EVENTS.purchaseOrderDeleted,
    nameList: false,
    map: (doc, terms) => mapPurchaseOrder(doc, terms),
  },
  {
    qboName: 'Estimate',
    entity: 'estimate',
    batchKey: 'estimates',
    upsertedType: ACCOUNTING_EVENTS.estimateUpserted,
    deletedType: ACCOUNTING_EVENTS.estimateDeleted,
    nameList: false,
    map: (doc, terms) => mapEstimate(doc, terms),
  },
];

export function syncEntityByQboName(name: string): SyncEntity | undefined {
  return SYNC_ENTITIES.find((entity) => entity.qboName.toLowerCase() === name.toLowerCase());
}

export function syncEntity(entity: AccountingEntity): SyncEntity {
  return SYNC_ENTITIES.find((candidate) => candidate.entity === entity)!;
}

/** `WHERE …` that admits inactive name-list records too; empty for transactions. */
export function activeClause(entity: SyncEntity): string {
  return entity.nameList ? 'WHERE Active IN (true, false)' : '';
}
