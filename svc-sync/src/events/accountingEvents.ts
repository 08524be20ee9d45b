import { ACCOUNTING_BATCH_MAX, ACCOUNTING_EVENTS, createEvent, type CompanyUpdated, type EventEnvelope, type SyncKind } from '@printpool/contracts';
import { withSerializedData } from '@printpool/service-kit';
import type { SyncEntity } from '../domain/syncEntities.js';

/**
 * Keeps one event's data under NATS's default 1 MB message limit: a page of purchase
 * orders with many lines can exceed it, so such a page goes out as several events.
 */
export const MAX_EVENT_DATA_BYTES = 800_000;

export interface Chunk<T> {
  items: T[];
  /** JSON.stringify(items), built from each item's JSON as the sizes were measured. */
  json: string;
}

/** Splits a batch by count (≤ 1000) and serialized size, serializing each item once. */
export function chunkBySize<T>(items: T[], maxBytes = MAX_EVENT_DATA_BYTES, maxItems = ACCOUNTING_BATCH_MAX): Chunk<T>[] {
  const chunks: Chunk<T>[] = [];
  let current: T[] = [];
  let parts: string[] = [];
  let bytes = 0;
  const close = () => chunks.push({ items: current, json: `[${parts.join(',')}]` });
  for (const item of items) {
    const json = JSON.stringify(item);
    if (current.length > 0 && (current.length >= maxItems || bytes + json.length > maxBytes)) {
      close();
      current = [];
      parts = [];
      bytes = 0;
    }
    current.push(item);
    parts.push(json);
    bytes += json.length + 1;
  }
  if (current.length > 0) close();
  return chunks;
}

/** An event of `{ realmId, [member]: batch }`, its data serialized from the chunk's JSON. */
function batchEvent<T>(type: string, tenantId: string, realmId: string, member: string, chunk: Chunk<T>): EventEnvelope {
  const event = createEvent(type, tenantId, { realmId, [member]: chunk.items });
  return withSerializedData(event, `{"realmId":${JSON.stringify(realmId)},${JSON.stringify(member)}:${chunk.json}}`);
}

export function upsertedEvents(entity: SyncEntity, tenantId: string, realmId: string, mapped: unknown[]): EventEnvelope[] {
  return chunkBySize(mapped).map((chunk) => batchEvent(entity.upsertedType, tenantId, realmId, entity.batchKey, chunk));
}

export function deletedEvents(entity: SyncEntity, tenantId: string, realmId: string, qbIds: string[]): EventEnvelope[] {
  return chunkBySize(qbIds).map((chunk) => batchEvent(entity.deletedType, tenantId, realmId, 'qbIds', chunk));
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
