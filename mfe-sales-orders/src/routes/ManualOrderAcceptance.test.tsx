/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, openRowActions, serveApiDuringTests } from '@printpool/platform/testing';
import { ACCEPT_FIRST, NO_COVERING_PO } from '@printpool/domain';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { SalesOrdersPage } from './SalesOrdersPage.js';

// docs/product.md §4: a manual order is accepted here; until then its pull ticket waits, saying why.
const manual = salesOrder({
  id: 5,
  soNumber: 'SO-5005',
  customerName: 'Lakeside Realty',
  status: 'active',
  bulkPoId: 7,
  bulkPoNumber: 'PO-7001-BL',
  syncStatus: 'pending',
  version: 'v-seen',
  items: [salesOrderItem({ itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 400, unitPrice: 0.5 })],
});
const uncovered = salesOrder({ id: 6, soNumber: 'SO-5006', status: 'pending', allocationNote: NO_COVERING_PO });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/sales-orders?limit=10&offset=0'] = listRoute([manual, uncovered]);
  routes['/api/sales-orders/5/accept'] = { status: 200, body: JSON.stringify({ ...manual, status: 'processing', version: 'v-accepted' }) };
});
afterEach(cleanup);

const posts = () => api.requests.filter((r) => r.method !== 'GET');

async function hoverFor(action: HTMLElement, reason: string) {
  expect(action.closest('li')?.getAttribute('aria-disabled')).toBe('true');
  fireEvent.mouseEnter(action);
  expect(await screen.findByText(reason)).toBeTruthy();
}

it('accepts a manual order on the version the broker saw, after saying what it does; its pull ticket waits until then', async () => {
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('SO-5005')).getByText('Accept order'));
  const dialog = await screen.findByRole('dialog', { name: 'Accept Sales Order - SO-5005' }, { timeout: 10_000 });
  expect(dialog.textContent).toContain('Lakeside Realty accepted this order. It becomes processing, drawn from bulk PO PO-7001-BL');
  expect(dialog.textContent).toContain('Sync to QuickBooks then creates its estimate as Accepted.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Accept order' }));

  expect(await screen.findByText('Sales order accepted: it can now be released on pull tickets')).toBeTruthy();
  expect(posts()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/sales-orders/5/accept' })]);
  expect(posts()[0]!.ifMatch).toBe('"v-seen"');
  cleanup();

  // Until it is accepted, the ticket is refused by the server, so the action says so.
  renderWithPlatform(<SalesOrdersPage />);
  await hoverFor(within(await openRowActions('SO-5005')).getByText('Create Pull Ticket'), ACCEPT_FIRST);
});

it('shows the server refusing, and disables Accept order, saying why, on an order no bulk PO covers', async () => {
  routes['/api/sales-orders/5/accept'] = {
    status: 409,
    body: JSON.stringify({
      message: 'Someone changed this sales order since you opened it',
      code: 'VERSION_CONFLICT',
      details: { current: manual, differences: [] },
    }),
  };
  renderWithPlatform(<SalesOrdersPage />);
  fireEvent.click(within(await openRowActions('SO-5005')).getByText('Accept order'));
  const dialog = await screen.findByRole('dialog', { name: 'Accept Sales Order - SO-5005' }, { timeout: 10_000 });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Accept order' }));
  expect(within(await screen.findByTestId('toast')).getByText('Someone changed this sales order since you opened it')).toBeTruthy();
  expect(screen.getByRole('dialog', { name: 'Accept Sales Order - SO-5005' })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  const menu = await openRowActions('SO-5006');
  const accept = within(menu).getByText('Accept order');
  await hoverFor(accept, NO_COVERING_PO);
  fireEvent.click(accept);
  expect(screen.queryByRole('dialog', { name: 'Accept Sales Order - SO-5006' })).toBeNull();
  expect(posts()).toHaveLength(1);
});
