/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { InventoryAlerts } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { StockAlertsWidget } from './StockAlertsWidget.js';

afterEach(cleanup);

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

const alerts: InventoryAlerts = {
  asOf: '2026-11-27',
  alerts: [
    {
      kind: 'reorder',
      key: 'reorder.12.7',
      customerId: 12,
      customerName: 'Harbor Dental',
      itemId: '7',
      itemName: 'Envelopes #10',
      atVendor: 4_000,
      reorderPoint: { units: null, months: 2 },
      monthsOfSupply: 1.6,
      runOutOn: '2027-01-14',
      estimate: null,
    },
    { kind: 'expiring', key: 'expiring.3', purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2026-12-10', daysLeft: 13, remaining: 2_500 },
    { kind: 'storage', key: 'storage.4', purchaseOrderId: 4, poNumber: 'PO-1002-BL', chargedFrom: '2026-12-01', daysLeft: 4, atVendor: 9_000 },
  ],
};

it('lists what needs the broker, each linking to where it is dealt with, and dismisses one', async () => {
  routes['/api/inventory/alerts'] = { status: 200, body: JSON.stringify(alerts) };
  routes['/api/inventory/alerts/reorder.12.7/dismiss'] = { status: 204, body: '' };
  renderWithPlatform(<StockAlertsWidget />);

  const items = within(await screen.findByRole('list', { name: 'Stock alerts' })).getAllByRole('listitem');
  expect(items.map((item) => item.textContent?.replace('Create reorder estimate', '').replace('Dismiss', ''))).toEqual([
    'ReorderHarbor Dental: Envelopes #10, 4,000 at the vendor, 1.6 months of supply (reorder at 2 months of supply)',
    'Program endsPO-1001-BL ends Dec 10, 2026 (in 13 days), 2,500 units left',
    'StoragePO-1002-BL is charged storage from Dec 1, 2026 (in 4 days), 9,000 units at the vendor',
  ]);
  expect(within(items[0]!).getByRole('link', { name: 'Harbor Dental' }).getAttribute('href')).toBe('/customers/12');
  expect(within(items[1]!).getByRole('link', { name: 'PO-1001-BL' }).getAttribute('href')).toBe('/purchase-orders/3/program');

  // Offered once the member's role has come: until then the card offers only what a viewer may do.
  fireEvent.click(await within(items[0]!).findByRole('button', { name: "Dismiss the alert about Harbor Dental's Envelopes #10" }));
  expect(await screen.findByText('Alert dismissed')).toBeTruthy();
  await waitFor(() =>
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/inventory/alerts/reorder.12.7/dismiss']),
  );
});

it('says nothing needs the broker, and offers a viewer no dismissing', async () => {
  routes['/api/inventory/alerts'] = { status: 200, body: JSON.stringify({ asOf: '2026-11-27', alerts: [] }) };
  renderWithPlatform(<StockAlertsWidget />);
  expect(await screen.findByText('Nothing needs you')).toBeTruthy();
  cleanup();

  routes['/api/inventory/alerts'] = { status: 200, body: JSON.stringify(alerts) };
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  try {
    renderWithPlatform(<StockAlertsWidget />);
    expect(await screen.findByRole('list', { name: 'Stock alerts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create reorder estimate/ })).toBeNull();
  } finally {
    delete routes['/api/auth/user'];
  }
});

it('creates a reorder estimate from a reorder alert, then shows its number in place of the button', async () => {
  const estimate = { qbId: '1877', docNumber: '1077', createdAt: '2026-11-27T15:04:05.000Z', quantity: 25_000, unitPrice: 0.0941 };
  routes['/api/inventory/alerts'] = { status: 200, body: JSON.stringify(alerts) };
  routes['/api/customers/12/inventory/7/reorder-estimate'] = { status: 200, body: JSON.stringify(estimate) };
  renderWithPlatform(<StockAlertsWidget />);

  const [reorder] = within(await screen.findByRole('list', { name: 'Stock alerts' })).getAllByRole('listitem');
  const button = await within(reorder!).findByRole('button', { name: "Create reorder estimate for Harbor Dental's Envelopes #10" });
  expect(button.textContent).toBe('Create reorder estimate');
  // What the alerts answer once QuickBooks created it.
  routes['/api/inventory/alerts'] = {
    status: 200,
    body: JSON.stringify({ ...alerts, alerts: [{ ...alerts.alerts[0]!, estimate }, ...alerts.alerts.slice(1)] }),
  };
  fireEvent.click(button);
  expect(await screen.findByText('Reorder estimate created')).toBeTruthy();
  expect(screen.getByText('Estimate 1077 is in QuickBooks: edit it there before sending it')).toBeTruthy();
  await waitFor(() => expect(within(screen.getAllByRole('listitem')[0]!).getByText('Reorder estimate 1077 created')).toBeTruthy());
  expect(screen.queryByRole('button', { name: /Create reorder estimate/ })).toBeNull();
  expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
    '/api/customers/12/inventory/7/reorder-estimate',
  ]);
});

it("shows QuickBooks' reason when the estimate could not be created, and keeps the button", async () => {
  routes['/api/inventory/alerts'] = { status: 200, body: JSON.stringify(alerts) };
  routes['/api/customers/12/inventory/7/reorder-estimate'] = {
    status: 422,
    body: JSON.stringify({
      message: "No bulk run of Envelopes #10 held Harbor Dental's stock, so there is no quantity to reorder",
      code: 'UNPROCESSABLE',
      details: { field: 'quantity' },
    }),
  };
  renderWithPlatform(<StockAlertsWidget />);
  fireEvent.click(await screen.findByRole('button', { name: "Create reorder estimate for Harbor Dental's Envelopes #10" }));
  expect(await screen.findByText('Could not create the reorder estimate')).toBeTruthy();
  expect(screen.getByText("No bulk run of Envelopes #10 held Harbor Dental's stock, so there is no quantity to reorder")).toBeTruthy();
  expect(screen.getByRole('button', { name: "Create reorder estimate for Harbor Dental's Envelopes #10" })).toBeTruthy();
});
