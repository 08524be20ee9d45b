import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printpool/service-kit/testing';
import { createTokenCipher } from '../src/crypto/tokenCipher.js';
import { parseTokenKey } from '../src/config/syncConfig.js';
import { answered, newTenant, startHarness, TOKEN_KEY, type Harness } from './support.js';

describe('QuickBooks connection', () => {
  let h: Harness;
  const tenant = newTenant('conn');
  const stranger = newTenant('stranger');

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  const status = async (tenantId: string) => answered(await h.route(tenantId, 'get /api/quickbooks/status', {}), 200);
  const connect = async (tenantId: string) => answered(await h.route(tenantId, 'post /api/quickbooks/connect', {}), 200);

  it('is not connected before the consent flow', async () => {
    expect(await status(tenant)).toEqual({ connected: false, hasRealmId: false, companyName: null });
    expect(await connect(tenant)).toEqual({ action: 'authorize', authUrl: expect.stringContaining(`${h.sandboxUrl}/connect/oauth2?`) });
  });

  it('connects through consent → callback and shows the company name', async () => {
    await h.connect(tenant);
    const company = h.sandbox.admin.companies()[0]!;
    expect(await status(tenant)).toEqual({ connected: true, hasRealmId: true, companyName: company.companyName });
    await waitFor(() =>
      expect(h.events.find((e) => e.tenantId === tenant && e.type === 'accounting.connection.established')?.data).toEqual({
        realmId: company.realmId,
        companyName: company.companyName,
        revision: expect.any(Number),
      }),
    );
  });

  it('keeps tokens unreadable in the database', async () => {
    const row = await h.db.knex('qbo_connections').where({ tenant_id: tenant }).first();
    const cipher = createTokenCipher([parseTokenKey(TOKEN_KEY)]);
    const access = cipher.decrypt(row.access_token, tenant);
    const refresh = cipher.decrypt(row.refresh_token, tenant);
    // The plain tokens are real: QuickBooks accepts the access token.
    const api = await fetch(`${h.sandboxUrl}/v3/company/${row.realm_id}/companyinfo/${row.realm_id}`, {
      headers: { authorization: `Bearer ${access}`, accept: 'application/json' },
    });
    expect(api.status).toBe(200);
    const stored = JSON.stringify(row);
    for (const token of [access, refresh]) {
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(token.slice(-24));
    }
  });

  it('refuses a forged state and a reused one', async () => {
    const realmId = h.sandbox.admin.companies()[1]!.realmId;
    const forged = await h.visit(`${h.syncUrl}/api/quickbooks/callback?code=AB11forged&state=forged-state&realmId=${realmId}`);
    expect(forged).toEqual({ status: 302, location: '/?qbo=error' });

    const other = newTenant('reuse');
    const callbackUrl = await h.connect(other, realmId);
    expect(await h.visit(callbackUrl)).toEqual({ status: 302, location: '/?qbo=error' });
    const row = await h.db.knex('qbo_connections').where({ tenant_id: other }).first();
    expect(row.realm_id).toBe(realmId);
  });

  it("hides a tenant's connection and runs from other tenants", async () => {
    expect(await status(stranger)).toEqual({ connected: false, hasRealmId: false, companyName: null });
    expect((await h.route(stranger, 'get /api/quickbooks/sync/runs/latest', {})).status).toBe(204);
    const refused = answered(await h.route(stranger, 'post /api/quickbooks/sync', {}), 409);
    expect(refused.message).toBe('Not connected to QuickBooks');
    const call = await fetch(`${h.syncUrl}/api/quickbooks/status`);
    expect(call.status).toBe(401);
  });

  it('refreshes once for ten concurrent calls on an expired token', async () => {
    h.sandbox.admin.expireTokens(h.sandbox.admin.companies()[0]!.realmId);
    const before = h.tokenRequests();
    const answers = await Promise.all(Array.from({ length: 10 }, () => status(tenant)));
    expect(answers.map((answer) => answer.connected)).toEqual(Array(10).fill(true));
    expect(h.tokenRequests() - before).toBe(1);
  });

  it('refreshes on demand through connect', async () => {
    const before = h.tokenRequests();
    expect(await connect(tenant)).toEqual({ action: 'token_refreshed' });
    expect(h.tokenRequests() - before).toBe(1);
  });

  it('disconnects: revokes and forgets the grant', async () => {
    const other = newTenant('leaving');
    await h.connect(other);
    expect(answered(await h.route(other, 'post /api/quickbooks/disconnect', {}), 200)).toEqual({ disconnected: true });
    expect(await status(other)).toEqual({ connected: false, hasRealmId: false, companyName: null });
  });

  it('shows an expired authorization as not connected but still knowing its company', async () => {
    // Past the refresh token's 101 days: QuickBooks refuses both tokens.
    h.sandbox.admin.advanceClock(102 * 86_400);
    const company = h.sandbox.admin.companies()[0]!;
    expect(await status(tenant)).toEqual({ connected: false, hasRealmId: true, companyName: company.companyName });
    expect((await connect(tenant)).action).toBe('authorize');
    expect((await h.route(tenant, 'post /api/quickbooks/sync', {})).status).toBe(409);
  });
});
