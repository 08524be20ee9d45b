/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { HistoryEntry } from '@printpool/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { purchaseOrders } from '../../testing/purchaseOrderFixtures.js';
import { PurchaseOrderDetailsDialog } from './PurchaseOrderDetailsDialog.js';

afterEach(cleanup);

const order = purchaseOrders[0]!;
const closed: HistoryEntry = {
  id: 5,
  at: '2025-03-04T08:15:00.000Z',
  memberId: 'user-bob',
  by: 'Bob Editor',
  action: 'Status changed',
  about: null,
  changes: [{ field: 'Status', before: 'open', after: 'closed' }],
};
const imported: HistoryEntry = { ...closed, id: 1, at: '2025-03-01T08:00:00.000Z', memberId: null, by: 'QuickBooks sync', action: 'Imported from QuickBooks' };
const routes: Record<string, Route> = {
  [`/api/purchase-orders/${order.id}/history`]: { status: 200, body: JSON.stringify([closed, imported]) },
  [`/api/email-logs?referenceType=PO&referenceId=${order.id}&limit=500`]: { status: 200, body: '[]' },
};
serveApiDuringTests(routes);

it("shows the member's status change and the sync that brought the PO under History, newest first", async () => {
  renderWithPlatform(<PurchaseOrderDetailsDialog order={order} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: `Purchase Order Details - ${order.poNumber}` });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
  const history = await within(dialog).findByRole('region', { name: 'History' });
  const actions = within(history)
    .getAllByText(/^(Status changed|Imported from QuickBooks)$/)
    .map((node) => node.textContent);
  expect(actions).toEqual(['Status changed', 'Imported from QuickBooks']);
  expect(within(history).getByText('Bob Editor')).toBeTruthy();
  expect(within(history).getByText('QuickBooks sync')).toBeTruthy();
  expect(within(history).getByText(new Date(closed.at).toLocaleString('en-US'))).toBeTruthy();
});
