import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import { processMetrics } from '@printpool/service-kit';

/** The databases of the svc-sync instances in this process (one, or one per test). */
const watched = new Set<Knex>();

interface SyncAge {
  tenantId: string;
  seconds: number;
}

/**
 * Seconds since each connected company's last sync that read everything (a completed full or
 * incremental run, as the Sync page's "last checked" counts: db/syncHealthStore.ts), or since it
 * connected when none has completed yet. A company disconnected, or whose grant is gone, has no series.
 */
async function ages(): Promise<SyncAge[]> {
  const read = await Promise.all(
    [...watched].map(async (knex): Promise<SyncAge[]> => {
      try {
        const rows = await knex('qbo_connections as c')
          .leftJoin('sync_runs as r', (join) => {
            join.on('r.tenant_id', 'c.tenant_id').andOnVal('r.status', 'completed').andOnIn('r.kind', ['full', 'incremental']);
          })
          // A company whose grant is gone (db/connectionStore.ts forgetTokens) waits for the broker to reconnect: not a sync that stalled.
          .whereNotNull('c.refresh_token')
          .groupBy('c.tenant_id', 'c.created_at')
          .select('c.tenant_id', knex.raw('extract(epoch from now() - coalesce(max(r.finished_at), c.created_at))::float8 as seconds'));
        return rows.map((row: { tenant_id: string; seconds: number | string }) => ({ tenantId: row.tenant_id, seconds: Math.max(0, Number(row.seconds)) }));
      } catch {
        // The database is away: no figure rather than a wrong one (readiness says why).
        return [];
      }
    }),
  );
  return read.flat();
}

new Gauge({
  name: 'sync_last_success_age_seconds',
  help: "Seconds since a connected company's last completed full or incremental sync (since it connected, before its first), per tenant",
  labelNames: ['tenant_id'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const age of await ages()) this.set({ tenant_id: age.tenantId }, age.seconds);
  },
});

/** Reports the sync age of the companies in `knex`'s database on /metrics until the returned function is called. */
export function watchSyncAge(knex: Knex): () => void {
  watched.add(knex);
  return () => void watched.delete(knex);
}
