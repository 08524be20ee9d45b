import { ACCOUNTING_BATCH_MAX, ACCOUNTING_EVENTS, createEvent, type CompanyUpdated, type EventEnvelope, type SyncKind } from '@printpool/contracts';
import type { SyncEntity } from '../domain/syncEntities.js';

/**
 * Keeps one event's data under NATS's default 1 MB message limit: a page of purchase
 * orders with many lines can exceed it, so such a page goes out as several events.
 */
export const MAX_EVENT_DATA_BYTES = 800_000;

/** Splits a batch by count (≤ 1000) and serialized size. */
export function chunkBySize<T>(items: T[], maxBytes = MAX_EVENT_DATA_BYTES, maxItems = ACCOUNTING_BATCH_MAX): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length;
    if (current.length > 0 && (current.length >= maxItems || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size + 1;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export function upsertedEvents(entity: SyncEntity, tenantId: string, realmId: string, mapped: unknown[]): EventEnvelope[] {
  return chunkBySize(mapped).map((batch) => createEvent(entity.upsertedType, tenantId, { realmId, [entity.batchKey]: batch }));
}

export function deletedEvents(entity: SyncEntity, tenantId: string, realmId: string, qbIds: string[]): EventEnvelope[] {
  return chunkBySize(qbIds).map((batch) => createEvent(entity.deletedType, tenantId, { realmId, qbIds: batch }));
}

export function syncCompletedEvent(tenantId: string, realmId: string, runId: string, kind: SyncKind, counts: Record<string, number>): EventEnvelope {
  return createEvent(ACCOUNTING_EVENTS.syncCompleted, tenantId, { realmId, runId, kind, counts });
}

export function connectionEstablishedEvent(tenantId: string, realmId: string, companyName: string | null): EventEnvelope {
  return createEvent(ACCOUNTING_EVENTS.connectionEstablished, tenantId, { realmId, companyName });
}

/** The broker's company as QuickBooks holds it now: documents print it as their letterhead. */
export function companyUpdatedEvent(tenantId: string, company: CompanyUpdated): EventEnvelope {
  return createEvent(ACCOUNTING_EVENTS.companyUpdated, tenantId, company);
}
