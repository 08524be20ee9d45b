import type { Migration } from '@printpool/service-kit';

export const syncTables: Migration = {
  name: 'svc-sync/001-sync',
  async up(knex) {
    await knex.schema.createTable('qbo_connections', (t) => {
      t.text('tenant_id').primary();
      t.text('realm_id').notNullable();
      t.text('company_name').nullable();
      // AES-256-GCM sealed, bound to the tenant id (see crypto/tokenCipher.ts).
      t.text('access_token').nullable();
      t.text('refresh_token').nullable();
      t.timestamp('access_expires_at', { useTz: true }).nullable();
      t.timestamp('refresh_expires_at', { useTz: true }).nullable();
      t.text('connected_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['realm_id']);
    });
    await knex.schema.createTable('oauth_states', (t) => {
      // sha256 of the state: a database reader cannot replay a pending one.
      t.text('state_hash').primary();
      t.text('tenant_id').notNullable();
      t.text('user_id').notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true }).nullable();
    });
    await knex.schema.createTable('sync_runs', (t) => {
      t.uuid('id').primary();
      t.text('tenant_id').notNullable();
      t.text('realm_id').notNullable();
      t.text('kind').notNullable();
      t.text('status').notNullable();
      // Mirror rows seen by this full listing carry it; rows without it disappeared from QBO.
      t.uuid('sweep_id').notNullable();
      // Rows written after the sweep began (a webhook mid-run) are never taken for deletions.
      t.timestamp('sweep_started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.jsonb('entities').notNullable();
      t.jsonb('progress').notNullable();
      t.jsonb('cursors').notNullable();
      t.jsonb('counts').notNullable();
      t.text('qbo_started_at').nullable();
      t.text('error').nullable();
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.index(['tenant_id', 'started_at']);
    });
    // One running sync per tenant, across every replica.
    await knex.raw("CREATE UNIQUE INDEX sync_runs_one_running ON sync_runs (tenant_id) WHERE status = 'running'");
    await knex.schema.createTable('sync_cursors', (t) => {
      t.text('tenant_id').primary();
      t.text('realm_id').notNullable();
      // QBO's own clock (the `time` of its answers), so CDC never misses a change to skew.
      t.text('cdc_since').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('qbo_documents', (t) => {
      t.text('tenant_id').notNullable();
      t.text('realm_id').notNullable();
      t.text('entity').notNullable();
      t.text('qb_id').notNullable();
      t.text('sync_token').notNullable();
      t.text('qb_updated_at').notNullable();
      t.jsonb('doc').notNullable();
      t.uuid('seen_sweep').nullable();
      t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'realm_id', 'entity', 'qb_id']);
    });
  },
  async down(knex) {
    for (const table of ['qbo_documents', 'sync_cursors', 'sync_runs', 'oauth_states', 'qbo_connections']) await knex.schema.dropTableIfExists(table);
  },
};
