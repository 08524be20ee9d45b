import { isBulkDocNumber } from '@printpool/domain';
import type { Knex } from 'knex';
import type { MirrorScope } from './documentMirror.js';

/**
 * How many mirrored documents of one entity are bulk by `marker`. Postgres narrows the rows to
 * document numbers containing the marker (from the doc_number index, without reading the JSON);
 * the shared rule then decides, so the count agrees with what an import marks as bulk.
 */
export async function countBulkDocuments(knex: Knex, scope: MirrorScope, marker: string): Promise<number> {
  const mark = marker.trim();
  if (!mark) return 0;
  const rows: Array<{ doc_number: string }> = await knex('qbo_documents')
    .where({ tenant_id: scope.tenantId, realm_id: scope.realmId, entity: scope.entity })
    .whereNotNull('doc_number')
    .whereRaw('strpos(upper(doc_number), upper(?)) > 0', [mark])
    .select('doc_number');
  return rows.filter((row) => isBulkDocNumber(row.doc_number, mark)).length;
}
