import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@printpool/service-kit';
import { createTestDatabase } from '@printpool/service-kit/testing';
import { upsertDocuments } from '../src/db/documentMirror.js';
import { documentRegister } from '../src/db/migrations/007-document-register.js';
import { migrations } from '../src/db/migrations/index.js';
import { customerQbIdByName } from '../src/db/customerByName.js';

describe('the document mirror', () => {
  let db: Database;
  const scope = { tenantId: 'mirror-tenant', realmId: '9130', entity: 'Customer' };
  const mirrored = async () =>
    Object.fromEntries(
      (
        await db
          .knex('qbo_documents')
          .where({ tenant_id: scope.tenantId })
          .orderBy('qb_id')
          .select('qb_id', 'sync_token', 'display_name', 'active', 'seen_sweep')
      ).map((row) => [row.qb_id, row]),
    );

  beforeAll(async () => {
    db = await createTestDatabase(migrations);
  });

  afterAll(async () => {
    await db.close();
  });

  it('holds the latest SyncToken and name of every listed document, and marks each one seen', async () => {
    const first = randomUUID();
    await upsertDocuments(
      db.knex,
      scope,
      [
        { Id: '1', SyncToken: '0', DisplayName: 'Acme Print', MetaData: { LastUpdatedTime: '2026-11-01T10:00:00-08:00' } },
        { Id: '2', SyncToken: '3', DisplayName: 'Bayside "Signs"', MetaData: { LastUpdatedTime: '2026-11-01T10:00:00-08:00' } },
      ],
      first,
    );
    const second = randomUUID();
    await upsertDocuments(
      db.knex,
      scope,
      [
        { Id: '1', SyncToken: '0', DisplayName: 'Acme Print', MetaData: { LastUpdatedTime: '2026-11-01T10:00:00-08:00' } },
        { Id: '2', SyncToken: '4', DisplayName: 'Bayside Signs Ltd', MetaData: { LastUpdatedTime: '2026-11-02T09:00:00-08:00' } },
      ],
      second,
    );
    // A webhook's fetch is no listing: it leaves the sweep mark as the listing set it.
    await upsertDocuments(db.knex, scope, [{ Id: '1', SyncToken: '1', DisplayName: 'Acme Print Co', Active: false }], null);
    const rows = await mirrored();
    expect(rows['1']).toMatchObject({ sync_token: '1', display_name: 'Acme Print Co', active: false, seen_sweep: second });
    expect(rows['2']).toMatchObject({ sync_token: '4', display_name: 'Bayside Signs Ltd', active: true, seen_sweep: second });
  });

  it('keeps the name and state of the customers a mirror held as whole documents', async () => {
    const before = await createTestDatabase(migrations.filter((migration) => migration !== documentRegister));
    try {
      const held = (qbId: string, doc: Record<string, unknown>) => ({
        tenant_id: 'upgrading',
        realm_id: '9130',
        entity: 'Customer',
        qb_id: qbId,
        sync_token: '0',
        qb_updated_at: '2026-11-01T10:00:00-08:00',
        doc: JSON.stringify({ Id: qbId, ...doc }),
      });
      await before.knex('qbo_documents').insert([held('7', { DisplayName: 'Harbor Print', Active: false }), held('8', { DisplayName: 'harbor print ' })]);
      await documentRegister.up(before.knex);
      expect(await customerQbIdByName(before.knex, 'upgrading', '9130', 'HARBOR PRINT')).toBe('8');
      await before.knex('qbo_documents').where({ qb_id: '8' }).delete();
      expect(await customerQbIdByName(before.knex, 'upgrading', '9130', 'Harbor Print')).toBe('7');
    } finally {
      await before.close();
    }
  });
});
