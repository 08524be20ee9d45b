import { randomUUID } from 'node:crypto';
import type { AccountingEntity } from '@printpool/contracts';
import { activeClause, syncEntityByQboName, type SyncEntity } from '../domain/syncEntities.js';
import type { WebhookChange } from '../domain/webhookChange.js';
import { syncCompletedEvent } from '../events/accountingEvents.js';
import type { ListingDeps } from './listing.js';

/** Ids per query: keeps the IN list well inside QBO's query length limit. */
const IDS_PER_QUERY = 200;

const quoteId = (id: string) => `'${id.replace(/[^0-9A-Za-z_-]/g, '')}'`;

/**
 * Applies one webhook notification for one tenant: fetches the changed records by id and
 * publishes them, and publishes the deleted ones, then `accounting.sync.completed` (kind
 * `webhook`). A merge is both: the surviving record is fetched again and the merged-away
 * one published as deleted (QBO keeps it, inactive, but nothing may refer to it any more).
 * Webhook runs leave no run record: they are small and would hide a full run's progress
 * from the shell.
 */
export async function applyWebhookChanges(deps: ListingDeps, tenantId: string, realmId: string, changes: WebhookChange[]): Promise<void> {
  const byEntity = new Map<SyncEntity, { fetch: Set<string>; deleted: Set<string> }>();
  for (const change of changes) {
    const entity = syncEntityByQboName(change.name);
    if (!entity || !change.id) continue;
    const slot = byEntity.get(entity) ?? { fetch: new Set<string>(), deleted: new Set<string>() };
    if (change.operation === 'Delete') slot.deleted.add(change.id);
    else slot.fetch.add(change.id);
    if (change.operation === 'Merge' && change.deletedId) slot.deleted.add(change.deletedId);
    byEntity.set(entity, slot);
  }
  if (byEntity.size === 0) return;

  const counts: Partial<Record<AccountingEntity | 'deleted', number>> = {};
  for (const [entity, { fetch, deleted }] of byEntity) {
    const ids = [...fetch].filter((id) => !deleted.has(id));
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      const chunk = ids.slice(i, i + IDS_PER_QUERY);
      const where = `WHERE Id IN (${chunk.map(quoteId).join(', ')})${entity.nameList ? ` AND ${activeClause(entity).slice('WHERE '.length)}` : ''}`;
      const page = await deps.client.documents(tenantId, entity.qboName, `SELECT * FROM ${entity.qboName} ${where} MAXRESULTS 1000`);
      await deps.writer.upserts(tenantId, realmId, entity, page.body, null);
      counts[entity.entity] = (counts[entity.entity] ?? 0) + page.body.length;
    }
    await deps.writer.deletions(tenantId, realmId, entity, [...deleted]);
    if (deleted.size > 0) counts.deleted = (counts.deleted ?? 0) + deleted.size;
  }
  const completed = syncCompletedEvent(tenantId, realmId, randomUUID(), 'webhook', counts as Record<string, number>);
  await deps.writer.commit([completed], async () => undefined);
}
