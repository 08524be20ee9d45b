import type { Migration } from '@printpool/service-kit';

/** Until when a run waits out QuickBooks' rate limit (null when it is not waiting): the progress panel says so. */
export const waitingUntilColumn: Migration = {
  name: 'svc-sync/003-waiting-until',
  async up(knex) {
    await knex.schema.alterTable('sync_runs', (t) => {
      t.timestamp('waiting_until', { useTz: true }).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('sync_runs', (t) => {
      t.dropColumn('waiting_until');
    });
  },
};
