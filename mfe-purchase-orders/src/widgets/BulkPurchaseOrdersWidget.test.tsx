/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { purchaseOrders } from '../testing/purchaseOrderFixtures.js';
import { BulkPurchaseOrdersWidget } from './BulkPurchaseOrdersWidget.js';

const BULK = '/api/purchase-orders?poType=BULK&limit=100&offset=0';
const bulk = purchaseOrders.filter((po) => po.poType === 'BULK');

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
afterEach(cleanup);

it('asks the server for BULK orders only, closed ones included, and counts them all', async () => {
  routes[BULK] = listRoute(bulk, 120);
  renderWithPlatform(<BulkPurchaseOrdersWidget />);
  expect(await screen.findByText('PO-1001-BL')).toBeTruthy();
  expect(screen.getByText('PO-0900-BL')).toBeTruthy();
  expect(screen.getByTestId('bulk-po-count').textContent).toBe('120');
  expect(api.requests.map((r) => r.path)).toEqual([BULK]);
});

it('says when there are no BULK orders', async () => {
  routes[BULK] = listRoute([]);
  renderWithPlatform(<BulkPurchaseOrdersWidget />);
  expect(await screen.findByText('No BULK purchase orders found')).toBeTruthy();
  expect(screen.queryByTestId('bulk-po-count')).toBeNull();
});
