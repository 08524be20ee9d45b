/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import type { HistoryEntry } from '@printpool/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { program, purchaseOrders } from '../../testing/purchaseOrderFixtures.js';
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
  [`/api/purchase-orders/${order.id}/program`]: { status: 200, body: JSON.stringify(program) },
};
const api = serveApiDuringTests(routes);

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

// The program form filled through antd's fields: on a loaded machine this outlasts the preset's 30 s.
const HEAVY_FORM_MS = 120_000;

it(
  'shows a save of the program under History once staff saved it, with each term it changed',
  async () => {
    renderWithPlatform(<PurchaseOrderDetailsDialog order={order} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: `Purchase Order Details - ${order.poNumber}` });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    const history = await within(dialog).findByRole('region', { name: 'History' });
    await within(history).findByText('Status changed');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Details' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit program' }));
    fireEvent.change(within(dialog).getByLabelText('Minimum Release Quantity'), { target: { value: '3000' } });
    const saved: HistoryEntry = {
      ...closed,
      id: 9,
      at: '2025-03-05T09:00:00.000Z',
      action: 'Program terms saved',
      changes: [
        { field: 'Terms from', before: "Vendor's defaults", after: 'Terms of this PO' },
        { field: 'Minimum release', before: '500', after: '3,000' },
      ],
    };
    routes[`/api/purchase-orders/${order.id}/history`] = { status: 200, body: JSON.stringify([saved, closed, imported]) };
    routes[`/api/purchase-orders/${order.id}/program`] = {
      status: 200,
      body: JSON.stringify({ ...program, minReleaseQuantity: 3000, source: 'purchase-order', version: 'v2' }),
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Program saved')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(await within(history).findByText('Program terms saved')).toBeTruthy();
    expect(history.textContent).toContain('Minimum release: 500 → 3,000');
    expect(history.textContent).toContain("Terms from: Vendor's defaults → Terms of this PO");
  },
  HEAVY_FORM_MS,
);
