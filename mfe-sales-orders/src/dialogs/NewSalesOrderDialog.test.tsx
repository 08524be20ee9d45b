/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests, listRoute } from '@printpool/platform/testing';
import { catalogItemsPath, customerSuggestionsPath } from '../api/catalogLookups.js';
import { coveringBulkPurchaseOrdersPath } from '../api/openBulkPurchaseOrders.js';
import { NewSalesOrderDialog } from './NewSalesOrderDialog.js';

const harbor = { id: 1, name: 'Harbor Dental', fullName: 'Harbor Dental', email: 'office@harbordental.com' };
const postcard = {
  id: 4,
  qbId: 'I-1',
  name: 'Postcard 4x6',
  fullName: 'Postcards:Postcard 4x6',
  sku: 'PC-46',
  description: '4x6 gloss',
  unitPrice: 0.25,
  virtualInventory: 500,
};

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes[customerSuggestionsPath('')] = { status: 200, body: JSON.stringify([]) };
  routes[customerSuggestionsPath('Harb')] = { status: 200, body: JSON.stringify([harbor]) };
  routes[catalogItemsPath('')] = { status: 200, body: JSON.stringify([]) };
  routes[catalogItemsPath('post')] = { status: 200, body: JSON.stringify([postcard]) };
  const po11 = { id: 11, poNumber: 'PO-11-BL', vendorName: 'Acme Print', status: 'open', quantityRemaining: 500 };
  routes[coveringBulkPurchaseOrdersPath({ need: 'I-1:120' })] = listRoute([po11]);
  routes[coveringBulkPurchaseOrdersPath({ need: 'I-1:120', purchaseOrderId: 11 })] = listRoute([po11]);
  routes['/api/sales-orders'] = { status: 201, body: JSON.stringify({ id: 90, soNumber: 'SO-2001-BL' }) };
});
afterEach(cleanup);

// A whole form filled through antd's selects: on a loaded machine this outlasts the preset's 30 s.
const HEAVY_FORM_MS = 120_000;

const createButton = () => screen.getByRole('button', { name: 'Create Sales Order' }) as HTMLButtonElement;
async function create() {
  await waitFor(() => expect(createButton().disabled).toBe(false));
  fireEvent.click(createButton());
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function addFromCatalog(search: string, title: RegExp) {
  const picker = screen.getByLabelText('Add Item from Catalog');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(title));
}

it(
  'creates a manual order for a synced customer with a catalog item drawn from the chosen bulk PO',
  async () => {
    let closed = false;
    renderWithPlatform(<NewSalesOrderDialog onClose={() => (closed = true)} />);
    expect(await screen.findByRole('dialog', { name: 'New Sales Order' })).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText('At least one item is required')).toBeTruthy();

    fill('SO Number', 'SO-2001-BL');
    const customer = screen.getByLabelText('Customer Name');
    fireEvent.mouseDown(customer);
    fireEvent.change(customer, { target: { value: 'Harb' } });
    fireEvent.click(await screen.findByTitle('Harbor Dental'));
    await waitFor(() => expect((screen.getByLabelText('Customer Email') as HTMLInputElement).value).toBe('office@harbordental.com'));

    await addFromCatalog('post', /Postcards:Postcard 4x6 \(PC-46\)/);
    expect(((await screen.findByLabelText('Item ID 1')) as HTMLInputElement).value).toBe('I-1');
    fill('Quantity 1', '120');
    await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('$30.00'));

    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Active'));
    fireEvent.mouseDown(await screen.findByLabelText('Bulk Purchase Order'));
    fireEvent.click(await screen.findByTitle(/PO-11-BL/));
    await create();

    expect(await screen.findByText('Sales order created successfully')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/sales-orders');
    const body = JSON.parse(post?.body ?? '{}');
    expect(body).toMatchObject({
      soNumber: 'SO-2001-BL',
      customerName: 'Harbor Dental',
      customerEmail: 'office@harbordental.com',
      status: 'active',
      bulkPoId: 11,
      totalQuantity: 120,
      totalAmount: '30.00',
    });
    expect(body.id).toBeUndefined();
    expect(JSON.parse(body.items)).toEqual([
      {
        lineId: null,
        itemId: 'I-1',
        itemName: 'Postcards:Postcard 4x6',
        quantity: 120,
        unitPrice: 0.25,
        totalPrice: 30,
        description: '4x6 gloss',
        sku: 'PC-46',
      },
    ]);
    await waitFor(() => expect(closed).toBe(true));
  },
  HEAVY_FORM_MS,
);

it(
  'takes a typed customer and asks for the number and the name',
  async () => {
    renderWithPlatform(<NewSalesOrderDialog onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /Add Item/ }));
    fill('Item ID 1', 'I-1');
    await create();
    expect(await screen.findByText('SO number is required')).toBeTruthy();
    expect(await screen.findByText('Customer name is required')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fill('SO Number', 'SO-2002');
    fill('Customer Name', 'Walk-in Client');
    await create();
    await screen.findByText('Sales order created successfully');
    const body = JSON.parse(api.requests.find((r) => r.method === 'POST')?.body ?? '{}');
    expect(body).toMatchObject({ soNumber: 'SO-2002', customerName: 'Walk-in Client', status: 'pending', bulkPoId: null });
  },
  HEAVY_FORM_MS,
);

it(
  "shows the server's message when the number is taken, and stays open",
  async () => {
    routes['/api/sales-orders'] = { status: 409, body: JSON.stringify({ message: 'SO number SO-2001-BL is already taken', details: { field: 'soNumber' } }) };
    let closed = false;
    renderWithPlatform(<NewSalesOrderDialog onClose={() => (closed = true)} />);
    fill('SO Number', 'SO-2001-BL');
    fill('Customer Name', 'Harbor Dental');
    fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
    fill('Item ID 1', 'I-1');
    await create();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('SO number SO-2001-BL is already taken')).toBeTruthy();
    expect(closed).toBe(false);
  },
  HEAVY_FORM_MS,
);
