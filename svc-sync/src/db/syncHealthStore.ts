import type { Knex } from 'knex';
import type { SyncHealth, SyncKind, SyncProblem } from '@printpool/contracts';

interface LatestRunRow {
  tenant_id: string;
  id: string;
  kind: SyncKind;
  status: string;
  error: string | null;
  finished_at: Date | string | null;
}

interface FailureRow {
  tenant_id: string;
  sales_order_id: string | number;
  so_number: string;
  reason: string;
  failed_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Whole runs move the CDC cursor: only they mean every change in QuickBooks was read (sync/syncRunner.ts). */
const COVERS_EVERYTHING: SyncKind[] = ['full', 'incremental'];

/** What failed to reach QuickBooks or come from it, until it succeeds: the Sync problems a broker retries. */
export class SyncHealthStore {
  constructor(private readonly knex: Knex) {}

  async noteWriteBackFailed(tenantId: string, salesOrderId: number, soNumber: string, reason: string): Promise<void> {
    await this.knex('write_back_failures')
      .insert({ tenant_id: tenantId, sales_order_id: salesOrderId, so_number: soNumber, reason, failed_at: new Date() })
      .onConflict(['tenant_id', 'sales_order_id'])
      .merge();
  }

  /** The order was written, or is gone: nothing is left to retry. */
  async clearWriteBack(tenantId: string, salesOrderId: number): Promise<void> {
    await this.knex('write_back_failures').where({ tenant_id: tenantId, sales_order_id: salesOrderId }).delete();
  }

  async health(tenantId: string, catchUpMinutes: number | null): Promise<SyncHealth> {
    const [checked, latest, failures] = await Promise.all([
      this.knex('sync_runs')
        .where({ tenant_id: tenantId, status: 'completed' })
        .whereIn('kind', COVERS_EVERYTHING)
        .max<{ at: Date | string | null }>('finished_at as at')
        .first(),
      this.knex<LatestRunRow>('sync_runs')
        .where({ tenant_id: tenantId })
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .first('id', 'kind', 'status', 'error', 'finished_at'),
      this.knex<FailureRow>('write_back_failures').where({ tenant_id: tenantId }).orderBy('failed_at', 'desc').limit(100),
    ]);
    const problems: SyncProblem[] = failures.map((row) => ({
      kind: 'write-back',
      salesOrderId: Number(row.sales_order_id),
      soNumber: row.so_number,
      reason: row.reason,
      failedAt: iso(row.failed_at),
    }));
    // Only the latest run: a later one that completed has caught up whatever an earlier one missed.
    if (latest?.status === 'failed') {
      problems.unshift({
        kind: 'sync',
        runId: latest.id,
        syncKind: latest.kind,
        reason: latest.error ?? 'The sync failed',
        failedAt: iso(latest.finished_at ?? new Date()),
      });
    }
    problems.sort((a, b) => b.failedAt.localeCompare(a.failedAt));
    return { lastCheckedAt: checked?.at ? iso(checked.at) : null, catchUpMinutes, problems };
  }
}
