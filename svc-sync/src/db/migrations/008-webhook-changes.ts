import type { Migration } from '@printpool/service-kit';

/**
 * Webhook notifications waiting to be applied (sync/webhookQueue.ts): kept from the moment the
 * endpoint answers Intuit until applied, so a replica that stops or dies leaves them to another.
 */
export const webhookChanges: Migration = {
  name: 'svc-sync/008-webhook-changes',
  async up(knex) {
    await knex.schema.createTable('qbo_webhook_changes', (t) => {
      t.bigIncrements('id').primary();
      t.text('tenant_id').notNullable();
      t.text('realm_id').notNullable();
      t.jsonb('changes').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // The process applying it, until when; a claim that lapses goes to the next process that looks.
      t.text('claimed_by').nullable();
      t.timestamp('claimed_until', { useTz: true }).nullable();
      t.index(['tenant_id', 'id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('qbo_webhook_changes');
  },
};
