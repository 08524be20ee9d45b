import type { Knex } from 'knex';
import { DEFAULT_BULK_SUFFIX } from '@printpool/domain';

export interface BulkMarkers {
  bulkPoSuffix: string;
  bulkEstimateSuffix: string;
}

/** The tenant's bulk markers as last mirrored from the gateway; -BL until the tenant saves settings. */
export async function bulkMarkers(trx: Knex | Knex.Transaction, tenantId: string): Promise<BulkMarkers> {
  const row: { bulk_po_suffix: string; bulk_estimate_suffix: string } | undefined = await trx('tenant_settings')
    .where('tenant_id', tenantId)
    .first('bulk_po_suffix', 'bulk_estimate_suffix');
  return { bulkPoSuffix: row?.bulk_po_suffix ?? DEFAULT_BULK_SUFFIX, bulkEstimateSuffix: row?.bulk_estimate_suffix ?? DEFAULT_BULK_SUFFIX };
}
