import { randomUUID } from 'node:crypto';
import { INVENTORY_ROUTES } from '@printpool/contracts';
import { describeRouteAccess } from '@printpool/service-kit/testing';
import { pendingTicket, seedCatalog } from './support/pullTicketFixtures.js';
import { startInventory } from './support/service.js';

// The company's records: the catalog and bulk PO PO-7001-BL (seedCatalog), and an accepted order with its pending ticket.
describeRouteAccess('svc-inventory', INVENTORY_ROUTES, async () => {
  const inv = await startInventory();
  return {
    call: async ({ tenantId, role }, method, path, body, headers = {}) => {
      const api = inv.api(tenantId, undefined, role);
      const json = (body ?? {}) as object;
      const calls = { get: () => api.get(path), delete: () => api.delete(path), put: () => api.put(path, json), post: () => api.post(path, json) };
      if (method === 'patch') throw new Error('svc-inventory serves no PATCH route');
      const answer = await calls[method]().set(headers);
      return { status: answer.status, text: answer.text ?? '' };
    },
    async seed() {
      const tenantId = randomUUID();
      await seedCatalog(inv, tenantId);
      const ticket = await pendingTicket(inv, tenantId);
      const [purchaseOrder] = (await inv.api(tenantId).get('/api/purchase-orders?search=PO-7001-BL').expect(200)).body;
      const { salesOrderId: salesOrder, soNumber } = (await inv.api(tenantId).get(`/api/pull-tickets/${ticket.id}`).expect(200)).body;
      const po = `/api/purchase-orders/${purchaseOrder.id}`;
      const so = `/api/sales-orders/${salesOrder}`;
      const pt = `/api/pull-tickets/${ticket.id}`;
      const vendorDefaults = `/api/vendors/${encodeURIComponent(purchaseOrder.vendorName)}/program-defaults`;
      const [customer] = (await inv.api(tenantId).get('/api/customers?search=Acme').expect(200)).body;
      return {
        tenantId,
        // Its bulk PO, customer, vendor and item, and the order and ticket.
        markers: ['PO-7001-BL', 'Acme Marketing', 'Pinnacle Press', 'Flyer A5', ticket.ptNumber, soNumber],
        paths: {
          'get /api/purchase-orders/:id': po,
          'post /api/purchase-orders/:id/status': `${po}/status`,
          'delete /api/purchase-orders/:id': po,
          'get /api/purchase-orders/:id/history': `${po}/history`,
          'get /api/purchase-orders/:id/program': `${po}/program`,
          'put /api/purchase-orders/:id/program': `${po}/program`,
          'get /api/purchase-orders/:id/receipts': `${po}/receipts`,
          'get /api/purchase-orders/:id/program/summary': `${po}/program/summary`,
          'post /api/purchase-orders/:id/receipts': `${po}/receipts`,
          'post /api/purchase-orders/:id/receipts/:receiptId/resolve': `${po}/receipts/1/resolve`,
          'get /api/purchase-orders/:id/stock-owners': `${po}/stock-owners`,
          'put /api/purchase-orders/:id/stock-owners/:itemId': `${po}/stock-owners/card`,
          'get /api/customers/:id/inventory': `/api/customers/${customer.id}/inventory`,
          'put /api/customers/:id/inventory/:itemId/reorder-point': `/api/customers/${customer.id}/inventory/flyer/reorder-point`,
          'post /api/inventory/alerts/:key/dismiss': `/api/inventory/alerts/reorder.${customer.id}.flyer/dismiss`,
          'get /api/vendors/:vendorName/program-defaults': vendorDefaults,
          'put /api/vendors/:vendorName/program-defaults': vendorDefaults,
          'get /api/sales-orders/:id': so,
          'put /api/sales-orders/:id': so,
          'delete /api/sales-orders/:id': so,
          'post /api/sales-orders/:id/accept': `${so}/accept`,
          'post /api/sales-orders/:id/create-pull-ticket': `${so}/create-pull-ticket`,
          'post /api/sales-orders/:id/confirm-deleted': `${so}/confirm-deleted`,
          'post /api/sales-orders/:id/recreate-estimate': `${so}/recreate-estimate`,
          'get /api/sales-orders/:id/history': `${so}/history`,
          'get /api/pull-tickets/:id': pt,
          'put /api/pull-tickets/:id': pt,
          'delete /api/pull-tickets/:id': pt,
          'post /api/pull-tickets/:id/approve': `${pt}/approve`,
          'post /api/pull-tickets/:id/ship': `${pt}/ship`,
          'get /api/pull-tickets/:id/history': `${pt}/history`,
        },
        bodies: {
          'post /api/purchase-orders/:id/status': { status: 'closed' },
          'put /api/purchase-orders/:id/program': { releaseCharge: '25.00' },
          'post /api/purchase-orders/:id/receipts': { receivedOn: '2026-11-20', lines: [{ itemId: 'flyer', quantityReceived: 100_000 }] },
          'post /api/purchase-orders/:id/receipts/:receiptId/resolve': { resolution: 'accepted' },
          'put /api/vendors/:vendorName/program-defaults': { termMonths: 18 },
          'put /api/customers/:id/inventory/:itemId/reorder-point': { units: 10 },
          'put /api/purchase-orders/:id/stock-owners/:itemId': { customerId: customer.id },
          'put /api/sales-orders/:id': { customerName: 'Acme Marketing', status: 'active', items: [{ itemId: 'flyer', itemName: 'Flyer A5', quantity: 1 }] },
          'put /api/pull-tickets/:id': { notes: 'Rush' },
          'post /api/pull-tickets/:id/approve': { approvalNotes: 'ok' },
          'post /api/pull-tickets/:id/ship': { sendEmail: false },
        },
      };
    },
    close: () => inv.close(),
  };
});
