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
    await waitFor(async () =>
      expect(await readTenantProfile(h.db.knex, TENANT)).toMatchObject({ faxNumber: '(555) 222-2222', companyName: 'Hill Country Print' }),
    );
    expect(await readTenantProfile(h.db.knex, OTHER_TENANT)).toEqual({
      faxNumber: null,
      companyName: null,
      legalName: null,
      address: null,
      phone: null,
      email: null,
      pullTicketPrices: 'none',
      accountEmail: null,
    });
  });

  it('clears the fax number when the broker empties it', async () => {
    await h.bus.publish(settings('', '2026-11-21T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).faxNumber).toBeNull());
  });

  it("keeps the pull-ticket price choice of the newest settings, 'none' when a settings event has none", async () => {
    await h.bus.publish({
      ...settings('', '2026-11-24T10:00:00.000Z'),
      data: { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '', pullTicketPrices: 'cost' },
    });
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).pullTicketPrices).toBe('cost'));
    await h.bus.publish(settings('', '2026-11-25T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).pullTicketPrices).toBe('none'));
  });

  it("keeps the account's e-mail the gateway sends with the settings, and keeps it when an older-style event has none", async () => {
    await h.bus.publish({
      ...settings('', '2026-11-26T10:00:00.000Z'),
      data: { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '', pullTicketPrices: 'none', userEmail: 'owner@hillcountry.test' },
    });
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).accountEmail).toBe('owner@hillcountry.test'));
    await h.bus.publish(settings('(555) 444-4444', '2026-11-27T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).faxNumber).toBe('(555) 444-4444'));
    expect((await readTenantProfile(h.db.knex, TENANT)).accountEmail).toBe('owner@hillcountry.test');
    await h.bus.publish(settings('', '2026-11-28T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).faxNumber).toBeNull());
  });

  it('keeps the newest QuickBooks CompanyInfo (address, phone, e-mail) and its company name', async () => {
    const company = (companyName: string, street: string, occurredAt: string) => ({
      ...createEvent('accounting.company.updated', TENANT, {
        realmId: 'r',
        companyName,
        legalName: `${companyName} LLC`,
        address: { line1: street, line2: null, city: 'Austin', region: 'TX', postalCode: '78701', country: 'USA' },
        phone: '(512) 555-0142',
        email: 'office@hillcountry.test',
      }),
      occurredAt,
    });
    // Later than the connection event of the first test, which carries the time it was created.
    await h.bus.publish(company('Hill Country Print Co', '9 New St', '2099-01-02T10:00:00.000Z'));
    await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).address).toBe('9 New St, Austin, TX 78701'));
    const older = company('Old Name', '1 Old St', '2099-01-01T10:00:00.000Z');
    await h.bus.publish(older);
    await waitFor(async () => expect(await h.db.knex('inbox').where({ event_id: older.id }).first()).toBeDefined());
    expect(await readTenantProfile(h.db.knex, TENANT)).toEqual({
      faxNumber: null,
      companyName: 'Hill Country Print Co',
      legalName: 'Hill Country Print Co LLC',
      address: '9 New St, Austin, TX 78701',
      phone: '(512) 555-0142',
      email: 'office@hillcountry.test',
      pullTicketPrices: 'none',
      accountEmail: 'owner@hillcountry.test',
    });
  });
});
