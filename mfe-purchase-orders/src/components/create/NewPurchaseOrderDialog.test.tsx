/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { catalogItemsPath } from '../../api/catalogItems.js';
import { NewPurchaseOrderDialog } from './NewPurchaseOrderDialog.js';

const envelope = {
  id: 4,
  qbId: 'I-7',
  name: 'Envelope #10',
  fullName: 'Envelopes:Envelope #10',
  sku: 'ENV-10',
  description: 'White',
  unitPrice: 0.0941,
  purchaseCost: 0.0612,
  virtualInventory: 0,
};
// A card QuickBooks has no cost for: its price is the broker's to enter.
const card = { ...envelope, id: 5, qbId: 'I-8', name: 'Card', fullName: 'Card', sku: 'BC-1', description: null, unitPrice: 0.5, purchaseCost: null };
const pinnacle = {
  id: 1,
  qbId: 'V-1',
  name: 'Pinnacle Press',
  companyName: null,
  email: 'orders@pinnacle.test',
  phone: null,
  syncedAt: '2026-03-01T00:00:00.000Z',
};
const atlasAdded = { ...pinnacle, id: 2, qbId: null, name: 'Atlas Print Works Corp.', email: 'orders@atlas.test' };
const vendorsPath = (search: string) => `/api/vendors?${search ? `search=${search}&` : ''}limit=20&offset=0`;

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '1', email: 'pat@example.com', bulkPoSuffix: '-BULK' }) };
  routes[catalogItemsPath('')] = { status: 200, body: '[]' };
  routes[catalogItemsPath('env')] = { status: 200, body: JSON.stringify([envelope]) };
  routes[catalogItemsPath('card')] = { status: 200, body: JSON.stringify([card]) };
  routes[vendorsPath('')] = { status: 200, body: JSON.stringify([atlasAdded, pinnacle]) };
  routes[vendorsPath('pinn')] = { status: 200, body: JSON.stringify([pinnacle]) };
  routes['/api/purchase-orders'] = { status: 201, body: '{"id":30}' };
});
afterEach(cleanup);

// A whole form filled through antd's selects: on a loaded machine this outlasts the preset's 30 s.
const HEAVY_FORM_MS = 120_000;

const createButton = () => screen.getByRole('button', { name: 'Create Purchase Order' }) as HTMLButtonElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function addItem(typed: string, title: RegExp) {
  const picker = screen.getByLabelText('Add Item from Catalog');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.click(await screen.findByTitle(title));
}
const addEnvelope = () => addItem('env', /Envelopes:Envelope #10 \(ENV-10\) — cost \$0\.0612/);

async function chooseVendor(typed: string, title: string) {
  const picker = screen.getByLabelText('Vendor');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.click(await screen.findByTitle(title));
}
const postedBody = () => JSON.parse(api.requests.find((r) => r.method === 'POST')?.body ?? '{}');

it(
  "shows bulk or standard by the number's suffix and creates the order for a chosen vendor, each line at the item's cost",
  async () => {
    let closed = false;
    renderWithPlatform(<NewPurchaseOrderDialog onClose={() => (closed = true)} />);
    expect(await screen.findByRole('dialog', { name: 'New Purchase Order' })).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText('At least one item is required')).toBeTruthy();

    fill('PO Number', 'PO-77-BL');
    await waitFor(() => expect(screen.getByTestId('po-type').textContent).toContain('STANDARD'));
    fill('PO Number', 'PO-77-BULK');
    await waitFor(() => expect(screen.getByTestId('po-type').textContent).toContain('BULK'));
    await chooseVendor('pinn', 'Pinnacle Press — orders@pinnacle.test');
    await waitFor(() => expect((screen.getByLabelText('Vendor Email') as HTMLInputElement).value).toBe('orders@pinnacle.test'));
    await addEnvelope();
    // What the envelope costs the broker in QuickBooks, not the $0.0941 it sells for.
    expect((screen.getByLabelText('Unit price 1') as HTMLInputElement).value).toBe('0.0612');
    fill('Quantity 1', '2100');
    await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('$128.52'));
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());

    expect(await screen.findByText('Purchase order created successfully')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/purchase-orders');
    expect(postedBody()).toEqual({
      poNumber: 'PO-77-BULK',
      vendorName: 'Pinnacle Press',
      vendorEmail: 'orders@pinnacle.test',
      addVendor: false,
      items: [{ itemId: 'I-7', itemName: 'Envelopes:Envelope #10', description: 'White', quantity: 2100, unitPrice: 0.0612 }],
    });
    await waitFor(() => expect(closed).toBe(true));
  },
  HEAVY_FORM_MS,
);

it(
  'asks for the number and the vendor, and shows the server refusing a taken number',
  async () => {
    routes['/api/purchase-orders'] = { status: 409, body: JSON.stringify({ message: 'PO number PO-1-BULK is already taken', details: { field: 'poNumber' } }) };
    renderWithPlatform(<NewPurchaseOrderDialog onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'New Purchase Order' });
    await addEnvelope();
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect(await screen.findByText('PO number is required')).toBeTruthy();
    expect(await screen.findByText('Vendor is required')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fill('PO Number', 'PO-1-BULK');
    await chooseVendor('pinn', 'Pinnacle Press — orders@pinnacle.test');
    fireEvent.click(createButton());
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('PO number PO-1-BULK is already taken')).toBeTruthy();
  },
  HEAVY_FORM_MS,
);

it(
  'adds a vendor only on Add vendor, with its e-mail, and leaves the price of an item without a cost to the broker',
  async () => {
    renderWithPlatform(<NewPurchaseOrderDialog onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'New Purchase Order' });
    fill('PO Number', 'PO-78');
    // The vendors offered: those synced, and one added in PrintPool before, so it is chosen, not typed again.
    fireEvent.mouseDown(screen.getByLabelText('Vendor'));
    expect(await screen.findByTitle('Atlas Print Works Corp. — orders@atlas.test (added in PrintPool)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add vendor' }));
    fill('New Vendor', 'Metro Print');
    await addItem('card', /Card \(BC-1\) — no cost in QuickBooks/);
    expect((screen.getByLabelText('Unit price 1') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect(await screen.findByText('Vendor email is required to add a vendor')).toBeTruthy();
    expect(await screen.findByText('Unit price is required')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    fill('Vendor Email', 'orders@metro.test');
    fill('Unit price 1', '0.31');
    fireEvent.click(createButton());
    expect(await screen.findByText('Purchase order created successfully')).toBeTruthy();
    expect(postedBody()).toMatchObject({
      vendorName: 'Metro Print',
      vendorEmail: 'orders@metro.test',
      addVendor: true,
      items: [{ itemId: 'I-8', unitPrice: 0.31 }],
    });
  },
  HEAVY_FORM_MS,
);
