import type { Migration } from '@printpool/service-kit';

/**
 * Purchase orders and estimates are applied by one consumer, `inventory-pool`
 * (src/events/consumers.ts), where two took turns under the tenant's pool lock. Its durables
 * continue where the two former ones stood (SubscribeOptions.formerly), and an event they had
 * applied but not yet acknowledged comes again: their inbox becomes the new consumer's, so it
 * is skipped as before.
 */
export const onePoolConsumerMigration: Migration = {
  name: '014_one_pool_consumer',
  async up(knex) {
    await knex.raw(`
      INSERT INTO inbox (consumer, event_id, processed_at)
      SELECT 'inventory-pool', event_id, processed_at FROM inbox
      WHERE consumer IN ('inventory-purchase-orders', 'inventory-sales-orders')
      ON CONFLICT DO NOTHING`);
  },
};
