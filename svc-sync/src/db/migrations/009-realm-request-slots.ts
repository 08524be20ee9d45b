import type { Migration } from '@printpool/service-kit';

/** The QuickBooks requests in flight to each company, held by every svc-sync replica together (qbo/sharedRealmSlots.ts). */
export const realmRequestSlots: Migration = {
  name: 'svc-sync/009-realm-request-slots',
  async up(knex) {
    await knex.schema.createTable('qbo_realm_slots', (t) => {
      t.text('realm_id').notNullable();
      t.integer('slot').notNullable();
      t.uuid('holder').notNullable();
      t.timestamp('held_until', { useTz: true }).notNullable();
      t.primary(['realm_id', 'slot']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('qbo_realm_slots');
  },
};
