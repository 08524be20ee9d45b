import type { Knex } from 'knex';
import type { Migration } from '../db/database.js';

/**
 * The headers each recorded event is to be published with: the trace context and request id of
 * the work that recorded it (telemetry/eventSpans.ts), null when it was recorded outside any.
 */
export const outboxHeadersMigration: Migration = {
  name: 'service-kit/003-outbox-headers',
  async up(knex) {
    // Nullable with no default: adding it rewrites nothing, whatever the outbox holds.
    await knex.raw('ALTER TABLE outbox ADD COLUMN headers json');
  },
  async down(knex) {
    await knex.raw('ALTER TABLE outbox DROP COLUMN headers');
  },
};

export interface OutboxInsert {
  id: string;
  type: string;
  tenant_id: string;
  occurred_at: string;
  version: number;
  data: string;
}

/**
 * Inserts `rows` with `headers` beside each, sent once for the statement: the events of one
 * transaction share the work that recorded them, and a sync page's thousand events need not
 * carry a thousand copies of it to the database.
 */
export async function insertWithHeaders(trx: Knex | Knex.Transaction, rows: readonly OutboxInsert[], headers: Record<string, string>): Promise<void> {
  const values = rows.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
  await trx.raw(
    `INSERT INTO outbox (id, type, tenant_id, occurred_at, version, data, headers)
     SELECT v.id::uuid, v.type, v.tenant_id, v.occurred_at::timestamptz, v.version::integer, v.data, ?::json
     FROM (VALUES ${values}) AS v (id, type, tenant_id, occurred_at, version, data)`,
    [JSON.stringify(headers), ...rows.flatMap((row) => [row.id, row.type, row.tenant_id, row.occurred_at, row.version, row.data])],
  );
}
