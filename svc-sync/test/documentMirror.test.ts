import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@printpool/service-kit';
import { createTestDatabase } from '@printpool/service-kit/testing';
import { upsertDocuments } from '../src/db/documentMirror.js';
import { migrations } from '../src/db/migrations/index.js';

describe('the document mirror', () => {
  let db: Database;
  const scope = { tenantId: 'mirror-tenant', realmId: '9130', entity: 'Customer' };
  const mirrored = async () =>
    Object.fromEntries(
      (await db.knex('qbo_documents').where({ tenant_id: scope.tenantId }).orderBy('qb_id').select('qb_id', 'sync_token', 'doc', 'seen_sweep')).map((row) => [
        row.qb_id,
        row,
      ]),
    );

  beforeAll(async () => {
    db = await createTestDatabase(migrations);
  });

  afterAll(async () => {
    await db.close();
  });

  it('rewrites a document only when QuickBooks gave it a new SyncToken, and marks every listed one seen', async () => {
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
        // The same SyncToken is the same document in QuickBooks, however it is spelled here.
        { Id: '1', SyncToken: '0', DisplayName: 'Acme Print (again)', MetaData: { LastUpdatedTime: '2026-11-01T10:00:00-08:00' } },
        { Id: '2', SyncToken: '4', DisplayName: 'Bayside Signs Ltd', MetaData: { LastUpdatedTime: '2026-11-02T09:00:00-08:00' } },
      ],
      second,
    );
    const rows = await mirrored();
    expect(rows['1']).toMatchObject({ sync_token: '0', doc: { DisplayName: 'Acme Print' }, seen_sweep: second });
    expect(rows['2']).toMatchObject({ sync_token: '4', doc: { DisplayName: 'Bayside Signs Ltd' }, seen_sweep: second });
  });
});
