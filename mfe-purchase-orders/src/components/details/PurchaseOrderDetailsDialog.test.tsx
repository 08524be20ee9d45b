/// <reference types="node" />
import { afterEach, expect, it } from '@jest/globals';
import { normalizeLineItems } from '@printpool/domain';
import { cleanup, screen, within } from '@testing-library/react';
import type { PurchaseOrderWithLines } from '../../api/purchaseOrders.js';
import { program, purchaseOrders } from '../../testing/purchaseOrderFixtures.js';
import { renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { PurchaseOrderDetailsDialog } from './PurchaseOrderDetailsDialog.js';

afterEach(cleanup);
serveApiDuringTests({ '/api/purchase-orders/1/program': { status: 200, body: JSON.stringify(program) } });

const order: PurchaseOrderWithLines = {
  ...purchaseOrders[0]!,
  vendorEmail: 'orders@acme.test',
  items: normalizeLineItems([
    { itemName: 'Poly Mailer 10x13', itemId: '31', description: 'White, self-seal', qty: 600, unitPrice: '1.25', qtyRemaining: 150 },
    { itemName: null, itemId: null, description: null, qty: 400, unitPrice: 0.5 },
    { itemName: 'Door Hanger', itemId: '32', description: 'Priced per piece', qty: 2100, unitPrice: 1.1595, qtyRemaining: 2100 },
  ]),
};

function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

it('shows the summary cards, badges and each line with its total and status', async () => {
  renderWithPlatform(<PurchaseOrderDetailsDialog order={order} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Purchase Order Details - PO-1001-BL' });
  expect(within(dialog).getByRole('group', { name: 'Vendor' }).textContent).toContain('orders@acme.test');
  expect(within(dialog).getByRole('group', { name: 'Total Amount' }).textContent).toBe('Total Amount$1,250.00');
  expect(within(dialog).getByRole('group', { name: 'Inventory Status' }).textContent).toContain('200 of 1,000 remaining');
  expect(within(dialog).getByText('Source: QuickBooks')).toBeTruthy();
  expect(within(dialog).getByText('Type: BULK')).toBeTruthy();

  const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
  expect(cellsOf(rows[0]!)).toEqual(['Poly Mailer 10x13ID: 31', 'White, self-seal', '600', '$1.25', '$750.00', '150', 'Low Stock']);
  expect(cellsOf(rows[1]!)).toEqual(['Unknown Item', 'No description available', '400', '$0.50', '$200.00', '400', 'Available']);
  // A per-piece price shows every digit QuickBooks holds; the line total stays in cents.
  expect(cellsOf(rows[2]!)).toEqual(['Door HangerID: 32', 'Priced per piece', '2,100', '$1.1595', '$2,434.95', '2,100', 'Available']);
});

it('says when an order has no lines yet', async () => {
  renderWithPlatform(<PurchaseOrderDetailsDialog order={{ ...order, items: [] }} onClose={() => undefined} />);
  expect(await screen.findByText('No line items found')).toBeTruthy();
  expect(screen.getByText('Items will appear here when synced from QuickBooks')).toBeTruthy();
});

it("shows QuickBooks' ship-to, terms and memo of the purchase order", async () => {
  const shipped = { ...order, shipAddress: 'PrintPool Warehouse, 12 Dock Rd, Austin, TX 78701', terms: 'Net 30', memo: 'Hold at vendor' };
  renderWithPlatform(<PurchaseOrderDetailsDialog order={shipped} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Purchase Order Details - PO-1001-BL' });
  expect(within(dialog).getByRole('group', { name: 'Ship To' }).textContent).toContain('PrintPool Warehouse, 12 Dock Rd, Austin, TX 78701');
  expect(within(dialog).getByRole('group', { name: 'Memo' }).textContent).toContain('Hold at vendor');
  expect(within(dialog).getByRole('group', { name: 'Vendor' }).textContent).toContain('Terms: Net 30');
});

it("shows a bulk PO's program, and none for a standard PO", async () => {
  renderWithPlatform(<PurchaseOrderDetailsDialog order={order} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Purchase Order Details - PO-1001-BL' });
  const programCard = within(dialog).getByRole('group', { name: 'Program' });
  expect(await within(programCard).findByText('Release charge: $25.00')).toBeTruthy();
  cleanup();

  renderWithPlatform(<PurchaseOrderDetailsDialog order={{ ...purchaseOrders[1]!, items: [] }} onClose={() => undefined} />);
  const standard = await screen.findByRole('dialog', { name: 'Purchase Order Details - PO-1002' });
  expect(within(standard).getByRole('group', { name: 'Vendor' })).toBeTruthy();
  expect(within(standard).queryByRole('group', { name: 'Program' })).toBeNull();
});
