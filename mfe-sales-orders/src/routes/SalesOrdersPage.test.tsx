/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, openRowActions, menuItemNames, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { SalesOrdersPage } from './SalesOrdersPage.js';

const accepted = salesOrder({
  id: 1,
  soNumber: 'EST-1001-BL',
  status: 'processing',
  totalAmount: '1250.00',
  syncStatus: 'error',
  syncError: 'Stale object error: the estimate was changed in QuickBooks',
  qbId: '145',
  bulkPoId: 7,
  bulkPoNumber: 'PO-7001-BL',
  items: [salesOrderItem({ itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 2.5, releasedQuantity: 0, shippedQuantity: 0 })],
});
const manual = salesOrder({
  id: 2,
  soNumber: 'SO-2002',
  customerName: 'Lakeside Realty',
  status: 'active',
  totalAmount: '80.5',
  syncStatus: 'syncing',
  qbId: null,
  createdAt: '2026-03-03T10:00:00.000Z',
});
const neverSynced = { ...manual, id: 3, soNumber: 'SO-2003', status: 'processing', syncStatus: null };

const FIRST_PAGE = '/api/sales-orders?limit=10&offset=0';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes[FIRST_PAGE] = listRoute([accepted, manual, neverSynced]);
});
afterEach(cleanup);

it('lists the orders with their sync state, cutting a long sync error at 30 characters', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
  for (const title of ['SO Number', 'Customer', 'Total Amount', 'Status', 'QB Sync', 'Created', 'Actions']) {
    expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
  }
  expect(screen.getByText('$1,250.00')).toBeTruthy();
  expect(screen.getByTestId('sync-error').textContent).toBe('Stale object error: the estima...');
  // All of it when the cut text is focused (or hovered, or tapped on a phone).
  fireEvent.focus(screen.getByTestId('sync-error'));
  expect((await screen.findByRole('tooltip')).textContent).toBe('Stale object error: the estimate was changed in QuickBooks');
  expect(screen.getByText('Not synced')).toBeTruthy();
});

it('asks the server for each page the pager shows, counting every order', async () => {
  const second = '/api/sales-orders?limit=10&offset=10';
  const newer = Array.from({ length: 10 }, (_, i) => ({ ...manual, id: 100 + i, soNumber: `SO-3${String(i).padStart(3, '0')}` }));
  routes[FIRST_PAGE] = listRoute(newer, 12);
  routes[second] = listRoute([accepted, neverSynced], 12);
  renderWithPlatform(<SalesOrdersPage />);
  expect(await screen.findByText('SO-3000')).toBeTruthy();
  expect(screen.getByText('All Sales Orders (12)')).toBeTruthy();
  expect(screen.queryByText('EST-1001-BL')).toBeNull();
  fireEvent.click(screen.getByTitle('2'));
  expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
  expect(screen.queryByText('SO-3000')).toBeNull();
  expect(api.requests.filter((r) => r.path.startsWith('/api/sales-orders?')).map((r) => r.path)).toEqual([FIRST_PAGE, second]);
});

it('offers Create Pull Ticket on an accepted order, from QuickBooks or accepted here', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  const menu = await openRowActions('EST-1001-BL');
  expect(within(menu).getByText('Create Pull Ticket')).toBeTruthy();
  for (const name of ['View Details', 'Edit', 'Generate PDF', 'Email Customer', 'Sync to QuickBooks', 'Delete']) {
    expect(within(menu).getByText(name)).toBeTruthy();
  }
  expect(within(menu).queryByText('Accept order')).toBeNull();
  cleanup();

  renderWithPlatform(<SalesOrdersPage />);
  const manualMenu = await openRowActions('SO-2003');
  expect(within(manualMenu).getByText('Create Pull Ticket').closest('li')?.getAttribute('aria-disabled')).not.toBe('true');
  expect(within(manualMenu).queryByText('Accept order')).toBeNull();
});

it('offers a viewer only what reads: no New Sales Order, only the details and the PDF in the menu', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  try {
    renderWithPlatform(<SalesOrdersPage />);
    const menu = await openRowActions('EST-1001-BL');
    expect(menuItemNames(menu)).toEqual(['View Details', 'Generate PDF']);
    expect(screen.queryByRole('button', { name: /New Sales Order/ })).toBeNull();
  } finally {
    delete routes['/api/auth/user'];
  }
});

it('disables syncing while a sync is in flight', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  const menu = await openRowActions('SO-2002');
  expect(within(menu).getByRole('menuitem', { name: 'Sync to QuickBooks' }).getAttribute('aria-disabled')).toBe('true');
});

it('creates a pull ticket with an empty body and reports a failure gracefully', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  const menu = await openRowActions('EST-1001-BL');
  fireEvent.click(within(menu).getByText('Create Pull Ticket'));
  const dialog = await screen.findByRole('dialog', { name: 'Create Pull Ticket - EST-1001-BL' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pull Ticket' }));
  expect(await screen.findByText('Failed to create pull ticket')).toBeTruthy();
  const call = api.requests.find((r) => r.path === '/api/sales-orders/1/create-pull-ticket');
  expect(call).toMatchObject({ method: 'POST', body: '{}' });
});

it('explains where sales orders come from when there are none', async () => {
  routes[FIRST_PAGE] = listRoute([]);
  renderWithPlatform(<SalesOrdersPage />);
  expect(await screen.findByText('No sales orders found. Sales orders are synced from QuickBooks estimates.')).toBeTruthy();
});
