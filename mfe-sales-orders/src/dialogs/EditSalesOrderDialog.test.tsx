/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DELETED_ORDER_READ_ONLY, ESTIMATE_DELETED_IN_QUICKBOOKS } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests, listRoute } from '@printpool/platform/testing';
import { coveringBulkPurchaseOrdersPath, type CoveringQuery, type OpenBulkPurchaseOrder } from '../api/openBulkPurchaseOrders.js';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { EditSalesOrderDialog } from './EditSalesOrderDialog.js';
import { SALES_ORDER_GONE } from '../domain/deletedOrder.js';

const order = salesOrder({
  id: 5,
  soNumber: 'EST-1005-BL',
  customerEmail: 'office@harbordental.com',
  items: [salesOrderItem({ lineId: '3', itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 100, unitPrice: 0.25, sku: 'PC-46' })],
  totalQuantity: 100,
  totalAmount: '25.00',
});
const bulkPo = (id: number, poNumber: string, quantity: number): OpenBulkPurchaseOrder => ({
  id,
  poNumber,
  vendorName: 'Acme Print',
  status: 'open',
  quantityRemaining: quantity,
});
const po11 = bulkPo(11, 'PO-11-BL', 500);
const po12 = bulkPo(12, 'PO-12-BL', 150);

/** The server's answer to the picker: the bulk POs covering what the lines need. */
const offer = (query: CoveringQuery, pos: OpenBulkPurchaseOrder[]) => {
  routes[coveringBulkPurchaseOrdersPath(query)] = listRoute(pos);
};

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  offer({ need: 'I-1:100' }, [po11, po12]);
  offer({ need: 'I-1:200' }, [po11]);
  offer({ need: 'I-1:1000' }, []);
  offer({ need: 'I-1:120' }, [po11]);
  offer({ need: 'I-1:100', purchaseOrderId: 11 }, [po11]);
  offer({ need: 'I-1:120', purchaseOrderId: 11 }, [po11]);
  routes['/api/sales-orders/5'] = { status: 200, body: '{}' };
});
afterEach(cleanup);

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const savedLines = async () => {
  expect(await screen.findByText('Sales order updated successfully')).toBeTruthy();
  const body = JSON.parse(api.requests.find((r) => r.method === 'PUT')?.body ?? '{}');
  return { body, lines: JSON.parse(body.items) as Record<string, unknown>[] };
};

async function chooseStatus(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Status'));
  fireEvent.click(await screen.findByTitle(label));
}

it('names the dialog after the order and shows its lines with totals', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  expect(await screen.findByRole('dialog', { name: 'Edit Sales Order - EST-1005-BL' })).toBeTruthy();
  expect((screen.getByLabelText('Item ID 1') as HTMLInputElement).value).toBe('I-1');
  expect(screen.getByTestId('line-total').textContent).toBe('$25.00');
});

it('requires a customer name and a valid email or none', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  fill('Customer Name', '  ');
  fill('Customer Email', 'not-an-address');
  expect(await screen.findByText('Customer name is required')).toBeTruthy();
  expect(await screen.findByText('Customer email must be a valid e-mail address')).toBeTruthy();
  fill('Customer Email', '');
  await waitFor(() => expect(screen.queryByText('Customer email must be a valid e-mail address')).toBeNull());
});

it('requires at least one item and disables Save without any', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  expect(saveButton().disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
  expect(await screen.findByText('At least one item is required')).toBeTruthy();
  await waitFor(() => expect(saveButton().disabled).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
  await waitFor(() => expect(saveButton().disabled).toBe(false));
});

it('for Active, offers the bulk POs the server finds covering every line, and requires one', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  await chooseStatus('Active');
  await screen.findByLabelText('Bulk Purchase Order');
  fireEvent.click(saveButton());
  expect(await screen.findByText('Bulk Purchase Order with sufficient inventory is required when status is Active')).toBeTruthy();

  fireEvent.mouseDown(await screen.findByLabelText('Bulk Purchase Order'));
  expect(await screen.findByTitle('PO-11-BL — Acme Print (500 remaining)')).toBeTruthy();
  expect(screen.getByTitle(/PO-12-BL/)).toBeTruthy();

  fill('Quantity 1', '200');
  await waitFor(() => expect(screen.queryByTitle(/PO-12-BL/)).toBeNull());
  fill('Quantity 1', '1000');
  expect(await screen.findByText('No bulk purchase orders with sufficient inventory for these items')).toBeTruthy();
});

