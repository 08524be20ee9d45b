import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@printpool/service-kit/testing';
import type { SalesOrder } from '@printpool/contracts';
import { tokenKeyId } from '../src/crypto/tokenCipher.js';
import { orderEdits } from './orderEdits.js';
import { answered, newTenant, startHarness, type Harness } from './support.js';

// Rotating QBO_TOKEN_KEYS with a company connected (docs/operations.md, Rotating secrets): a new key
// goes first and the old one stays listed until every token is sealed again; a key removed too
// early leaves the company to reconnect, never a 500.
describe('QuickBooks token keys that rotate', () => {
  let h: Harness;
  const tenant = newTenant('keys');
  const [first, second, stranger] = [randomBytes(32), randomBytes(32), randomBytes(32)].map((key) => key.toString('hex')) as [string, string, string];
  const idOf = (hex: string) => tokenKeyId(Buffer.from(hex, 'hex'));

  const { salesOrders, editFirstLine } = orderEdits(() => h, tenant);
  /** An order of the company edited here and written back to its estimate: the write uses the company's tokens. */
  const writeBack = async () => {
    const orders = await waitFor(
      async () => {
        const editable = (await salesOrders()).filter((so: SalesOrder) => so.qbId && ['active', 'pending'].includes(so.status) && so.items[0]?.itemId);
        expect(editable.length).toBeGreaterThan(0);
        return editable;
      },
      { timeoutMs: 45_000 },
    );
    await h.inventoryCaughtUp();
    const edited = await editFirstLine(orders[0]!);
    return answered(await h.route(tenant, 'post /api/sales-orders/:id/sync', { params: { id: edited.id } }), 200);
  };

  beforeAll(async () => {
    h = await startHarness({ inventory: true, env: { QBO_TOKEN_KEY: '', QBO_TOKEN_KEYS: first } });
    await h.connect(tenant);
  }, 60_000);
  afterAll(() => h.stop());

  const status = async () => answered(await h.route(tenant, 'get /api/quickbooks/status', {}), 200);
  const syncRun = async () => answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { wait: 'true' } }), 200);
  const sealedWith = async (): Promise<string[]> => {
    const row = await h.db.knex('qbo_connections').where({ tenant_id: tenant }).first('access_token', 'refresh_token');
    return [row.access_token, row.refresh_token].map((sealed: string | null) => sealed?.split('.')[1] ?? 'none');
  };

  it('seals the tokens with the current key, named in each', async () => {
    expect(await status()).toMatchObject({ connected: true });
    expect(await sealedWith()).toEqual([idOf(first), idOf(first)]);
  });

  it('keeps status, sync and write-back working with a new key in front, and seals the tokens again with it', async () => {
    await h.restart({ QBO_TOKEN_KEYS: `${second},${first}` });
    expect(await status()).toMatchObject({ connected: true });
    expect((await syncRun()).status).toBe('completed');
    expect(await writeBack()).toMatchObject({ syncStatus: 'synced' });
    await waitFor(async () => expect(await sealedWith()).toEqual([idOf(second), idOf(second)]));
  });

  it('works with the old key removed once every token is sealed again', async () => {
    await h.restart({ QBO_TOKEN_KEYS: second });
    expect(await status()).toMatchObject({ connected: true });
    expect((await syncRun()).status).toBe('completed');
    expect(await writeBack()).toMatchObject({ syncStatus: 'synced' });
  });

  it('asks the broker to reconnect, never answering 500, when no key opens the tokens: write-back, disconnect and reconnect', async () => {
    await h.restart({ QBO_TOKEN_KEYS: stranger });
    expect(await status()).toEqual({ connected: false, hasRealmId: true, companyName: expect.any(String) });
    expect(answered(await h.route(tenant, 'post /api/quickbooks/connect', {}), 200)).toEqual({ action: 'authorize', authUrl: expect.any(String) });
    const refused = await h.route(tenant, 'post /api/quickbooks/sync', { query: { wait: 'true' } });
    expect(refused.status).toBeLessThan(500);
    const [order] = (await salesOrders()).filter((so: SalesOrder) => so.qbId);
    const unwritten = await h.route(tenant, 'post /api/sales-orders/:id/sync', { params: { id: order!.id } });
    expect(answered(unwritten, 409)).toMatchObject({ message: 'Not connected to QuickBooks' });
    expect(answered(await h.route(tenant, 'post /api/quickbooks/disconnect', {}), 200)).toEqual({ disconnected: true });

    await h.connect(tenant);
    expect(await status()).toMatchObject({ connected: true });
    expect(await sealedWith()).toEqual([idOf(stranger), idOf(stranger)]);
    expect(answered(await h.route(tenant, 'post /api/quickbooks/disconnect', {}), 200)).toEqual({ disconnected: true });
  });
});
