import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import type { Database, Migration } from '../src/db/database.js';
import { announceTenantChanges, followTenantChanges, type TenantChangeFeed } from '../src/db/tenantChanges.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, describeOnPostgres, waitFor } from '../src/testing/index.js';

// LISTEN needs a connection of its own, which embedded PGlite does not have.

const ordersMigration: Migration = {
  name: 'test/001-orders',
  async up(knex: Knex) {
    await knex.schema.createTable('orders', (t) => {
      t.increments('id');
      t.text('tenant_id').notNullable();
      t.integer('qty').notNullable();
    });
    await announceTenantChanges(knex, ['orders']);
  },
};

/** What a follower heard, in order: tenants as they changed, and the feed's own turns. */
function recorder() {
  const heard: string[] = [];
  return {
    heard,
    listener: {
      changed: (tenantId: string) => void heard.push(tenantId),
      following: () => void heard.push('(following)'),
      lost: () => void heard.push('(lost)'),
    },
  };
}

describeOnPostgres('tenant change announcements', () => {
  let db: Database;
  let other: Database;
  const feeds: TenantChangeFeed[] = [];
  const logger = createLogger('test', 'silent');
  const follow = (database: Database) => {
    const record = recorder();
    feeds.push(followTenantChanges({ url: database.url, schema: database.schema, logger, listener: record.listener }));
    return record;
  };

  beforeAll(async () => {
    db = await createTestDatabase([ordersMigration]);
    other = await createTestDatabase([ordersMigration]);
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
  });
  afterAll(async () => {
    await db.close();
    await other.close();
  });

  it('tells a follower which tenants each committed transaction changed, once each, and nothing of a rollback', async () => {
    const { heard } = follow(db);
    await waitFor(() => expect(heard).toEqual(['(following)']));

    await db.knex.transaction(async (trx) => {
      await trx('orders').insert([
        { tenant_id: 'a', qty: 1 },
        { tenant_id: 'b', qty: 2 },
        { tenant_id: 'a', qty: 3 },
      ]);
      await trx('orders').where({ tenant_id: 'a' }).update({ qty: 5 });
      // Until the commit nobody hears of it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['(following)']);
    });
    await waitFor(() => expect([...heard].sort()).toEqual(['(following)', 'a', 'b']));

    await db.knex
      .transaction(async (trx) => {
        await trx('orders').insert({ tenant_id: 'c', qty: 1 });
        await trx.rollback();
      })
      .catch(() => undefined);
    await db.knex('orders').where({ tenant_id: 'b' }).delete();
    await waitFor(() => expect(heard.slice(3)).toEqual(['b']));
    expect(heard).not.toContain('c');
  });

  it("hears only its own schema's changes", async () => {
    const mine = follow(db);
    await waitFor(() => expect(mine.heard).toEqual(['(following)']));
    await other.knex('orders').insert({ tenant_id: 'elsewhere', qty: 1 });
    await db.knex('orders').insert({ tenant_id: 'here', qty: 1 });
    await waitFor(() => expect(mine.heard).toEqual(['(following)', 'here']));
  });

  it('says so when its connection is cut, and follows again on a new one', async () => {
    const { heard } = follow(db);
    await waitFor(() => expect(heard).toEqual(['(following)']));
    await db.knex.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?', [`${db.schema} change feed`]);
    await waitFor(() => expect(heard).toEqual(['(following)', '(lost)', '(following)']));
    await db.knex('orders').insert({ tenant_id: 'after', qty: 1 });
    await waitFor(() => expect(heard).toEqual(['(following)', '(lost)', '(following)', 'after']));
  });
});
