import type { Knex } from 'knex';
import type { Migration } from '@printpool/service-kit';

/**
 * Every catalog record is upserted by the sync on (tenant_id, qb_id) and stamped with QuickBooks'
 * update time and ours, whatever kind of record it is; its own columns sit between those.
 */
function qbRecordColumns(t: Knex.CreateTableBuilder, knex: Knex, ownColumns: () => void): void {
  t.bigIncrements('id');
  t.text('tenant_id').notNullable();
  t.text('qb_id').notNullable();
  t.text('name').notNullable();
  ownColumns();
  t.boolean('active').notNullable().defaultTo(true);
  t.timestamp('qb_updated_at', { useTz: true }).notNullable();
  t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.unique(['tenant_id', 'qb_id']);
}

/** Per-tenant settings mirrored from the gateway, and the QuickBooks catalog keyed by (tenant_id, qb_id). */
export const catalogMigration: Migration = {
  name: '001_catalog',
  async up(knex) {
    await knex.schema.createTable('tenant_settings', (t) => {
      t.text('tenant_id').primary();
      t.text('bulk_po_suffix').notNullable().defaultTo('-BL');
      t.text('bulk_estimate_suffix').notNullable().defaultTo('-BL');
      t.text('fax_number').notNullable().defaultTo('');
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('customers', (t) => {
      qbRecordColumns(t, knex, () => {
        t.text('company_name');
        t.text('email');
        t.text('phone');
        t.text('address');
        t.jsonb('bill_address');
        t.jsonb('ship_address');
      });
      t.index(['tenant_id', 'name']);
    });
    await knex.schema.createTable('vendors', (t) => {
      qbRecordColumns(t, knex, () => {
        t.text('company_name');
        t.text('email');
        t.text('phone');
        t.text('fax');
        t.text('address');
      });
    });
    await knex.schema.createTable('items', (t) => {
      qbRecordColumns(t, knex, () => {
        t.text('sku');
        t.text('description');
        t.decimal('unit_price', 14, 2).notNullable().defaultTo(0);
        t.text('type');
      });
      t.index(['tenant_id', 'name']);
    });
  },
};
