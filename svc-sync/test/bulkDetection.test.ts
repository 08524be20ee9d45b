import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RouteInput } from '@printpool/contracts';
import { isBulkDocNumber } from '@printpool/domain';
import { answered, newTenant, offContract, startHarness, type Harness } from './support.js';

describe('POST /api/quickbooks/test-bulk-detection', () => {
  let h: Harness;
  let realmId: string;
  const tenant = newTenant('detect');

  /** What the markers make bulk in the QuickBooks company itself. */
  const inQuickbooks = (entity: 'PurchaseOrder' | 'Estimate', marker: string) =>
    h.sandbox.store.realm(realmId)!.tables[entity].byId.filter(({ data }) => isBulkDocNumber(data.DocNumber as string, marker)).length;
  const detect = (tenantId: string, body: RouteInput<'post /api/quickbooks/test-bulk-detection'>['body']) =>
    h.route(tenantId, 'post /api/quickbooks/test-bulk-detection', { body });

  beforeAll(async () => {
    h = await startHarness({ sandbox: { companies: [{ seed: 21, scale: 2, companyName: 'Detection Print Co' }] } });
    realmId = h.sandbox.admin.companies()[0]!.realmId;
    await h.connect(tenant);
    // Numbers as brokers type them: lower case, padded, and a prefix marker.
    h.sandbox.admin.create(realmId, 'PurchaseOrder', copyNumbered('PurchaseOrder', ' bulk-9001 '));
    h.sandbox.admin.create(realmId, 'Estimate', copyNumbered('Estimate', 'BULK-9002'));
    h.sandbox.admin.create(realmId, 'Estimate', copyNumbered('Estimate', '9003-bulk'));
    expect(answered(await h.route(tenant, 'post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } }), 200).status).toBe('completed');
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
    const detected = answered(await detect(tenant, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' }), 200);
    expect(detected).toEqual({ bulkPOsDetected: inQuickbooks('PurchaseOrder', '-BL'), bulkEstimatesDetected: inQuickbooks('Estimate', '-BL') });
    expect(detected.bulkPOsDetected).toBeGreaterThan(0);
    expect(detected.bulkEstimatesDetected).toBeGreaterThan(0);
  });

  it('reads a prefix marker as a prefix and ignores case and padding', async () => {
    expect(answered(await detect(tenant, { bulkPoSuffix: 'BULK-', bulkEstimateSuffix: 'bulk-' }), 200)).toEqual({
      bulkPOsDetected: 1,
      bulkEstimatesDetected: 1,
    });
  });

  it('counts only the calling tenant’s mirror', async () => {
    const other = newTenant('detect-other');
    await h.connect(other, realmId);
    expect(answered(await detect(other, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' }), 200)).toEqual({ bulkPOsDetected: 0, bulkEstimatesDetected: 0 });
  });

  it('names a missing suffix as the settings form does', async () => {
    const noPo = answered(await detect(tenant, { bulkPoSuffix: ' ', bulkEstimateSuffix: '-BL' }), 400);
    expect(noPo.message).toBe('bulkPoSuffix: Purchase Order suffix is required');
    const noEstimate = answered(await detect(tenant, offContract({ bulkPoSuffix: '-BL' })), 400);
    expect(noEstimate.message).toBe('bulkEstimateSuffix: Estimate suffix is required');
  });

  it('answers 409 to a tenant that never connected', async () => {
    const refused = answered(await detect(newTenant('detect-never'), { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' }), 409);
    expect(refused.message).toBe('Not connected to QuickBooks');
  });
});
