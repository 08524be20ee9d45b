/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { ProgramSummary } from '@printpool/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { program } from '../testing/purchaseOrderFixtures.js';
import PurchaseOrdersRoutes from './index.js';

afterEach(cleanup);

const routes: Record<string, Route> = {};
serveApiDuringTests(routes);

const summary: ProgramSummary = {
  purchaseOrderId: 1,
  poNumber: 'PO-1001-BL',
  vendorName: 'Acme Print',
  poDate: '2025-01-10',
  asOf: '2025-06-15',
  terms: { ...program, expiresOn: '2025-07-15', releaseCharge: '25.00' },
  daysLeft: 30,
  items: [
    {
      itemId: '7',
      itemName: 'Envelopes #10',
      ordered: 10_000,
      received: 10_450,
      pooled: 10_450,
      allocated: 2_500,
      released: 5_000,
      remaining: 2_950,
      atVendor: 5_450,
    },
  ],
  totals: { ordered: 10_000, received: 10_450, pooled: 10_450, allocated: 2_500, released: 5_000, remaining: 2_950, atVendor: 5_450, remainingPercent: 28.2 },
  releases: { shipped: 2, charges: '50.00' },
  storage: {
    freeUntil: '2025-04-09',
    months: [
      { from: '2025-04-10', units: 10_450, charge: '15.68' },
      { from: '2025-05-10', units: 7_950, charge: '11.93' },
      { from: '2025-06-10', units: 5_450, charge: '8.18' },
    ],
    accrued: '35.79',
    accruedThisMonth: '8.18',
  },
  chargesToDate: '85.79',
  timeline: [
    { kind: 'ordered', date: '2025-01-10', quantity: 10_000, text: 'Ordered 10,000 units', pullTicket: null, salesOrder: null },
    { kind: 'received', date: '2025-02-01', quantity: 10_450, text: 'Received 10,450 units', pullTicket: null, salesOrder: null },
    {
      kind: 'release',
      date: '2025-05-02',
      quantity: 2_500,
      text: 'PT-000004: 2,500 units shipped',
      pullTicket: { id: 4, ptNumber: 'PT-000004', status: 'shipped' },
      salesOrder: { id: 9, soNumber: 'EST-1001-BL' },
    },
    { kind: 'expires', date: '2025-07-15', quantity: null, text: 'The program ends', pullTicket: null, salesOrder: null },
  ],
};

it("shows a program's stock, what it has cost and its run, linking each release to its ticket and order", async () => {
  routes['/api/purchase-orders/1/program/summary'] = { status: 200, body: JSON.stringify(summary) };
  renderWithPlatform(<PurchaseOrdersRoutes />, '/1/program');

  expect(await screen.findByRole('heading', { name: 'Program PO-1001-BL' })).toBeTruthy();
  expect(screen.getByText('Acme Print · ordered Jan 10, 2025 · expires Jul 15, 2025 (30 days left)')).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Remaining' })).getByText('2,950 (28.2%)')).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Charges to Date' })).getByText('$85.79')).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Stock' })).getByText('The run: over by 450; 5,450 units at the vendor.')).toBeTruthy();
  const charges = screen.getByRole('group', { name: 'Charges' });
  expect(within(charges).getByText('Releases: 2 shipped at $25.00 each = $50.00')).toBeTruthy();
  expect(within(charges).getByText('Storage accrued: $35.79 (this month $8.18)')).toBeTruthy();

  const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
  expect(timeline.map((entry) => entry.textContent)).toEqual([
    'Jan 10, 2025POOrdered 10,000 units',
    'Feb 1, 2025ReceiptReceived 10,450 units',
    'May 2, 2025ReleasePT-000004: 2,500 units shipped for EST-1001-BL',
    'Jul 15, 2025ExpiryThe program ends',
  ]);
  expect(within(timeline[2]!).getByRole('link', { name: 'PT-000004: 2,500 units shipped' }).getAttribute('href')).toBe('/pull-tickets?search=PT-000004');
  expect(within(timeline[2]!).getByRole('link', { name: 'EST-1001-BL' }).getAttribute('href')).toBe('/sales-orders?search=EST-1001-BL');
});

it('is a page not found for an address that names no purchase order', async () => {
  renderWithPlatform(<PurchaseOrdersRoutes />, '/abc/program');
  expect(await screen.findByText(/not found/i)).toBeTruthy();
});
