import { randomUUID } from 'node:crypto';
import { IF_MATCH_HEADER, QUICKBOOKS_ROUTES } from '@printpool/contracts';
import { describeRouteAccess } from '@printpool/service-kit/testing';
import { answered, startHarness } from './support.js';

const COMPANY = 'Access Check Printing';

// The company is connected to its QuickBooks company (whose name the status shows) and has a manual sales order and a received bulk run.
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
      // A bulk run with a receipt of it: its write-back route reaches the receipt, whoever may ask for it.
      const po = answered(
        await h.inventory!.route(tenantId, 'post /api/purchase-orders', {
          body: {
            poNumber: 'PO-ACCESS-1-BL',
            vendorName: 'Access Vendor',
            vendorEmail: 'vendor@example.com',
            addVendor: true,
            items: [{ itemId: 'flyer', itemName: 'Flyer', description: null, quantity: 100, unitPrice: 0.1 }],
          },
        }),
        201,
      );
      const run = answered(await h.inventory!.route(tenantId, 'get /api/purchase-orders/:id/receipts', { params: { id: po.id } }), 200);
      const received = answered(
        await h.inventory!.route(tenantId, 'post /api/purchase-orders/:id/receipts', {
          params: { id: po.id },
          body: { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 100 }] },
          headers: { [IF_MATCH_HEADER]: `"${run.version}"` },
        }),
        201,
      );
      const receiptId = received.receipts[0]!.id;
      // A customer of the company, synced from its QuickBooks company, whose item a reorder estimate names.
      answered(await h.route(tenantId, 'post /api/sync/customers', { query: { wait: 'true' } }), 200);
      await h.inventoryCaughtUp();
      const [customer] = answered(await h.inventory!.route(tenantId, 'get /api/customers', {}), 200);
      return {
        tenantId,
        markers: [COMPANY],
        paths: {
          'post /api/sales-orders/:id/sync': `${so}/sync`,
          'post /api/sales-orders/:id/reject-estimate': `${so}/reject-estimate`,
          'post /api/purchase-orders/:id/receipts/:receiptId/write-back': `/api/purchase-orders/${po.id}/receipts/${receiptId}/write-back`,
          'post /api/customers/:id/inventory/:itemId/reorder-estimate': `/api/customers/${customer!.id}/inventory/flyer/reorder-estimate`,
        },
        bodies: { 'post /api/quickbooks/test-bulk-detection': { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' } },
      };
    },
    close: () => h.stop(),
  };
});
