import request from 'supertest';
import { waitFor } from '@printpool/service-kit/testing';
import { ORIGIN, saveSettings, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

const valid = { bulkPoSuffix: '-BULK', bulkEstimateSuffix: 'BULK-', faxNumber: '(555) 123-4567' };

describe('PATCH /api/user/settings', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('refuses a save that names no version, naming If-Match, and one based on settings someone saved since, saying what differs', async () => {
    const owner = await signedInAgent(gateway, 'versions@example.com');
    const opened = (await owner.get('/api/auth/user').expect(200)).body;
    expect((await owner.patch('/api/user/settings').set('Origin', ORIGIN).send(valid).expect(400)).body.message).toBe(
      'If-Match: send the version the record was read at (its ETag)',
    );
    const first = await owner.patch('/api/user/settings').set('Origin', ORIGIN).set('If-Match', opened.settingsVersion).send(valid).expect(200);
    expect(first.headers.etag).toBe(`"${first.body.settingsVersion}"`);
    const stale = await owner
      .patch('/api/user/settings')
      .set('Origin', ORIGIN)
      .set('If-Match', opened.settingsVersion)
      .send({ bulkPoSuffix: '-BL', bulkEstimateSuffix: '-EST', faxNumber: '' })
      .expect(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: {
        current: { bulkPoSuffix: '-BULK', settingsVersion: first.body.settingsVersion },
        differences: [
          { field: 'Purchase Order suffix', path: ['bulkPoSuffix'], current: '-BULK', proposed: '-BL' },
          { field: 'Estimate suffix', path: ['bulkEstimateSuffix'], current: 'BULK-', proposed: '-EST' },
          { field: 'Fax number', path: ['faxNumber'], current: '(555) 123-4567', proposed: '' },
        ],
      },
    });
    expect((await owner.get('/api/auth/user').expect(200)).body).toMatchObject(valid);
  });

  it('answers 401 when signed out', async () => {
    await request(gateway.callback).patch('/api/user/settings').set('Origin', ORIGIN).send(valid).expect(401);
  });

  it('saves the settings, answers the updated user and keeps them for the next visit', async () => {
    const agent = await signedInAgent(gateway, 'settings@example.com');
    const res = await saveSettings(agent, { bulkPoSuffix: '  -BULK ', bulkEstimateSuffix: 'BULK-', faxNumber: '(555) 123-4567' }).expect(200);
    expect(res.body).toMatchObject({ email: 'settings@example.com', ...valid });
    const again = await agent.get('/api/auth/user').expect(200);
    expect(again.body).toMatchObject(valid);
  });

  it('publishes identity.settings.updated for the tenant', async () => {
    const agent = await signedInAgent(gateway, 'events@example.com');
    await saveSettings(agent, { bulkPoSuffix: '-EV', bulkEstimateSuffix: '-EV', faxNumber: '' }).expect(200);
    const tenantId = (await gateway.db.knex('users').where('email_key', 'events@example.com').first()).tenant_id;
    // The account's defaults when it was made, then the broker's save; each names the account's e-mail.
    const events = await waitFor(() => {
      const found = gateway.events.filter((e) => e.tenantId === tenantId);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(events[0]).toMatchObject({
      type: 'identity.settings.updated',
      data: { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '', pullTicketPrices: 'none', userEmail: 'events@example.com' },
    });
    expect(events[1]).toMatchObject({
      type: 'identity.settings.updated',
      version: 1,
      data: { bulkPoSuffix: '-EV', bulkEstimateSuffix: '-EV', faxNumber: '', pullTicketPrices: 'none', userEmail: 'events@example.com' },
    });
  });

  it("keeps which price a pull ticket prints ('none' until chosen, kept when left out) and tells documents", async () => {
    const agent = await signedInAgent(gateway, 'prices@example.com');
    expect((await agent.get('/api/auth/user').expect(200)).body.pullTicketPrices).toBe('none');
    const chosen = await saveSettings(agent, { ...valid, pullTicketPrices: 'cost' }).expect(200);
    expect(chosen.body.pullTicketPrices).toBe('cost');
    const kept = await saveSettings(agent, valid).expect(200);
    expect(kept.body.pullTicketPrices).toBe('cost');
    const tenantId = (await gateway.db.knex('users').where('email_key', 'prices@example.com').first()).tenant_id;
    await waitFor(() =>
      expect(gateway.events.filter((e) => e.tenantId === tenantId).map((e) => (e.data as { pullTicketPrices: string }).pullTicketPrices)).toEqual([
        'none',
        'cost',
        'cost',
      ]),
    );
    const refused = await saveSettings(agent, { ...valid, pullTicketPrices: 'selling' }).expect(400);
    expect(refused.body.message).toBe("pullTicketPrices: Pull ticket prices must be 'none' or 'cost'");
  });

  it('allows an empty fax number and keeps the stored one when the field is left out', async () => {
    const agent = await signedInAgent(gateway, 'fax@example.com');
    await saveSettings(agent, valid).expect(200);
    const kept = await saveSettings(agent, { bulkPoSuffix: '-A', bulkEstimateSuffix: '-B' }).expect(200);
    expect(kept.body.faxNumber).toBe('(555) 123-4567');
    const cleared = await saveSettings(agent, { ...valid, faxNumber: '' }).expect(200);
    expect(cleared.body.faxNumber).toBe('');
  });

  it.each([
    [{ ...valid, bulkPoSuffix: undefined }, 'bulkPoSuffix: Purchase Order suffix is required'],
    [{ ...valid, bulkPoSuffix: '' }, 'bulkPoSuffix: Purchase Order suffix is required'],
    [{ ...valid, bulkPoSuffix: '   ' }, 'bulkPoSuffix: Purchase Order suffix is required'],
    [{ ...valid, bulkPoSuffix: 7 }, 'bulkPoSuffix: Purchase Order suffix is required'],
    [{ ...valid, bulkPoSuffix: 'X'.repeat(21) }, 'bulkPoSuffix: Purchase Order suffix must be at most 20 characters'],
    [{ ...valid, bulkEstimateSuffix: undefined }, 'bulkEstimateSuffix: Estimate suffix is required'],
    [{ ...valid, bulkEstimateSuffix: '' }, 'bulkEstimateSuffix: Estimate suffix is required'],
    [{ ...valid, bulkEstimateSuffix: 'Y'.repeat(21) }, 'bulkEstimateSuffix: Estimate suffix must be at most 20 characters'],
    [{ ...valid, faxNumber: '5551234567' }, 'faxNumber: Fax number must be empty or formatted as (555) 123-4567'],
    [{ ...valid, faxNumber: '(555) 123-456' }, 'faxNumber: Fax number must be empty or formatted as (555) 123-4567'],
    [{ ...valid, faxNumber: 5551234567 }, 'faxNumber: Fax number must be text'],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const agent = await signedInAgent(gateway, `invalid-${Math.random().toString(36).slice(2)}@example.com`);
    const eventsBefore = (await gateway.db.knex('outbox').count<{ count: number }[]>('* as count'))[0]?.count;
    const res = await saveSettings(agent, body).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED', details: { issues: expect.any(Array) } });
    const user = await agent.get('/api/auth/user').expect(200);
    expect(user.body).toMatchObject({ bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '' });
    expect(await gateway.db.knex('outbox').count<{ count: number }[]>('* as count')).toEqual([{ count: eventsBefore }]);
  });
});

describe('tenant isolation', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('gives each account its own tenant and settings', async () => {
    const first = await signedInAgent(gateway, 'first@example.com');
    const second = await signedInAgent(gateway, 'second@example.com');
    await saveSettings(first, { bulkPoSuffix: '-ONE', bulkEstimateSuffix: '-ONE', faxNumber: '(111) 111-1111' }).expect(200);
    await saveSettings(second, { bulkPoSuffix: '-TWO', bulkEstimateSuffix: '-TWO', faxNumber: '' }).expect(200);

    const a = await first.get('/api/auth/user').expect(200);
    const b = await second.get('/api/auth/user').expect(200);
    expect(a.body).toMatchObject({ email: 'first@example.com', bulkPoSuffix: '-ONE', faxNumber: '(111) 111-1111' });
    expect(b.body).toMatchObject({ email: 'second@example.com', bulkPoSuffix: '-TWO', faxNumber: '' });
    expect(a.body.id).not.toBe(b.body.id);

    const tenants = await gateway.db.knex('users').whereIn('email_key', ['first@example.com', 'second@example.com']).pluck('tenant_id');
    expect(new Set(tenants).size).toBe(2);
  });

  it('ignores any tenant or user id a browser puts in the body', async () => {
    const victim = await signedInAgent(gateway, 'victim@example.com');
    const attacker = await signedInAgent(gateway, 'attacker@example.com');
    const victimUser = (await victim.get('/api/auth/user').expect(200)).body;
    const victimTenant = (await gateway.db.knex('users').where('id', victimUser.id).first()).tenant_id;
    await saveSettings(attacker, {
      bulkPoSuffix: '-PWN',
      bulkEstimateSuffix: '-PWN',
      faxNumber: '',
      id: victimUser.id,
      userId: victimUser.id,
      tenantId: victimTenant,
    }).expect(200);
    const after = await victim.get('/api/auth/user').expect(200);
    expect(after.body).toMatchObject({ bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' });
  });
});
