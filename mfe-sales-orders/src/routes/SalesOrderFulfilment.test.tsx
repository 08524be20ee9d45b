/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, openRowActions, serveApiDuringTests } from '@printpool/platform/testing';
import { coveringBulkPurchaseOrdersPath } from '../api/openBulkPurchaseOrders.js';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { SalesOrdersPage } from './SalesOrdersPage.js';

// As svc-inventory answers: an accepted order whose ticket shipped, one with no bulk PO, and a synced active one.
const shipped = salesOrder({
  id: 1,
  soNumber: 'EST-1001-BL',
  status: 'processing',
  totalAmount: '1250.00',
  syncStatus: 'synced',
  qbId: '145',
  bulkPoId: 7,
  bulkPoNumber: 'PO-7001-BL',
  // Its ticket shipped 200 of the 500 postcards: 300 are left to release.
  items: [salesOrderItem({ itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 2.5, releasedQuantity: 200, shippedQuantity: 200 })],
  unreleasedQuantity: 300,
  fulfilment: {
    pullTicketId: 31,
    ptNumber: 'PT-000031',
    status: 'shipped',
    shippedAt: '2026-03-05T15:00:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    ticketCount: 1,
  },
});
const noBulkPo = {
  ...shipped,
  id: 2,
  soNumber: 'EST-1002-BL',
  bulkPoId: null,
  bulkPoNumber: null,
  fulfilment: null,
  items: [salesOrderItem({ itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 250, unitPrice: 0.2 })],
};
const synced = { ...shipped, id: 3, soNumber: 'EST-1003-BL', status: 'active', fulfilment: null };

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/sales-orders?limit=10&offset=0'] = listRoute([shipped, noBulkPo, synced]);
  routes['/api/sales-orders/1/create-pull-ticket'] = { status: 201, body: '{"id":32,"ptNumber":"PT-000032"}' };
  routes['/api/sales-orders/3/reject-estimate'] = { status: 200, body: '{"syncStatus":"synced","syncError":null,"qbId":"145"}' };
  routes['/api/sales-orders/3'] = { status: 204 };
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const posts = () => api.requests.filter((r) => r.method !== 'GET');

it('offers View Pull Ticket once the order has one, and opens the ticket on the Pull Tickets page', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  const menu = await openRowActions('EST-1001-BL');
  expect(within(menu).queryByText('Create Pull Ticket')).toBeNull();
  fireEvent.click(within(menu).getByText('View Pull Ticket'));
  expect(window.location.pathname + window.location.search).toBe('/pull-tickets?search=PT-000031');
  expect(posts()).toEqual([]);
});

it('makes a second ticket only through the confirmed Create another, naming the ticket the order has', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('EST-1001-BL')).getByText('Create another pull ticket'));
  const dialog = await screen.findByRole('dialog', { name: 'Create another pull ticket - EST-1001-BL' });
  expect(dialog.textContent).toContain('This order already has pull ticket PT-000031 (shipped, shipped 3/5/2026)');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posts()).toEqual([]);

  fireEvent.click(within(await openRowActions('EST-1001-BL')).getByText('Create another pull ticket'));
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: 'Create another pull ticket - EST-1001-BL' })).getByRole('button', { name: 'Create another' }),
  );
  expect(await screen.findByText('Pull ticket created successfully')).toBeTruthy();
  expect(posts()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/sales-orders/1/create-pull-ticket', body: '{"force":true}' })]);
});

it('releases only the quantity the broker enters, and shows per item what was released, shipped and is left', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('EST-1001-BL')).getByText('View Details'));
  const releases = within(await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1001-BL' })).getByRole('region', { name: 'Releases' });
  expect(within(releases).getAllByRole('row')[1]?.textContent).toBe('Postcard 4x6500200200300');
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  fireEvent.click(within(await openRowActions('EST-1001-BL')).getByText('Create another pull ticket'));
  const dialog = await screen.findByRole('dialog', { name: 'Create another pull ticket - EST-1001-BL' });
  const releaseNow = within(dialog).getByLabelText('Release now of Postcard 4x6');
  expect((releaseNow as HTMLInputElement).value).toBe('300');
  fireEvent.change(releaseNow, { target: { value: '0' } });
  expect(await within(dialog).findByText('Release at least one unit')).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'Create another' }).hasAttribute('disabled')).toBe(true);
  fireEvent.change(releaseNow, { target: { value: '120' } });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create another' }).hasAttribute('disabled')).toBe(false));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create another' }));
  expect(await screen.findByText('Pull ticket created successfully')).toBeTruthy();
  expect(posts()).toEqual([
    expect.objectContaining({ path: '/api/sales-orders/1/create-pull-ticket', body: '{"force":true,"lines":[{"itemId":"I-1","quantity":120}]}' }),
  ]);
});

