import { afterEach, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@printpool/platform/testing';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { SalesOrderDetailsDialog } from './SalesOrderDetailsDialog.js';

afterEach(cleanup);

const order = salesOrder({
  id: 8,
  soNumber: 'EST-1008-BL',
  status: 'processing',
  items: [
    salesOrderItem({ lineId: '1', itemId: 'I-9', itemName: 'Door Hanger', quantity: 2100, unitPrice: 1.1595, totalPrice: 2434.95 }),
    salesOrderItem({ lineId: '2', itemId: 'I-4', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.0941, totalPrice: 47.05 }),
  ],
  totalQuantity: 2600,
  totalAmount: '2482.00',
});

it('shows each unit price to the digit QuickBooks holds and the line totals in cents', async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={order} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1008-BL' });
  const rows = within(within(dialog).getByRole('table', { name: 'Line items' }))
    .getAllByRole('row')
    .slice(1);
  const cells = rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
  expect(cells).toEqual([
    ['I-9', 'Door Hanger', '2,100', '$1.1595', '$2,434.95'],
    ['I-4', 'Postcard 4x6', '500', '$0.0941', '$47.05'],
  ]);
  expect(within(dialog).getByText('$2,482.00')).toBeTruthy();
});

// As the API sends an estimate with a QuickBooks bundle (Group item), a discount and tax, in Canadian dollars.
const kit = { lineId: '10', itemId: 'G-1', name: 'Event Kit', quantity: 4 };
const withBundle = {
  ...order,
  soNumber: 'EST-1010-BL',
  items: [
    salesOrderItem({ lineId: '1', itemId: 'I-4', itemName: 'Postcard 4x6', quantity: 500, unitPrice: 0.1 }),
    salesOrderItem({ lineId: '11', itemId: 'I-7', itemName: 'Banner', quantity: 4, unitPrice: 20, bundle: kit }),
    salesOrderItem({ lineId: '12', itemId: 'I-8', itemName: 'Lanyard', quantity: 40, unitPrice: 0.5, bundle: kit }),
  ],
  totalQuantity: 544,
  subtotal: '150.00',
  discount: '15.00',
  tax: '6.75',
  totalAmount: '141.75',
  currency: 'CAD',
};

it('groups the components of a bundle under the bundle the customer bought', async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={withBundle} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1010-BL' });
  const rows = within(within(dialog).getByRole('table', { name: 'Line items' }))
    .getAllByRole('row')
    .slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['I-4', 'Postcard 4x6', '500', '$0.10', 'CA$50.00'],
    ['Event Kit × 4'],
    ['I-7', 'Banner', '4', '$20.00', 'CA$80.00'],
    ['I-8', 'Lanyard', '40', '$0.50', 'CA$20.00'],
  ]);
});

it("shows QuickBooks' subtotal, discount, tax and total, in the order's currency, and they add up", async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={withBundle} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1010-BL' });
  const total = within(dialog).getByRole('group', { name: 'Total Amount' });
  const figure = (name: string) => within(total).getByRole('group', { name }).textContent;
  expect([figure('Subtotal'), figure('Discount'), figure('Tax'), figure('Total')]).toEqual([
    'SubtotalCA$150.00',
    'Discount-CA$15.00',
    'TaxCA$6.75',
    'TotalCA$141.75',
  ]);
  expect(within(total).getByText('Currency: CAD')).toBeTruthy();
  expect(150 - 15 + 6.75).toBe(141.75);
});

it('shows the total alone for an order edited here since its sync (QuickBooks has not recomputed it yet)', async () => {
  renderWithPlatform(<SalesOrderDetailsDialog order={{ ...order, subtotal: null, discount: null, tax: null, currency: null }} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1008-BL' });
  expect(within(dialog).getByRole('group', { name: 'Total Amount' }).textContent).toBe('Total Amount$2,482.00');
});

it("shows QuickBooks' description-only lines among the lines where the estimate has them, and the terms by name", async () => {
  const withText = salesOrder({
    ...order,
    terms: 'Net 15',
    descriptionLines: [
      { lineId: '0', description: 'Spring campaign', afterLineId: null },
      { lineId: '3', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '1' },
    ],
  });
  renderWithPlatform(<SalesOrderDetailsDialog order={withText} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Sales Order Details - EST-1008-BL' });
  const rows = within(within(dialog).getByRole('table', { name: 'Line items' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Spring campaign', 'I-9', 'PROOF MUST BE APPROVED BEFORE RUN', 'I-4']);
  expect(within(dialog).getByText('Terms: Net 15')).toBeTruthy();
});
