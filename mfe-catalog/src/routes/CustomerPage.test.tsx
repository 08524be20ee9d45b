/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { CustomerInventory, CustomerStockItem } from '@printpool/contracts';
import { Route as RouterRoute, Routes } from '@printpool/platform';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import CatalogRoutes from './index.js';

afterEach(cleanup);

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
const envelopes: CustomerStockItem = {
  itemId: '7',
  itemName: 'Envelopes #10',
  atVendor: 4_000,
  allocated: 1_000,
  remaining: 3_000,
  releasedByMonth: months.map((month, index) => ({ month, released: index < 8 ? 0 : 2_500 })),
  releasedThisMonth: 400,
  averageMonthlyUsage: 2_500,
  monthsOfSupply: 1.6,
  runOutOn: '2027-01-14',
  programs: [{ purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2027-01-10', daysLeft: 44, atVendor: 4_000, remaining: 3_000 }],
  reorderPoint: { units: null, months: 2, source: 'default', version: 'p1' },
  atOrBelowReorderPoint: true,
};
const stock: CustomerInventory = { customerId: 12, customerName: 'Harbor Dental', asOf: '2026-11-27', items: [envelopes] };

/** The catalog as the shell mounts it below /customers. */
const atCustomers = (address: string) =>
  renderWithPlatform(
    <Routes>
      <RouterRoute path="customers/*" element={<CatalogRoutes />} />
    </Routes>,
    address,
  );

it("shows a customer's stock: what is at the vendor, how fast it goes, when it runs out and which program holds it", async () => {
  routes['/api/customers/12/inventory'] = { status: 200, body: JSON.stringify(stock) };
  atCustomers('/customers/12');

  expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Stock', selected: true })).toBeTruthy();
  const card = await screen.findByRole('group', { name: 'Envelopes #10' });
  expect(within(card).getByText('At reorder point')).toBeTruthy();
  const figure = (name: string) => within(within(card).getByRole('group', { name })).getByTestId('stat-value').textContent;
  expect([figure('At Vendor'), figure('Allocated'), figure('Monthly Usage'), figure('Months of Supply'), figure('Runs Out')]).toEqual([
    '4,000',
    '1,000',
    '2,500',
    '1.6',
    'Jan 14, 2027',
  ]);
  const chart = within(card).getByRole('img', { name: /^Units shipped per month of Envelopes #10/ });
  expect(chart.getAttribute('aria-label')).toContain('November 2025: 0');
  expect(chart.getAttribute('aria-label')).toContain('October 2026: 2,500');
  expect(within(card).getByText('400 shipped this month.')).toBeTruthy();
  const programs = within(card).getByRole('region', { name: 'Programs holding Envelopes #10' });
  expect(within(programs).getByRole('link', { name: 'PO-1001-BL' }).getAttribute('href')).toBe('/purchase-orders/3/program');
  expect(within(programs).getByText('Jan 10, 2027 (44 days left)')).toBeTruthy();
});

it('sets when to reorder an item, in units, on the version read', async () => {
  routes['/api/customers/12/inventory'] = { status: 200, body: JSON.stringify(stock) };
  const saved = { ...envelopes, reorderPoint: { units: 5_000, months: null, source: 'customer', version: 'p2' } };
  routes['/api/customers/12/inventory/7/reorder-point'] = { status: 200, body: JSON.stringify(saved) };
  atCustomers('/customers/12');

  const point = await screen.findByRole('group', { name: 'Reorder point of Envelopes #10' });
  expect(within(point).getByText('Reorder at 2 months of supply (the default).')).toBeTruthy();
  fireEvent.mouseDown(within(point).getByRole('combobox', { name: 'Reorder point in' }));
  fireEvent.click(await screen.findByTitle('units'));
  fireEvent.change(within(point).getByRole('spinbutton', { name: 'Reorder at, units' }), { target: { value: '5000' } });
  fireEvent.click(within(point).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Reorder point saved')).toBeTruthy();
  await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
  const [put] = api.requests.filter((request) => request.method === 'PUT');
  expect(put).toMatchObject({ path: '/api/customers/12/inventory/7/reorder-point', ifMatch: '"p1"' });
  expect(JSON.parse(put!.body)).toEqual({ units: 5_000 });
});

it('says so when nothing is held for the customer, and is a page not found for an address naming no customer', async () => {
  routes['/api/customers/13/inventory'] = { status: 200, body: JSON.stringify({ ...stock, customerId: 13, items: [] }) };
  atCustomers('/customers/13');
  expect(await screen.findByText('No stock held for this customer')).toBeTruthy();
  cleanup();

  routes['/api/customers/14/inventory'] = { status: 404, body: JSON.stringify({ message: 'Customer not found' }) };
  atCustomers('/customers/14');
  expect(await screen.findByText(/not found/i)).toBeTruthy();
});
