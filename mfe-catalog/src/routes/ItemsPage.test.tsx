/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { ItemsPage } from './ItemsPage.js';

const item = (id: number, name: string, unitPrice: number | string) => ({
  id,
  name,
  sku: `SKU-${id}`,
  description: null,
  unitPrice,
  virtualInventory: 500,
  syncedAt: null,
});

const routes: Record<string, Route> = {};
serveApiDuringTests(routes);

beforeEach(() => {
  Object.assign(routes, {
    '/api/items?limit=50&offset=0': {
      status: 200,
      body: JSON.stringify([item(1, 'Postcard 4x6', 0.0941), item(2, 'Door Hanger', '1.1595'), item(3, 'Yard Sign', 12), item(4, 'Banner', 1250)]),
    },
    '/api/quickbooks/status': { status: 200, body: '{"connected":true,"hasRealmId":true,"companyName":"Sandbox"}' },
  });
});
afterEach(cleanup);

it('shows each unit price as QuickBooks holds it, with at least two decimals', async () => {
  renderWithPlatform(<ItemsPage />);
  const row = async (name: string) => within((await screen.findByText(name)).closest('tr') as HTMLElement);
  expect((await row('Postcard 4x6')).getByText('$0.0941')).toBeTruthy();
  expect((await row('Door Hanger')).getByText('$1.1595')).toBeTruthy();
  expect((await row('Yard Sign')).getByText('$12.00')).toBeTruthy();
  expect((await row('Banner')).getByText('$1,250.00')).toBeTruthy();
});

it("tells two sub-items with the same name apart by QuickBooks' full name, and searches it on the server", async () => {
  const searched = '/api/items?search=business&limit=50&offset=0';
  const subItem = (id: number, name: string, fullName: string) => ({ ...item(id, name, 10), fullName, parentQbId: '90' });
  routes['/api/items?limit=50&offset=0'] = {
    status: 200,
    body: JSON.stringify([
      subItem(5, '500 ct', 'Business Cards:500 ct'),
      subItem(6, '500 ct', 'Postcards:500 ct'),
      { ...item(7, 'Yard Sign', 12), fullName: 'Yard Sign' },
    ]),
  };
  routes[searched] = { status: 200, body: JSON.stringify([subItem(5, '500 ct', 'Business Cards:500 ct')]) };
  renderWithPlatform(<ItemsPage />);
  expect(await screen.findByText('Postcards:500 ct')).toBeTruthy();
  // Read straight from the table's body: role queries over the whole page are slow enough in jsdom to outlast a wait on a busy machine.
  const nameCells = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => row.querySelector('td')!.textContent);
  expect(nameCells()).toEqual(['500 ctBusiness Cards:500 ct', '500 ctPostcards:500 ct', 'Yard Sign']);

  const search = screen.getByRole('searchbox', { name: 'Search items' });
  fireEvent.change(search, { target: { value: 'business' } });
  await waitFor(() => expect(nameCells()).toEqual(['500 ctBusiness Cards:500 ct']));
});
