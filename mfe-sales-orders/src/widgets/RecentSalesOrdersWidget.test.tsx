/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import type { SalesOrder } from '../api/salesOrders.js';
import { salesOrder } from '../testing/salesOrderFixtures.js';
import { RecentSalesOrdersWidget } from './RecentSalesOrdersWidget.js';

const RECENT = '/api/sales-orders?limit=3&offset=0';
const order = (id: number, soNumber: string, status: SalesOrder['status']) =>
  salesOrder({ id, soNumber, customerName: `Customer ${id}`, status, totalAmount: '1250.00' });

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
afterEach(cleanup);

it('asks the server for the three newest orders only', async () => {
  routes[RECENT] = listRoute([order(3, 'EST-3-BL', 'processing'), order(2, 'EST-2-BL', 'completed'), order(1, 'EST-1-BL', 'active')], 40);
  renderWithPlatform(<RecentSalesOrdersWidget />);
  await screen.findByText('EST-3-BL');
  const items = screen.getAllByRole('listitem');
  expect(items.map((item) => within(item).getByText(/^EST-/).textContent)).toEqual(['EST-3-BL', 'EST-2-BL', 'EST-1-BL']);
  expect(within(items[0]!).getByText('$1,250.00')).toBeTruthy();
  expect(api.requests.map((r) => r.path)).toEqual([RECENT]);
});

it('says when there are no orders', async () => {
  routes[RECENT] = listRoute([]);
  renderWithPlatform(<RecentSalesOrdersWidget />);
  expect(await screen.findByText('No sales orders found')).toBeTruthy();
});

it('shows three orders even when sent more, an active one outlined like any but completed and processing', async () => {
  routes[RECENT] = listRoute([
    order(5, 'EST-5-BL', 'active'),
    order(4, 'EST-4-BL', 'processing'),
    order(3, 'EST-3-BL', 'completed'),
    order(2, 'EST-2-BL', 'pending'),
    order(1, 'EST-1-BL', 'active'),
  ]);
  renderWithPlatform(<RecentSalesOrdersWidget />);
  await screen.findByText('EST-5-BL');
  expect(screen.getAllByRole('listitem')).toHaveLength(3);
  expect(screen.getByText('active').className).toContain('ant-tag-outlined');
  expect(screen.getByText('processing').className).not.toContain('ant-tag-outlined');
});
