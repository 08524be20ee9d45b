/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { Customer, PurchaseOrderStockOwners } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { StockOwnersCard } from './StockOwnersCard.js';

afterEach(cleanup);

const PATH = '/api/purchase-orders/1/stock-owners';
const customersPath = (search: string) => `/api/customers?${search ? `search=${search}&` : ''}limit=20&offset=0`;
const harbor: Customer = {
  id: 7,
  name: 'Harbor Dental',
  fullName: 'Harbor Dental',
  parentQbId: null,
  currency: null,
  email: 'office@harbor.test',
  phone: null,
  address: null,
  syncedAt: '2026-03-01T00:00:00.000Z',
};
const owners: PurchaseOrderStockOwners = {
  purchaseOrderId: 1,
  poNumber: 'PO-1001-BL',
  items: [
    {
      itemId: 'I-1',
      itemName: 'Letterhead',
      owner: { customerId: 3, customerName: 'Acme Marketing' },
      decidedBy: 'quickbooks',
      assigned: null,
      version: 'a1',
    },
    { itemId: 'I-2', itemName: 'Envelope #10', owner: null, decidedBy: 'shared', assigned: null, version: 'b1' },
  ],
};

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const answer = (body: PurchaseOrderStockOwners) => (routes[PATH] = { status: 200, body: JSON.stringify(body) });

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  answer(owners);
  routes[customersPath('')] = { status: 200, body: JSON.stringify([harbor]) };
  routes[customersPath('harb')] = { status: 200, body: JSON.stringify([harbor]) };
});

const card = () => screen.findByRole('group', { name: 'Stock Owners' });
const rowOf = async (item: string) => (await within(await card()).findByText(item)).closest('tr') as HTMLElement;
const puts = () => api.requests.filter((request) => request.method === 'PUT');

it('shows whose stock each item is and what decided it', async () => {
  renderWithPlatform(<StockOwnersCard purchaseOrderId={1} />);
  const letterhead = await rowOf('Letterhead');
  expect(within(letterhead).getByText('Acme Marketing')).toBeTruthy();
  expect(within(letterhead).getByText('From QuickBooks')).toBeTruthy();
  expect(await within(letterhead).findByText('Change it in QuickBooks')).toBeTruthy();
  const envelope = await rowOf('Envelope #10');
  expect(within(envelope).getByText('No one')).toBeTruthy();
  expect(within(envelope).getByText('Shared')).toBeTruthy();
});

it('gives shared stock to the customer the broker searches for, on the version the card read', async () => {
  renderWithPlatform(<StockOwnersCard purchaseOrderId={1} />);
  await rowOf('Envelope #10');
  const picker = await screen.findByLabelText('Customer for Envelope #10');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: 'harb' } });
  const given = {
    ...owners.items[1]!,
    owner: { customerId: 7, customerName: 'Harbor Dental' },
    decidedBy: 'broker' as const,
    assigned: { customerId: 7, customerName: 'Harbor Dental' },
    version: 'b2',
  };
  routes[`${PATH}/I-2`] = { status: 200, body: JSON.stringify(given) };
  answer({ ...owners, items: [owners.items[0]!, given] });
  fireEvent.click(await screen.findByTitle('Harbor Dental'));

  expect(await screen.findByText('Stock owner saved')).toBeTruthy();
  const [put] = puts();
  expect(put?.ifMatch).toBe('"b1"');
  expect(JSON.parse(put!.body)).toEqual({ customerId: 7 });
  await waitFor(async () => expect(within(await rowOf('Envelope #10')).getByText('Given by the broker')).toBeTruthy());
});

it('shows what someone else chose when the save was stale, at its new version, so the broker can choose again', async () => {
  renderWithPlatform(<StockOwnersCard purchaseOrderId={1} />);
  await rowOf('Envelope #10');
  const picker = await screen.findByLabelText('Customer for Envelope #10');
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: 'harb' } });
  const meanwhile = {
    ...owners.items[1]!,
    owner: { customerId: 9, customerName: 'Acme Marketing' },
    decidedBy: 'broker' as const,
    assigned: { customerId: 9, customerName: 'Acme Marketing' },
    version: 'b2',
  };
  routes[`${PATH}/I-2`] = {
    status: 409,
    body: JSON.stringify({
      message: "Someone changed this item's stock owner since you opened it: Customer",
      code: 'VERSION_CONFLICT',
      details: { current: meanwhile, differences: [{ field: 'Customer', path: ['customerId'], current: 9, proposed: 7 }] },
    }),
  };
  answer({ ...owners, items: [owners.items[0]!, meanwhile] });
  fireEvent.click(await screen.findByTitle('Harbor Dental'));

  expect(await screen.findByText("Someone changed this item's stock owner since you opened it: Customer")).toBeTruthy();
  await waitFor(async () => expect(within(await rowOf('Envelope #10')).getByText('Given by the broker')).toBeTruthy());
  expect(within(await rowOf('Envelope #10')).getAllByText('Acme Marketing').length).toBeGreaterThan(0);
  expect(puts()[0]?.ifMatch).toBe('"b1"');
});

it('offers a viewer whose stock it is, and no picker', async () => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '2', email: 'viewer@example.com', role: 'viewer' }) };
  renderWithPlatform(<StockOwnersCard purchaseOrderId={1} />);
  expect(within(await rowOf('Letterhead')).getByText('Acme Marketing')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('Give To')).toBeNull());
  expect(screen.queryByLabelText('Customer for Envelope #10')).toBeNull();
});
