/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { HistoryEntry } from '@printpool/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder } from '../testing/salesOrderFixtures.js';
import { SalesOrderDetailsDialog } from './SalesOrderDetailsDialog.js';

afterEach(cleanup);

const order = salesOrder({ id: 12, soNumber: 'EST-1012-BL' });
const edited: HistoryEntry = {
  id: 7,
  at: '2025-03-05T11:20:00.000Z',
  memberId: 'user-bob',
  by: 'Bob Editor',
  action: 'Edited',
  about: null,
  changes: [{ field: 'Customer email', before: 'buyer@acme.test', after: 'events@acme.test' }],
};
const synced: HistoryEntry = {
  id: 4,
  at: '2025-03-03T09:00:00.000Z',
  memberId: null,
  by: 'QuickBooks sync',
  action: 'Imported from QuickBooks',
  about: null,
  changes: [{ field: 'Item Flyer', before: '500 at $0.20', after: '800 at $0.20' }],
};
const approved: HistoryEntry = {
  id: 6,
  at: '2025-03-04T16:00:00.000Z',
  memberId: 'user-ann',
  by: 'Ann Approver',
  action: 'Approved',
  about: 'Pull ticket PT-000001',
  changes: [{ field: 'Status', before: 'sent', after: 'processing' }],
};
const routes: Record<string, Route> = {
  '/api/sales-orders/12/history': { status: 200, body: JSON.stringify([edited, approved, synced]) },
  '/api/email-logs?referenceType=SO&referenceId=12&limit=500': { status: 200, body: '[]' },
};
serveApiDuringTests(routes);

it("shows the member's edit, its ticket's approval and QuickBooks' change under History, each with its fields", async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={order} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1012-BL' });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
  const history = await within(dialog).findByRole('region', { name: 'History' });
  const changes = within(history)
    .getAllByRole('list', { name: 'Changes' })
    .map((list) => list.textContent);
  expect(changes).toEqual(['Customer email: buyer@acme.test → events@acme.test', 'Status: sent → processing', 'Item Flyer: 500 at $0.20 → 800 at $0.20']);
  expect(within(history).getByText('Bob Editor')).toBeTruthy();
  expect(within(history).getByText('Pull ticket PT-000001')).toBeTruthy();
  expect(within(history).getByText('Ann Approver')).toBeTruthy();
  expect(within(history).getByText('QuickBooks sync')).toBeTruthy();
});