it('saves the order with recomputed totals and the items as JSON text', async () => {
  let closed = false;
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => (closed = true)} />);
  await chooseStatus('Active');
  fireEvent.mouseDown(await screen.findByLabelText('Bulk Purchase Order'));
  fireEvent.click(await screen.findByTitle(/PO-11-BL/));
  fill('Quantity 1', '120');
  fireEvent.click(saveButton());

  expect(await screen.findByText('Sales order updated successfully')).toBeTruthy();
  const put = api.requests.find((r) => r.method === 'PUT');
  expect(put?.path).toBe('/api/sales-orders/5');
  const body = JSON.parse(put?.body ?? '{}');
  expect(body).toMatchObject({
    id: 5,
    customerName: 'Harbor Dental',
    customerEmail: 'office@harbordental.com',
    status: 'active',
    bulkPoId: 11,
    totalQuantity: 120,
    totalAmount: '30.00',
  });
  expect(JSON.parse(body.items)).toEqual([
    { lineId: '3', itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 120, unitPrice: 0.25, totalPrice: 30, description: null, sku: 'PC-46' },
  ]);
  // The dialog closes once the lists it changed are refreshed, which may come after the toast.
  await waitFor(() => expect(closed).toBe(true));
});

it('keeps what the broker typed when someone saved the order meanwhile, offers theirs or mine per field, and saves again on the new version', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  fill('Quantity 1', '120');
  const current = { ...order, customerName: 'Harbor Dental Group', version: 'v2', items: [{ ...order.items[0]!, quantity: 150 }] };
  routes['/api/sales-orders/5'] = {
    status: 409,
    body: JSON.stringify({
      message: 'Someone changed this sales order since you opened it: Customer, Item Postcard 4x6 quantity',
      code: 'VERSION_CONFLICT',
      details: {
        current,
        differences: [
          { field: 'Customer', path: ['customerName'], current: 'Harbor Dental Group', proposed: 'Harbor Dental' },
          { field: 'Item Postcard 4x6 quantity', path: ['items', '3', 'quantity'], current: 150, proposed: 120 },
        ],
      },
    }),
  };
  fireEvent.click(saveButton());

  const review = await screen.findByTestId('version-conflict');
  expect(within(review).getByText('Someone changed this order since you opened it')).toBeTruthy();
  expect((screen.getByLabelText('Quantity 1') as HTMLInputElement).value).toBe('120');
  expect(api.requests.find((r) => r.method === 'PUT')?.ifMatch).toBe('"v1"');
  // The broker takes the customer name saved meanwhile and keeps their own quantity.
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Keep for Customer' })).getByLabelText('Saved: Harbor Dental Group'));
  routes['/api/sales-orders/5'] = { status: 200, body: '{}' };
  fireEvent.click(within(review).getByRole('button', { name: 'Save again' }));

  expect(await screen.findByText('Sales order updated successfully')).toBeTruthy();
  const again = api.requests.filter((r) => r.method === 'PUT')[1]!;
  expect(again.ifMatch).toBe('"v2"');
  const body = JSON.parse(again.body);
  expect(body.customerName).toBe('Harbor Dental Group');
  expect(JSON.parse(body.items)[0]).toMatchObject({ lineId: '3', quantity: 120 });
});

it('counts what an active order already draws as its own, and keeps its bulk PO', async () => {
  offer({ need: 'I-1:100', holdingOrderId: 5 }, [po12]);
  offer({ need: 'I-1:100', holdingOrderId: 5, purchaseOrderId: 11 }, [bulkPo(11, 'PO-11-BL', 100)]);
  renderWithPlatform(<EditSalesOrderDialog order={{ ...order, status: 'active', bulkPoId: 11 }} onClose={() => {}} />);
  // Not on the first page the server sent, yet shown by name: the server says it still covers.
  expect(await screen.findByText('PO-11-BL — Acme Print (100 remaining)')).toBeTruthy();
  fireEvent.click(saveButton());
  const { body } = await savedLines();
  expect(body).toMatchObject({ status: 'active', bulkPoId: 11 });
});

it('completing a processing order keeps the bulk PO its goods were drawn from', async () => {
  offer({ need: 'I-1:100', holdingOrderId: 5 }, [po11]);
  renderWithPlatform(<EditSalesOrderDialog order={{ ...order, status: 'processing', bulkPoId: 11 }} onClose={() => {}} />);
  await chooseStatus('Completed');
  fireEvent.click(saveButton());
  const { body } = await savedLines();
  expect(body).toMatchObject({ status: 'completed', bulkPoId: 11 });
});

