import type { Migration } from '@printpool/service-kit';

/** Each QuickBooks company's request allowance, shared by every svc-sync replica (qbo/sharedRealmBudget.ts). */
export const realmRequestBudgets: Migration = {
  name: 'svc-sync/006-realm-request-budgets',
  async up(knex) {
    await knex.schema.createTable('qbo_realm_budgets', (t) => {
      t.text('realm_id').primary();
      t.double('tokens').notNullable();
      t.timestamp('refilled_at', { useTz: true }).notNullable();
      // Whether the last take was granted: the update answers it beside the level it left.
      t.boolean('granted').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('qbo_realm_budgets');
  },
};
