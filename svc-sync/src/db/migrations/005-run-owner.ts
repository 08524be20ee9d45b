import type { Migration } from '@printpool/service-kit';

/** The host and process working on a run: a restarted svc-sync resumes its predecessor's run at once (db/runOwner.ts). */
export const runOwnerColumns: Migration = {
  name: 'svc-sync/005-run-owner',
  async up(knex) {
    await knex.schema.alterTable('sync_runs', (t) => {
      t.text('owner_host').nullable();
      t.integer('owner_pid').nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('sync_runs', (t) => {
      t.dropColumn('owner_host');
      t.dropColumn('owner_pid');
    });
  },
};
