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
  virtualInventory: 0,
};

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '1', email: 'pat@example.com', bulkPoSuffix: '-BULK' }) };
  routes[catalogItemsPath('')] = { status: 200, body: '[]' };
  routes[catalogItemsPath('env')] = { status: 200, body: JSON.stringify([envelope]) };
  routes['/api/purchase-orders'] = { status: 201, body: '{"id":30}' };
});
afterEach(cleanup);

// A whole form filled through antd's selects: on a loaded machine this outlasts the preset's 30 s.
const HEAVY_FORM_MS = 120_000;

const createButton = () => screen.getByRole('button', { name: 'Create Purchase Order' }) as HTMLButtonElement;
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function addEnvelope() {
  const picker = screen.getByLabelText('Add Item from Catalog');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: 'env' } });
  fireEvent.click(await screen.findByTitle(/Envelopes:Envelope #10 \(ENV-10\)/));
}

it(
  "shows bulk or standard by the number's suffix and creates the order with the catalog item",
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
    fill('Vendor', 'Pinnacle Press');
    fill('Vendor Email', 'orders@pinnacle.test');
    await addEnvelope();
    fill('Quantity 1', '2100');
    await waitFor(() => expect(screen.getByTestId('line-total').textContent).toBe('$197.61'));
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());

    expect(await screen.findByText('Purchase order created successfully')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/purchase-orders');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      poNumber: 'PO-77-BULK',
      vendorName: 'Pinnacle Press',
      vendorEmail: 'orders@pinnacle.test',
      items: [{ itemId: 'I-7', itemName: 'Envelopes:Envelope #10', description: 'White', quantity: 2100, unitPrice: 0.0941 }],
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
    fill('Vendor', 'Pinnacle Press');
    fireEvent.click(createButton());
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('PO number PO-1-BULK is already taken')).toBeTruthy();
  },
  HEAVY_FORM_MS,
);