it('asks for the covering bulk PO of an order without one, and makes the ticket from the one chosen', async () => {
  // PO-8 holds 10 of the 250 the order needs: the server offers only PO-9.
  const po9 = { id: 9, poNumber: 'PO-9-BL', vendorName: 'Pinnacle Press', status: 'open', quantityRemaining: 900 };
  routes[coveringBulkPurchaseOrdersPath({ need: 'I-1:250' })] = listRoute([po9]);
  routes[coveringBulkPurchaseOrdersPath({ need: 'I-1:250', purchaseOrderId: 9 })] = listRoute([po9]);
  routes['/api/sales-orders/2/create-pull-ticket'] = { status: 201, body: '{"id":33,"ptNumber":"PT-000033"}' };
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('EST-1002-BL')).getByText('Create Pull Ticket'));
  const dialog = await screen.findByRole('dialog', { name: 'Create Pull Ticket - EST-1002-BL' });
  expect(dialog.textContent).toContain('Choose the bulk purchase order that covers this order before creating its pull ticket.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));
  expect(await within(dialog).findByText('Bulk Purchase Order with sufficient inventory is required when status is Active')).toBeTruthy();
  expect(posts()).toEqual([]);

  fireEvent.mouseDown(within(dialog).getByLabelText('Bulk Purchase Order'));
  fireEvent.click(await screen.findByText('PO-9-BL — Pinnacle Press (900 remaining)'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));
  expect(await screen.findByText('Pull ticket created successfully')).toBeTruthy();
  expect(posts()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/sales-orders/2/create-pull-ticket', body: '{"bulkPoId":9}' })]);
});

it('disables Create Pull Ticket, saying why, on an accepted order no bulk PO covers', async () => {
  routes['/api/sales-orders?limit=10&offset=0'] = listRoute([
    { ...noBulkPo, allocationNote: 'No bulk purchase orders with sufficient inventory for these items' },
  ]);
  renderWithPlatform(<SalesOrdersPage />);
  const action = within(await openRowActions('EST-1002-BL')).getByText('Create Pull Ticket');
  expect(action.closest('li')?.getAttribute('aria-disabled')).toBe('true');
  fireEvent.mouseEnter(action);
  expect(await screen.findByText('No bulk purchase orders with sufficient inventory for these items')).toBeTruthy();
  fireEvent.click(action);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(posts()).toEqual([]);
});

it('shows the fulfilment on the order: its bulk PO, its ticket linked, the shipped date, carrier and tracking number', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('EST-1001-BL')).getByText('View Details'));
  const card = within(await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1001-BL' })).getByRole('group', { name: 'Fulfilment' });
  expect(card.textContent).toContain('Bulk PO: PO-7001-BL');
  expect(card.textContent).toContain('Ticket Status: shipped');
  expect(card.textContent).toContain('Shipped: 3/5/2026');
  expect(card.textContent).toContain('Tracking Number: 1Z999AA10123456784');
  expect(within(card).getByRole('link', { name: 'PT-000031' }).getAttribute('href')).toBe('/pull-tickets?search=PT-000031');
  fireEvent.click(within(card).getByRole('link', { name: 'PO-7001-BL' }));
  expect(window.location.pathname + window.location.search).toBe('/purchase-orders?search=PO-7001-BL');
});

it('opens on the order its address names, as a pull ticket links to it, and searches as the broker types', async () => {
  routes['/api/sales-orders?search=EST-1001-BL&limit=10&offset=0'] = listRoute([shipped]);
  routes['/api/sales-orders?search=EST-1003&limit=10&offset=0'] = listRoute([synced]);
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders?search=EST-1001-BL');
  const search = (await screen.findByRole('searchbox', { name: 'Search sales orders' })) as HTMLInputElement;
  expect(search.value).toBe('EST-1001-BL');
  expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
  expect(screen.queryByText('EST-1002-BL')).toBeNull();
  fireEvent.change(search, { target: { value: 'EST-1003' } });
  expect(await screen.findByText('EST-1003-BL')).toBeTruthy();
  expect(screen.queryByText('EST-1001-BL')).toBeNull();
});

it('deleting a synced order says the estimate stays in QuickBooks and offers to mark it Rejected there instead', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('EST-1003-BL')).getByText('Delete'));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Sales Order - EST-1003-BL' });
  expect(dialog.textContent).toContain('Are you sure you want to delete this sales order?');
  expect(dialog.textContent).toContain('its estimate stays in QuickBooks, and the order comes back the next time the estimate changes there');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Rejected in QuickBooks' }));
  expect(await screen.findByText('Estimate marked Rejected in QuickBooks; the order is cancelled')).toBeTruthy();
  expect(posts()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/sales-orders/3/reject-estimate' })]);

  fireEvent.click(within(await openRowActions('EST-1003-BL')).getByText('Delete'));
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: 'Delete Sales Order - EST-1003-BL' })).getByRole('button', { name: 'Delete from PrintPool only' }),
  );
  expect(await screen.findByText('Sales order deleted successfully')).toBeTruthy();
  expect(posts().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/sales-orders/3/reject-estimate', 'DELETE /api/sales-orders/3']);
});
