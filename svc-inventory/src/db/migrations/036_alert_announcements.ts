import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * What the alert pass announced (docs/product.md §12, src/alerts/announceAlerts.ts): each raised
 * alert with the level it was announced at, kept while it stays raised, so it is announced again
 * only when it falls further, or after it cleared; and when each company's last digest went.
 * Like every table of tenant rows, they announce their changes (migration 007).
 */
export const alertAnnouncementsMigration: Migration = {
  name: '036_alert_announcements',
  async up(knex) {
    await knex.schema.createTable('alert_announcements', (t) => {
      t.text('tenant_id').notNullable();
      t.text('alert_key').notNullable();
      t.decimal('level', 20, 7).notNullable();
      t.timestamp('announced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'alert_key']);
    });
    await knex.schema.createTable('alert_digests', (t) => {
      t.text('tenant_id').primary();
      t.timestamp('sent_at', { useTz: true }).notNullable();
    });
    await announceTenantChanges(knex, ['alert_announcements', 'alert_digests']);
  },
};
