import type { Knex } from 'knex';
import { isActive } from '../domain/mapNameLists.js';
import { str, updatedAt, type QboDocument } from '../domain/qboDocument.js';

export interface MirrorScope {
  tenantId: string;
  realmId: string;
  /** QBO's entity name: Customer, Vendor, Item, PurchaseOrder, Estimate. */
  entity: string;
}

/**
 * Registers a page of QBO documents: what svc-sync reads of each (migrations/007-document-register.ts),
 * in one statement, the page travelling as one JSON parameter, so 1000 documents cost one round
 * trip and no per-row bind parameters. A row is small, so one QuickBooks did not change is
 * written again rather than looked up first. `sweepId` marks them seen by a full listing.
 */
export async function upsertDocuments(trx: Knex | Knex.Transaction, scope: MirrorScope, docs: QboDocument[], sweepId: string | null): Promise<void> {
  if (docs.length === 0) return;
  const customer = scope.entity === 'Customer';
  const rows = JSON.stringify(
    docs.map((doc) => ({
      id: String(doc.Id),
      st: str(doc.SyncToken) ?? '0',
      up: updatedAt(doc),
      dn: str(doc.DocNumber),
      name: customer ? str(doc.DisplayName) : null,
      active: customer ? isActive(doc) : null,
    })),
  );
  await trx.raw(
    `INSERT INTO qbo_documents (tenant_id, realm_id, entity, qb_id, sync_token, qb_updated_at, doc_number, display_name, active, seen_sweep, synced_at)
     SELECT ?, ?, ?, x.id, x.st, x.up, x.dn, x.name, x.active, ?::uuid, now()
     FROM json_to_recordset(?::json) AS x(id text, st text, up text, dn text, name text, active boolean)
     ON CONFLICT (tenant_id, realm_id, entity, qb_id) DO UPDATE SET
       sync_token = excluded.sync_token,
       qb_updated_at = excluded.qb_updated_at,
       doc_number = excluded.doc_number,
       display_name = excluded.display_name,
       active = excluded.active,
       seen_sweep = COALESCE(excluded.seen_sweep, qbo_documents.seen_sweep),
       synced_at = excluded.synced_at`,
    [scope.tenantId, scope.realmId, scope.entity, sweepId, rows],
  );
}

export async function removeDocuments(trx: Knex | Knex.Transaction, scope: MirrorScope, qbIds: string[]): Promise<void> {
  if (qbIds.length === 0) return;
  await trx('qbo_documents').where({ tenant_id: scope.tenantId, realm_id: scope.realmId, entity: scope.entity }).whereIn('qb_id', qbIds).delete();
}

/** Mirror rows a full listing did not see and nothing touched since it began: gone from QBO. */
export async function unseenIds(knex: Knex, scope: MirrorScope, sweepId: string, sweepStartedAt: Date, limit: number): Promise<string[]> {
  const rows = await knex('qbo_documents')
    .where({ tenant_id: scope.tenantId, realm_id: scope.realmId, entity: scope.entity })
    .where((q) => q.whereNull('seen_sweep').orWhereNot('seen_sweep', sweepId))
    .where('synced_at', '<', sweepStartedAt)
    .orderBy('qb_id')
    .limit(limit)
    .select('qb_id');
  return rows.map((row: { qb_id: string }) => row.qb_id);
}
