import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import { OTHER_TENANT, TENANT } from './support/fixtures.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('smtp://127.0.0.1:9');
});

afterAll(() => h.close());

const settings = (faxNumber: string, occurredAt: string) => ({
  ...createEvent('identity.settings.updated', TENANT, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber }),
  occurredAt,
});

describe('tenant profile mirror', () => {
  it('keeps the newest fax number when settings events arrive out of order, per tenant', async () => {
    await h.bus.publish(settings('(555) 222-2222', '2026-11-20T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).faxNumber).toBe('(555) 222-2222'));
    await h.bus.publish(settings('(555) 111-1111', '2026-11-19T10:00:00.000Z'));
    await h.bus.publish(createEvent('accounting.connection.established', TENANT, { realmId: 'r', companyName: 'Hill Country Print' }));
    await waitFor(async () => expect(await readTenantProfile(h.db.knex, TENANT)).toEqual({ faxNumber: '(555) 222-2222', companyName: 'Hill Country Print' }));
    expect(await readTenantProfile(h.db.knex, OTHER_TENANT)).toEqual({ faxNumber: null, companyName: null });
  });

  it('clears the fax number when the broker empties it', async () => {
    await h.bus.publish(settings('', '2026-11-21T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).faxNumber).toBeNull());
  });
});
