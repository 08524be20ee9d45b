import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * Invitations to join a company (docs/product.md §2 Team page), and the change feed the session
 * cache follows (auth/sessionCache.ts): a member removed, a role changed or a session ended is
 * announced when it commits, so no gateway replica serves a session kept from before it.
 */
export const invitationsMigration: Migration = {
  name: '004_invitations',
  async up(knex) {
    await knex.schema.createTable('invitations', (t) => {
      t.uuid('id').primary();
      t.uuid('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      t.text('email').notNullable();
      // Lower-cased e-mail: a sign-in finds the invitation however the address is typed.
      t.text('email_key').notNullable();
      t.text('role').notNullable();
      t.text('token_hash').notNullable().unique();
      // The inviter's name stays readable after the inviter leaves the company.
      t.uuid('invited_by').references('id').inTable('users').onDelete('SET NULL');
      t.text('invited_by_name').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('revoked_at', { useTz: true });
      t.check("role in ('owner', 'staff', 'viewer')", [], 'invitations_role_check');
      t.index(['tenant_id', 'created_at']);
    });
    await knex.raw('CREATE INDEX invitations_pending_by_email ON invitations (email_key) WHERE used_at IS NULL AND revoked_at IS NULL');
    // Only the changes a kept session may outlive: sign-ins and sliding expiries do not drop the company's sessions.
    await announceTenantChanges(knex, []);
    await knex.raw(
      'CREATE TRIGGER sessions_announce_removed AFTER DELETE ON sessions REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()',
    );
    await knex.raw(
      'CREATE TRIGGER users_announce_removed AFTER DELETE ON users REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()',
    );
    await knex.raw(
      'CREATE TRIGGER users_announce_changed AFTER UPDATE ON users REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()',
    );
  },
  async down(knex) {
    await knex.raw('DROP TRIGGER IF EXISTS users_announce_changed ON users');
    await knex.raw('DROP TRIGGER IF EXISTS users_announce_removed ON users');
    await knex.raw('DROP TRIGGER IF EXISTS sessions_announce_removed ON sessions');
    await knex.schema.dropTableIfExists('invitations');
  },
};