it('finds a bulk PO beyond the first page by PO number or vendor, on the server', async () => {
  routes[coveringBulkPurchaseOrdersPath({ need: 'I-1:100' })] = listRoute([po11, po12], 120);
  offer({ need: 'I-1:100', search: 'PO-40' }, [bulkPo(40, 'PO-40-BL', 800)]);
  offer({ need: 'I-1:100', purchaseOrderId: 40 }, [bulkPo(40, 'PO-40-BL', 800)]);
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  await chooseStatus('Active');
  const picker = await screen.findByLabelText('Bulk Purchase Order');
  fireEvent.mouseDown(picker);
  expect(await screen.findByText('Oldest 50 of 120: type a PO number or vendor to find others')).toBeTruthy();
  fireEvent.change(picker, { target: { value: 'PO-40' } });
  fireEvent.click(await screen.findByTitle('PO-40-BL — Acme Print (800 remaining)'));
  fireEvent.click(saveButton());
  const { body } = await savedLines();
  expect(body).toMatchObject({ status: 'active', bulkPoId: 40 });
});

it("shows the server's message when saving fails", async () => {
  routes['/api/sales-orders/5'] = { status: 400, body: '{"message":"Status must be one of active, pending, completed, cancelled"}' };
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Status must be one of active, pending, completed, cancelled')).toBeTruthy();
});

// Print is priced per piece: the form keeps a price to the digit QuickBooks holds it.
const perPieceOrder = {
  ...order,
  items: [salesOrderItem({ lineId: '7', itemId: 'I-9', itemName: 'Door Hanger', quantity: 2100, unitPrice: 0.0941, totalPrice: 197.61, sku: 'DH-1' })],
  totalQuantity: 2100,
  totalAmount: '197.61',
};

it('shows a sub-cent unit price as it is and saves it unchanged', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={perPieceOrder} onClose={() => {}} />);
  const price = (await screen.findByLabelText('Unit price 1')) as HTMLInputElement;
  expect(price.value).toBe('0.0941');
  expect(price.closest('.ant-input-number')?.textContent).toContain('$');
  expect(screen.getByTestId('line-total').textContent).toBe('$197.61');
  fireEvent.focus(price);
  fireEvent.blur(price);
  expect(price.value).toBe('0.0941');

  fireEvent.click(saveButton());
  const { body, lines } = await savedLines();
  expect(lines).toEqual([expect.objectContaining({ lineId: '7', quantity: 2100, unitPrice: 0.0941, totalPrice: 197.61 })]);
  expect(body.totalAmount).toBe('197.61');
});

it('accepts a typed sub-cent price and sends it exactly, with the line total to the cent', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={perPieceOrder} onClose={() => {}} />);
  const price = (await screen.findByLabelText('Unit price 1')) as HTMLInputElement;
  fireEvent.focus(price);
  fill('Unit price 1', '0.0177');
  fireEvent.blur(price);
  expect(price.value).toBe('0.0177');
  await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('$37.17'));

  fireEvent.click(saveButton());
  const { body, lines } = await savedLines();
  expect(lines).toEqual([expect.objectContaining({ quantity: 2100, unitPrice: 0.0177, totalPrice: 37.17 })]);
  expect(body.totalAmount).toBe('37.17');
});

it('totals the lines as QuickBooks does: each line to the cent, then their sum', async () => {
  // 10 × 0.2345 is 2.345, a half cent: QuickBooks makes each line 2.35 and the order 4.70.
  const halfCents = [1, 2].map((n) => salesOrderItem({ lineId: String(n), itemId: `I-${n}`, itemName: `Card ${n}`, quantity: 10, unitPrice: 0.2345 }));
  renderWithPlatform(<EditSalesOrderDialog order={{ ...order, items: halfCents }} onClose={() => {}} />);
  await screen.findByLabelText('Unit price 2');
  expect(screen.getAllByTestId('line-total').map((total) => total.textContent)).toEqual(['$2.35', '$2.35']);
  fireEvent.click(saveButton());
  const { body, lines } = await savedLines();
  expect(lines.map((line) => line.totalPrice)).toEqual([2.35, 2.35]);
  expect(body.totalAmount).toBe('4.70');
});

it('refuses a price with more decimals than QuickBooks keeps', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={perPieceOrder} onClose={() => {}} />);
  await screen.findByLabelText('Unit price 1');
  fill('Unit price 1', '0.12345678');
  expect(await screen.findByText('Unit price has at most 7 decimals')).toBeTruthy();
  fill('Unit price 1', '0.1234567');
  await waitFor(() => expect(screen.queryByText('Unit price has at most 7 decimals')).toBeNull());
});

