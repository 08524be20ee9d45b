/// <reference types="node" />
import { afterEach, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder } from '../testing/salesOrderFixtures.js';
import { SalesOrdersPage } from './SalesOrdersPage.js';

const cancelled = salesOrder({ id: 1, soNumber: 'EST-1001-BL', status: 'cancelled', totalAmount: '1250.00', qbId: '145' });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
afterEach(cleanup);

const listCalls = () => api.requests.filter((r) => r.path.startsWith('/api/sales-orders?')).map((r) => r.path);

it('opens on the view its address names and asks the server for exactly that', async () => {
  routes['/api/sales-orders?status=cancelled&customer=harbor&sort=-totalAmount&limit=25&offset=0'] = listRoute([cancelled], 1);
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders?status=cancelled&customer=harbor&sort=-totalAmount&pageSize=25');
  expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Filter by customer' }) as HTMLInputElement).value).toBe('harbor');
  expect(screen.getByTitle('Cancelled')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: /Total Amount/ }).getAttribute('aria-sort')).toBe('descending');
  expect(screen.getByTitle('25 / page')).toBeTruthy();
});

it("opens on the orders in conflict with QuickBooks, as the dashboard's notice links to it", async () => {
  const conflict = salesOrder({
    id: 2,
    soNumber: 'EST-1002-BL',
    syncStatus: 'conflict',
    syncError: 'Line 8 quantity: PrintPool 120, QuickBooks 90',
    qbId: '146',
  });
  routes['/api/sales-orders?syncStatus=conflict&limit=10&offset=0'] = listRoute([conflict], 1);
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders?syncStatus=conflict');
  expect(await screen.findByText('EST-1002-BL')).toBeTruthy();
  expect(screen.getByTitle('Conflict')).toBeTruthy();
  expect(listCalls()).toEqual(['/api/sales-orders?syncStatus=conflict&limit=10&offset=0']);
});

it('sorts on the server by the column clicked, then the other way', async () => {
  routes['/api/sales-orders?limit=10&offset=0'] = listRoute([cancelled]);
  routes['/api/sales-orders?sort=soNumber&limit=10&offset=0'] = listRoute([cancelled]);
  routes['/api/sales-orders?sort=-soNumber&limit=10&offset=0'] = listRoute([cancelled]);
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders');
  expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
  const header = () => screen.getByRole('columnheader', { name: /SO Number/ });
  fireEvent.click(header());
  await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
  fireEvent.click(header());
  await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('descending'));
  await waitFor(() => expect(listCalls()).toContain('/api/sales-orders?sort=-soNumber&limit=10&offset=0'));
  expect(listCalls()).toEqual([
    '/api/sales-orders?limit=10&offset=0',
    '/api/sales-orders?sort=soNumber&limit=10&offset=0',
    '/api/sales-orders?sort=-soNumber&limit=10&offset=0',
  ]);
});

it('exports every order the filters select, names the file as the server does, and says how many', async () => {
  routes['/api/sales-orders?status=cancelled&limit=10&offset=0'] = listRoute([cancelled], 2);
  routes['/api/sales-orders/export.csv?status=cancelled'] = {
    status: 200,
    body: '\uFEFFSO Number,Customer\r\nEST-1001-BL,Harbor Dental\r\nEST-1002-BL,"Bayview, Clinic"\r\n',
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="sales-orders-2026-11-26.csv"' },
  };
  // jsdom has no object URLs and does not follow a clicked download link: both are watched here.
  const saved: string[] = [];
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:sales-orders');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  try {
    renderWithPlatform(<SalesOrdersPage />, '/sales-orders?status=cancelled');
    expect(await screen.findByText('EST-1001-BL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('2 sales orders exported.')).toBeTruthy();
    expect(saved).toEqual(['sales-orders-2026-11-26.csv']);
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('"Bayview, Clinic"');
  } finally {
    click.mockRestore();
  }
});

it('says why an export failed, in the server’s words', async () => {
  routes['/api/sales-orders?from=2026-03-01&to=2026-02-01&limit=10&offset=0'] = listRoute([]);
  routes['/api/sales-orders/export.csv?from=2026-03-01&to=2026-02-01'] = { status: 400, body: '{"message":"to: must not be before from"}' };
  renderWithPlatform(<SalesOrdersPage />, '/sales-orders?from=2026-03-01&to=2026-02-01');
  fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
  expect(await screen.findByText('to: must not be before from')).toBeTruthy();
});
