/// <reference types="node" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer, type ApiServer, type Route } from '../../../libs/platform/test-support/apiServer.js';
import { sendSameOriginFetchTo } from '../../../libs/platform/test-support/sameOriginFetch.js';
import { purchaseOrders } from '../testing/purchaseOrderFixtures.js';
import { renderWithPlatform } from '../../../libs/platform/test-support/renderWithPlatform.js';
import { PurchaseOrdersPage } from './PurchaseOrdersPage.js';

// antd renders slowly in jsdom; each test opens menus and dialogs on a full page.
jest.setTimeout(90_000);

let api: ApiServer;
let restoreFetch: () => void;
const routes: Record<string, Route> = {};

beforeAll(async () => {
  api = await startApiServer(routes);
  restoreFetch = sendSameOriginFetchTo(api);
});
afterAll(async () => {
  restoreFetch();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  Object.assign(routes, {
    '/api/auth/user': { status: 200, body: '{"id":"1","email":"pat@example.com"}' },
    '/api/purchase-orders': { status: 200, body: JSON.stringify(purchaseOrders) },
    '/api/purchase-orders/2/status': { status: 200, body: '{"id":2,"status":"closed"}' },
    '/api/purchase-orders/2': { status: 200, body: '' },
  });
});
afterEach(cleanup);

const heading = () => screen.getByTestId('purchase-orders-heading').textContent;
const bodyRows = () => screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('columnheader').length === 0);

async function renderPage() {
  renderWithPlatform(<PurchaseOrdersPage />);
  await screen.findByText('PO-1001-BL');
}

/** Opens a row's menu; a menu opened earlier stays in the page, so the newest is the last. */
async function openActions(poNumber: string) {
  const before = screen.queryAllByRole('menu').length;
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${poNumber}` }));
  return waitFor(() => {
    const menus = screen.getAllByRole('menu');
    expect(menus.length).toBeGreaterThan(before);
    return menus.at(-1)!;
  });
}

describe('list', () => {
  it('hides closed orders until "Show Closed POs" is on, and counts what it shows', async () => {
    await renderPage();
    expect(heading()).toBe('All Purchase Orders (2)');
    expect(screen.queryByText('PO-0900-BL')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    expect(heading()).toBe('All Purchase Orders (3)');
    expect(screen.getByText('PO-0900-BL')).toBeTruthy();
  });

  it('searches number, vendor and status case-insensitively', async () => {
    await renderPage();
    const search = screen.getByRole('searchbox', { name: 'Search purchase orders' });
    fireEvent.change(search, { target: { value: 'GLOBEX' } });
    expect(heading()).toBe('All Purchase Orders (1)');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['PO-1002']);
    fireEvent.change(search, { target: { value: 'closed' } });
    expect(screen.getByText('No purchase orders match your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    expect(heading()).toBe('All Purchase Orders (1)');
  });

  it('shows the inventory status, amount, source and Override badge of each order', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    const row = (poNumber: string) => screen.getByText(poNumber).closest('tr')!;
    expect(within(row('PO-1001-BL')).getByText('Low Stock')).toBeTruthy();
    expect(within(row('PO-1001-BL')).getByText('Override')).toBeTruthy();
    expect(within(row('PO-1001-BL')).getByText('QuickBooks')).toBeTruthy();
    expect(within(row('PO-1001-BL')).getByText('$1,250.00')).toBeTruthy();
    expect(within(row('PO-1002')).getByText('Available')).toBeTruthy();
    expect(within(row('PO-1002')).getByText('Manual')).toBeTruthy();
    expect(within(row('PO-1002')).queryByText('Override')).toBeNull();
    expect(within(row('PO-0900-BL')).getByText('Depleted')).toBeTruthy();
  });

  it('says when there are no orders at all', async () => {
    routes['/api/purchase-orders'] = { status: 200, body: '[]' };
    renderWithPlatform(<PurchaseOrdersPage />);
    expect(await screen.findByText('No purchase orders found.')).toBeTruthy();
  });
});

describe('row actions', () => {
  it('offers Delete only for manual orders', async () => {
    await renderPage();
    const fromQuickbooks = await openActions('PO-1001-BL');
    expect(within(fromQuickbooks).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Details',
      'Generate PDF',
      'Email Vendor',
      'Edit',
    ]);
    const manual = await openActions('PO-1002');
    expect(within(manual).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('deletes a manual order after confirmation', async () => {
    await renderPage();
    const menu = await openActions('PO-1002');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this purchase order?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Purchase order deleted successfully')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/purchase-orders/2')).toBe(true);
  });

  it("shows the server's reason when a delete fails", async () => {
    routes['/api/purchase-orders/2'] = { status: 409, body: '{"message":"Order has allocations"}' };
    await renderPage();
    fireEvent.click(within(await openActions('PO-1002')).getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order has allocations')).toBeTruthy();
  });

  it('answers Email Vendor with an info toast and no call', async () => {
    await renderPage();
    const calls = api.requests.length;
    fireEvent.click(within(await openActions('PO-1002')).getByRole('menuitem', { name: 'Email Vendor' }));
    expect(await screen.findByText('Email functionality would be implemented here')).toBeTruthy();
    expect(api.requests.length).toBe(calls);
  });
});

describe('status selector', () => {
  async function chooseStatus(poNumber: string, label: string) {
    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: `Status for ${poNumber}` })));
    const options = await waitFor(() => {
      const shown = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
      expect(shown.length).toBeGreaterThan(0);
      return shown;
    });
    expect(options.map((option) => option.title)).toEqual(['Open', 'Closed']);
    fireEvent.click(options.find((option) => option.title === label)!);
  }

  it('sends the new status at once', async () => {
    await renderPage();
    await chooseStatus('PO-1002', 'Closed');
    expect(await screen.findByText('Purchase order status updated successfully')).toBeTruthy();
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === '/api/purchase-orders/2/status');
    expect(JSON.parse(sent!.body)).toEqual({ status: 'closed' });
  });

  it('says when the update failed', async () => {
    routes['/api/purchase-orders/2/status'] = { status: 500, body: 'boom' };
    await renderPage();
    await chooseStatus('PO-1002', 'Closed');
    expect(await screen.findByText('Failed to update purchase order status')).toBeTruthy();
  });
});