it('keeps a fractional quantity from QuickBooks as it is and saves it unchanged, to the digit', async () => {
  const cartons = {
    ...order,
    items: [salesOrderItem({ lineId: '8', itemId: 'I-4', itemName: 'Carton of envelopes', quantity: 2.5, unitPrice: 41.3, totalPrice: 103.25 })],
    totalQuantity: 2.5,
    totalAmount: '103.25',
  };
  renderWithPlatform(<EditSalesOrderDialog order={cartons} onClose={() => {}} />);
  const quantity = (await screen.findByLabelText('Quantity 1')) as HTMLInputElement;
  expect(quantity.value).toBe('2.5');
  fireEvent.focus(quantity);
  fireEvent.blur(quantity);
  expect(quantity.value).toBe('2.5');
  expect(screen.getByTestId('line-total').textContent).toBe('$103.25');

  fireEvent.click(saveButton());
  const { body, lines } = await savedLines();
  expect(lines).toEqual([expect.objectContaining({ lineId: '8', quantity: 2.5, totalPrice: 103.25 })]);
  expect(body.totalQuantity).toBe(2.5);
});

it('refuses a quantity of 0 or with more decimals than QuickBooks keeps', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={perPieceOrder} onClose={() => {}} />);
  await screen.findByLabelText('Quantity 1');
  fill('Quantity 1', '1.12345678');
  expect(await screen.findByText('Quantity can have at most 7 decimal places')).toBeTruthy();
  fill('Quantity 1', '0');
  expect(await screen.findByText('Quantity must be more than 0')).toBeTruthy();
  fill('Quantity 1', '0.25');
  await waitFor(() => expect(screen.queryByText('Quantity must be more than 0')).toBeNull());
  expect(screen.getByTestId('line-total').textContent).toBe('$0.02');
});

it("keeps every component of a bundle and sends each line's lineId, so the server keeps its bundle", async () => {
  const kit = { lineId: '10', itemId: 'G-1', name: 'Event Kit', quantity: 4 };
  const bundled = {
    ...order,
    items: [
      salesOrderItem({ lineId: '11', itemId: 'I-7', itemName: 'Banner', quantity: 4, unitPrice: 20, bundle: kit }),
      salesOrderItem({ lineId: '12', itemId: 'I-8', itemName: 'Lanyard', quantity: 40, unitPrice: 0.5, bundle: kit }),
      salesOrderItem({ lineId: '1', itemId: 'I-1', itemName: 'Postcard 4x6', quantity: 100, unitPrice: 0.25 }),
    ],
    totalQuantity: 144,
    subtotal: '125.00',
    discount: null,
    tax: null,
    totalAmount: '125.00',
  };
  renderWithPlatform(<EditSalesOrderDialog order={bundled} onClose={() => {}} />);
  expect(((await screen.findByLabelText('Item ID 3')) as HTMLInputElement).value).toBe('I-1');
  fireEvent.click(saveButton());
  const { body, lines } = await savedLines();
  expect(lines.map((line) => [line.lineId, line.itemId, line.quantity])).toEqual([
    ['11', 'I-7', 4],
    ['12', 'I-8', 40],
    ['1', 'I-1', 100],
  ]);
  expect(body.totalAmount).toBe('125.00');
});

describe('an order deleted since the form opened', () => {
  const kept = { ...order, deletedInQuickbooksAt: '2026-03-05T15:30:00.000Z' };

  it('says its estimate was deleted in QuickBooks and does not offer to save', async () => {
    renderWithPlatform(<EditSalesOrderDialog order={kept} onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ESTIMATE_DELETED_IN_QUICKBOOKS);
    expect(alert.textContent).toContain(DELETED_ORDER_READ_ONLY);
    expect(saveButton().disabled).toBe(true);
  });

  it("shows the server's refusal of a save on an order kept as deleted in QuickBooks, in words", async () => {
    routes['/api/sales-orders/5'] = {
      status: 409,
      body: JSON.stringify({ message: DELETED_ORDER_READ_ONLY, code: 'DELETED_IN_QUICKBOOKS', details: { field: 'deletedInQuickbooksAt' } }),
    };
    renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // The form's own alert, beside the failure toast (also an alert) that may show first.
    const alert = (await screen.findByText(ESTIMATE_DELETED_IN_QUICKBOOKS)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain(DELETED_ORDER_READ_ONLY);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('says the order no longer exists when the save answers 404, not a bare Not Found', async () => {
    routes['/api/sales-orders/5'] = { status: 404, body: JSON.stringify({ message: 'Sales order not found', code: 'NOT_FOUND' }) };
    renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // The form's own alert, beside the failure toast (also an alert) that may show first.
    const alert = (await screen.findByText('This sales order was deleted')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain(SALES_ORDER_GONE);
    expect(screen.queryByText(/Not Found/)).toBeNull();
  });
});
