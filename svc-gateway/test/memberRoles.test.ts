import type { Knex } from 'knex';
import { createTestDatabase } from '@printpool/service-kit/testing';
import type { Database, Migration } from '@printpool/service-kit';
import { gatewayMigrations } from '../src/db/migrations.js';

const ROLES_MIGRATION = '003_member_roles';

async function insertAccount(knex: Knex, email: string) {
  const [tenant] = await knex('tenants').insert({ id: crypto.randomUUID(), name: email }).returning('id');
  await knex('users').insert({ id: crypto.randomUUID(), tenant_id: tenant.id, email, email_key: email });
}

describe('accounts from before company roles', () => {
  let db: Database;
  beforeAll(async () => {
    // The schema as it was before roles: every migration up to the one that adds them.
    const before = gatewayMigrations.slice(
      0,
      gatewayMigrations.findIndex((migration) => migration.name === ROLES_MIGRATION),
    );
    db = await createTestDatabase(before);
  });
  afterAll(() => db.close());

  it('become one-member companies owned by their user, losing nothing', async () => {
    await insertAccount(db.knex, 'solo@example.com');
    await insertAccount(db.knex, 'other@example.com');
    const before = await db.knex('users').orderBy('email').select('id', 'tenant_id', 'email');
    // What a gateway of this version does to the schema on start (Database.migrate).
    const source: Knex.MigrationSource<Migration> = {
      getMigrations: async () => gatewayMigrations,
      getMigrationName: (migration) => migration.name,
      getMigration: async (migration) => ({ up: (knex: Knex) => migration.up(knex), down: async () => undefined }),
    };
    await db.knex.migrate.latest({ migrationSource: source, schemaName: db.schema, tableName: 'knex_migrations' });
    const after = await db.knex('users').orderBy('email').select('id', 'tenant_id', 'email', 'role');
    expect(after).toEqual(before.map((user) => ({ ...user, role: 'owner' })));
    await expect(db.knex('users').where('email', 'solo@example.com').update({ role: 'admin' })).rejects.toThrow(/users_role_check/);
    await db.knex('users').where('email', 'solo@example.com').update({ role: 'viewer' });
  });
});
