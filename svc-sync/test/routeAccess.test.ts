import { randomUUID } from 'node:crypto';
import { QUICKBOOKS_ROUTES } from '@printpool/contracts';
import { describeRouteAccess } from '@printpool/service-kit/testing';
import { answered, startHarness } from './support.js';

const COMPANY = 'Access Check Printing';

// The company is connected to its QuickBooks company (whose name the status shows) and has a manual sales order.
describeRouteAccess('svc-sync', QUICKBOOKS_ROUTES, async () => {
  const h = await startHarness({ inventory: true, sandbox: { companies: [{ seed: 7, scale: 1, companyName: COMPANY }] } });
  return {
    call: async ({ tenantId, role }, method, path, body) => {
      const answer = await h.callOffContract(tenantId, method.toUpperCase(), path, body, role);
      return { status: answer.status, text: answer.body === undefined ? '' : JSON.stringify(answer.body) };
    },
    async seed() {
      const tenantId = randomUUID();
      await h.connect(tenantId);
      const order = answered(
        await h.inventory!.route(tenantId, 'post /api/sales-orders', {
          body: {
            soNumber: 'SO-ACCESS-1',
            customerName: 'Acme Marketing',
            status: 'pending',
            items: [{ itemId: 'flyer', itemName: 'Flyer', quantity: 10, unitPrice: 0.1 }],
          },
        }),
        201,
      );
      const so = `/api/sales-orders/${order.id}`;
      return {
        tenantId,
        markers: [COMPANY],
        paths: { 'post /api/sales-orders/:id/sync': `${so}/sync`, 'post /api/sales-orders/:id/reject-estimate': `${so}/reject-estimate` },
        bodies: { 'post /api/quickbooks/test-bulk-detection': { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' } },
      };
    },
    close: () => h.stop(),
  };
});
