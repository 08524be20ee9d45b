import { afterEach, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithPlatform } from '../../../libs/platform/test-support/renderWithPlatform.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { SalesOrderDetailsDialog } from './SalesOrderDetailsDialog.js';

afterEach(cleanup);

const order: SalesOrder = {
  id: 8,
  soNumber: 'EST-1008-BL',
  customerName: 'Harbor Dental',
  customerEmail: null,
  status: 'processing',
  items: [
    { lineId: '1', itemId: 'I-9', itemName: 'Door Hanger', quantity: 2100, unitPrice: 1.1595, totalPrice: 2434.95 },
    { lineId: '2', itemId: 'I-4', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.0941, totalPrice: 47.05 },
  ],
  totalAmount: '2482.00',
  createdAt: '2026-03-02T10:00:00.000Z',
};

it('shows each unit price to the digit QuickBooks holds and the line totals in cents', async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={order} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1008-BL' });
  const rows = within(within(dialog).getByRole('table', { name: 'Line items' })).getAllByRole('row').slice(1);
  const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
  expect(cells).toEqual([
    ['I-9', 'Door Hanger', '2,100', '$1.1595', '$2,434.95'],
    ['I-4', 'Postcard 4x6', '500', '$0.0941', '$47.05'],
  ]);
  expect(within(dialog).getByText('$2,482.00')).toBeTruthy();
});
