/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { ProgramDashboard } from '@printpool/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { ProgramsWidget } from './ProgramsWidget.js';

const PATH = '/api/dashboard/programs';
const routes: Record<string, Route> = {};
serveApiDuringTests(routes);
afterEach(cleanup);

const answer = (body: ProgramDashboard) => (routes[PATH] = { status: 200, body: JSON.stringify(body) });

it("shows this month's charges and the programs ending soon, each linking to its program page", async () => {
  answer({
    month: '2026-11',
    expiringSoon: [
      { purchaseOrderId: 3, poNumber: 'PO-0900-BL', vendorName: 'Acme Print', expiresOn: '2026-11-20', daysLeft: -8, remaining: 1200, remainingPercent: 12 },
      { purchaseOrderId: 1, poNumber: 'PO-1001-BL', vendorName: 'Acme Print', expiresOn: '2026-12-10', daysLeft: 12, remaining: 2950, remainingPercent: 28.2 },
    ],
    charges: { releases: '50.00', storage: '8.18', total: '58.18' },
  });
  renderWithPlatform(<ProgramsWidget />);
  expect(await screen.findByText('Charges this month: $58.18 (releases $50.00, storage $8.18)')).toBeTruthy();
  const table = screen.getByRole('region', { name: 'Programs ending within 30 days' });
  expect(within(table).getByText('Nov 20, 2026 (ended 8 days ago)')).toBeTruthy();
  expect(within(table).getByText('Dec 10, 2026 (12 days left)')).toBeTruthy();
  expect(within(table).getByText('2,950 (28.2%)')).toBeTruthy();
  expect(within(table).getByRole('link', { name: 'PO-1001-BL' }).getAttribute('href')).toBe('/purchase-orders/1/program');
});

it('says when no program ends within 30 days', async () => {
  answer({ month: '2026-11', expiringSoon: [], charges: { releases: '0.00', storage: '0.00', total: '0.00' } });
  renderWithPlatform(<ProgramsWidget />);
  expect(await screen.findByText('No program ends within 30 days')).toBeTruthy();
  expect(screen.getByText('Charges this month: $0.00 (releases $0.00, storage $0.00)')).toBeTruthy();
});
