import { createDatabase, type Database } from '@printpool/service-kit';
import { createTestDatabase } from '@printpool/service-kit/testing';
import { migrations } from '../src/db/migrations/index.js';

export interface ReplicaDatabases {
  first: Database;
  second: Database;
  close(): Promise<void>;
}

/**
 * svc-sync's database as two replicas reach it: on PostgreSQL one schema, with a connection pool
 * each; the embedded database serves one process, so there both are the same.
 */
export async function replicaDatabases(): Promise<ReplicaDatabases> {
  const first = await createTestDatabase(migrations);
  const second = first.url ? createDatabase({ schema: first.schema, url: first.url, migrations, pool: { min: 0, max: 2 } }) : first;
  return {
    first,
    second,
    async close() {
      if (second !== first) await second.close();
      await first.close();
    },
  };
}
