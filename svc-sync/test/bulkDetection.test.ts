import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isBulkDocNumber } from '@printpool/domain';
import { newTenant, startHarness, type Harness } from './support.js';

describe('POST /api/quickbooks/test-bulk-detection', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('detect');

  /** What the markers make bulk in the QuickBooks company itself. */
  const inQuickbooks = (entity: 'PurchaseOrder' | 'Estimate', marker: string) =>
    h.sandbox.store.realm(realmId)!.tables[entity].byId.filter(({ data }) => isBulkDocNumber(data.DocNumber as string, marker)).length;
  const detect = (tenantId: string, body: unknown) => h.call(tenantId, 'POST', '/api/quickbooks/test-bulk-detection', body);

  beforeAll(async () => {
    h = await startHarness({ sandbox: { companies: [{ seed: 21, scale: 2, companyName: 'Detection Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    // Numbers as brokers type them: lower case, padded, and a prefix marker.
    h.sandbox.admin.create(realmId, 'PurchaseOrder', copyNumbered('PurchaseOrder', ' bulk-9001 '));
    h.sandbox.admin.create(realmId, 'Estimate', copyNumbered('Estimate', 'BULK-9002'));
    h.sandbox.admin.create(realmId, 'Estimate', copyNumbered('Estimate', '9003-bulk'));
    expect((await h.call(tenant, 'POST', '/api/quickbooks/sync?mode=full&wait=true')).body.status).toBe('completed');
  });

  afterAll(async () => {
    await h.stop();
  });

  /** A new document like the company's first one, under another number. */
  function copyNumbered(entity: 'PurchaseOrder' | 'Estimate', DocNumber: string) {
    const { VendorRef, CustomerRef, Line } = h.sandbox.store.realm(realmId)!.tables[entity].byId[0]!.data;
    return { VendorRef, CustomerRef, Line, DocNumber };
  }

  it('counts the mirrored purchase orders and estimates the markers make bulk', async () => {
    const answer = await detect(tenant, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '(555) 12' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ bulkPOsDetected: inQuickbooks('PurchaseOrder', '-BL'), bulkEstimatesDetected: inQuickbooks('Estimate', '-BL') });
    expect(answer.body.bulkPOsDetected).toBeGreaterThan(0);
    expect(answer.body.bulkEstimatesDetected).toBeGreaterThan(0);
  });

  it('reads a prefix marker as a prefix and ignores case and padding', async () => {
    const answer = await detect(tenant, { bulkPoSuffix: 'BULK-', bulkEstimateSuffix: 'bulk-' });
    expect(answer.body).toEqual({ bulkPOsDetected: 1, bulkEstimatesDetected: 1 });
  });

  it('counts only the calling tenant’s mirror', async () => {
    const other = newTenant('detect-other');
    await h.connect(other, realmId);
    expect((await detect(other, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' })).body).toEqual({ bulkPOsDetected: 0, bulkEstimatesDetected: 0 });
  });

  it('names a missing suffix as the settings form does', async () => {
    const noPo = await detect(tenant, { bulkPoSuffix: ' ', bulkEstimateSuffix: '-BL' });
    expect(noPo.status).toBe(400);
    expect(noPo.body.message).toBe('bulkPoSuffix: Purchase Order suffix is required');
    const noEstimate = await detect(tenant, { bulkPoSuffix: '-BL' });
    expect(noEstimate.status).toBe(400);
    expect(noEstimate.body.message).toBe('bulkEstimateSuffix: Estimate suffix is required');
  });

  it('answers 409 to a tenant that never connected', async () => {
    const answer = await detect(newTenant('detect-never'), { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Not connected to QuickBooks');
  });
});
