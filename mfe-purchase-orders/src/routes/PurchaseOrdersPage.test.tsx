/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, listRoute, renderWithPlatform, openRowActions, menuItemNames, serveApiDuringTests } from '@printpool/platform/testing';
import { purchaseOrders } from '../testing/purchaseOrderFixtures.js';
import { PurchaseOrdersPage } from './PurchaseOrdersPage.js';

const OPEN_FIRST_PAGE = '/api/purchase-orders?includeClosed=false&limit=10&offset=0';
const ALL_FIRST_PAGE = '/api/purchase-orders?includeClosed=true&limit=10&offset=0';
const openOrders = purchaseOrders.filter((po) => po.status !== 'closed');

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);

beforeEach(() => {
  for (const path of Object.keys(routes)) delete routes[path];
  Object.assign(routes, {
    '/api/auth/user': { status: 200, body: '{"id":"1","email":"pat@example.com","role":"staff"}' },
    [OPEN_FIRST_PAGE]: listRoute(openOrders),
    [ALL_FIRST_PAGE]: listRoute(purchaseOrders),
    '/api/purchase-orders/2/status': { status: 200, body: '{"id":2,"status":"closed"}' },
    '/api/purchase-orders/2': { status: 204 },
  });
});
afterEach(cleanup);

const listCalls = () => api.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/purchase-orders?')).map((r) => r.path);
const heading = () => screen.getByTestId('purchase-orders-heading').textContent;
const bodyRows = () => screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('columnheader').length === 0);

async function renderPage() {
  renderWithPlatform(<PurchaseOrdersPage />);
  await screen.findByText('PO-1001-BL');
}

/** Opens a row's menu; a menu opened earlier stays in the page, so the newest is the last. */
describe('list', () => {
  it('asks the server for closed orders only once "Show Closed POs" is on, and counts what it has', async () => {
    await renderPage();
    expect(heading()).toBe('All Purchase Orders (2)');
    expect(screen.queryByText('PO-0900-BL')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    expect(await screen.findByText('PO-0900-BL')).toBeTruthy();
    expect(heading()).toBe('All Purchase Orders (3)');
    expect(listCalls()).toEqual([OPEN_FIRST_PAGE, ALL_FIRST_PAGE]);
  });

  it('hiding closed orders again also drops the Status filter it hides, so the open orders come back', async () => {
    const closedOnly = '/api/purchase-orders?status=closed&includeClosed=true&limit=10&offset=0';
    routes[closedOnly] = listRoute(purchaseOrders.filter((po) => po.status === 'closed'));
    renderWithPlatform(<PurchaseOrdersPage />, '/purchase-orders?status=closed&includeClosed=true');
    expect(await screen.findByText('PO-0900-BL')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    expect(await screen.findByText('PO-1001-BL')).toBeTruthy();
    expect(screen.queryByText('PO-0900-BL')).toBeNull();
    expect(listCalls()).toEqual([closedOnly, OPEN_FIRST_PAGE]);
  });

  it("lists programs ending soon from the address, each bulk PO's end linking to its program page", async () => {
    const ending = '/api/purchase-orders?expiresWithinDays=30&includeClosed=false&limit=10&offset=0';
    routes[ending] = listRoute([{ ...purchaseOrders[0]!, expiresOn: '2026-12-10', remainingPercent: 28.2 }]);
    renderWithPlatform(<PurchaseOrdersPage />, '/purchase-orders?expiresWithinDays=30');
    const link = await screen.findByRole('link', { name: 'Dec 10, 2026' });
    expect(link.getAttribute('href')).toBe('/purchase-orders/1/program');
    expect(screen.getByText('28.2%')).toBeTruthy();
    expect(listCalls()).toEqual([ending]);
  });

  it("shows each bulk PO's charges to date, none for a standard PO, and sorts by them on the server", async () => {
    const charged = [{ ...purchaseOrders[0]!, expiresOn: '2026-12-10', chargesToDate: '1234.5' }, purchaseOrders[1]!];
    const byCharges = '/api/purchase-orders?includeClosed=false&sort=chargesToDate&limit=10&offset=0';
    routes[OPEN_FIRST_PAGE] = listRoute(charged);
    routes[byCharges] = listRoute(charged);
    await renderPage();
    const [bulk, standard] = bodyRows();
    const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Charges');
    expect(within(bulk!).getAllByRole('cell')[column]!.textContent).toBe('$1,234.50');
    expect(within(standard!).getAllByRole('cell')[column]!.textContent).toBe('-');
    fireEvent.click(screen.getByRole('columnheader', { name: /Charges/ }));
    await waitFor(() => expect(listCalls()).toEqual([OPEN_FIRST_PAGE, byCharges]));
  });

  it('opens on the order its address names, as a sales order or pull ticket links to its bulk PO', async () => {
    const searched = '/api/purchase-orders?search=PO-1002&includeClosed=false&limit=10&offset=0';
    routes[searched] = listRoute([purchaseOrders[1]]);
    renderWithPlatform(<PurchaseOrdersPage />, '/purchase-orders?search=PO-1002');
    expect(await screen.findByText('PO-1002')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search purchase orders' }) as HTMLInputElement).value).toBe('PO-1002');
    expect(listCalls()).toEqual([searched]);
  });

  it('finds an order beyond the first page by searching on the server once typing pauses', async () => {
    const others = Array.from({ length: 10 }, (_, i) => ({ ...purchaseOrders[0]!, id: 100 + i, poNumber: `PO-2${String(i).padStart(3, '0')}-BL` }));
    const searched = '/api/purchase-orders?search=globex&includeClosed=false&limit=10&offset=0';
    routes[OPEN_FIRST_PAGE] = listRoute(others, 25);
    routes[searched] = listRoute([purchaseOrders[1]]);
    renderWithPlatform(<PurchaseOrdersPage />);
    await screen.findByText('PO-2000-BL');
    expect(heading()).toBe('All Purchase Orders (25)');
    expect(screen.queryByText('PO-1002')).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search purchase orders' });
    for (const typed of ['g', 'gl', 'glob', 'globex ']) fireEvent.change(search, { target: { value: typed } });
    expect(await screen.findByText('PO-1002')).toBeTruthy();
    expect(heading()).toBe('All Purchase Orders (1)');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['PO-1002']);
    expect(listCalls()).toEqual([OPEN_FIRST_PAGE, searched]);
  });

  it('asks the server for the page the pager shows', async () => {
    const lastPage = '/api/purchase-orders?includeClosed=false&limit=10&offset=10';
    routes[OPEN_FIRST_PAGE] = listRoute([purchaseOrders[0]], 11);
    routes[lastPage] = listRoute([purchaseOrders[1]], 11);
    await renderPage();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('PO-1002')).toBeTruthy();
    expect(screen.queryByText('PO-1001-BL')).toBeNull();
    expect(listCalls()).toEqual([OPEN_FIRST_PAGE, lastPage]);
  });

  it('says when no order matches the search', async () => {
    routes['/api/purchase-orders?search=nothing&includeClosed=false&limit=10&offset=0'] = listRoute([]);
    await renderPage();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search purchase orders' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No purchase orders match your search.')).toBeTruthy();
    expect(heading()).toBe('All Purchase Orders (0)');
  });

  it('shows the inventory status, amount, source and Override badge of each order', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('switch', { name: 'Show Closed POs' }));
    await screen.findByText('PO-0900-BL');
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
    routes[OPEN_FIRST_PAGE] = listRoute([]);
    renderWithPlatform(<PurchaseOrdersPage />);
    expect(await screen.findByText('No purchase orders found.')).toBeTruthy();
  });
});

describe('row actions', () => {
  it('offers Delete only for manual orders', async () => {
    await renderPage();
    const fromQuickbooks = await openRowActions('PO-1001-BL');
    expect(menuItemNames(fromQuickbooks)).toEqual(['View Details', 'Generate PDF', 'Email Vendor', 'Edit']);
    const manual = await openRowActions('PO-1002');
    expect(within(manual).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('offers a viewer only what reads: no New Purchase Order, no status selector, no change in the menu', async () => {
    routes['/api/auth/user'] = { status: 200, body: '{"id":"1","email":"pat@example.com","role":"viewer"}' };
    await renderPage();
    expect(screen.queryByRole('button', { name: /New Purchase Order/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status for PO-1002' })).toBeNull();
    expect(within(screen.getByText('PO-1002').closest('tr')!).getByText('Open')).toBeTruthy();
    const manual = await openRowActions('PO-1002');
    expect(menuItemNames(manual)).toEqual(['View Details', 'Generate PDF']);
  });

  it('downloads the PDF with Generate PDF, under the name the server gives it', async () => {
    routes['/api/purchase-orders/1/pdf'] = {
      status: 200,
      body: '%PDF-1.3 test',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="PO-1001-BL.pdf"' },
    };
    // jsdom has no object URLs and does not follow a clicked download link: both are watched here.
    const saved: Array<{ name: string; href: string }> = [];
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:po-pdf');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      await renderPage();
      const menu = await openRowActions('PO-1001-BL');
      const item = within(menu).getByRole('menuitem', { name: 'Generate PDF' });
      expect(item.getAttribute('aria-disabled')).not.toBe('true');
      fireEvent.click(item);
      expect(await screen.findByText('PDF downloaded successfully')).toBeTruthy();
      expect(api.requests.filter((r) => r.path === '/api/purchase-orders/1/pdf').map((r) => r.method)).toEqual(['GET']);
      expect(saved).toEqual([{ name: 'PO-1001-BL.pdf', href: 'blob:po-pdf' }]);
      const blob = createObjectURL.mock.calls[0]![0];
      expect(await blob.text()).toBe('%PDF-1.3 test');
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:po-pdf');
    } finally {
      click.mockRestore();
    }
  });

  it("says so when the PDF cannot be made, with the server's reason", async () => {
    routes['/api/purchase-orders/1/pdf'] = { status: 503, body: '{"message":"svc-inventory is unavailable"}' };
    await renderPage();
    fireEvent.click(within(await openRowActions('PO-1001-BL')).getByRole('menuitem', { name: 'Generate PDF' }));
    expect(await screen.findByText('svc-inventory is unavailable')).toBeTruthy();
  });

  it('deletes a manual order after confirmation', async () => {
    await renderPage();
    const menu = await openRowActions('PO-1002');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to delete this purchase order?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Purchase order deleted successfully')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/purchase-orders/2')).toBe(true);
  });

  it("shows the server's reason when a delete fails", async () => {
    routes['/api/purchase-orders/2'] = { status: 409, body: '{"message":"Order has allocations"}' };
    await renderPage();
    fireEvent.click(within(await openRowActions('PO-1002')).getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order has allocations')).toBeTruthy();
  });

  it('answers Email Vendor with an info toast and no call', async () => {
    await renderPage();
    const calls = api.requests.length;
    fireEvent.click(within(await openRowActions('PO-1002')).getByRole('menuitem', { name: 'Email Vendor' }));
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
    expect(sent!.ifMatch).toBe('"v1"');
  });

  it('says which status the order has when someone changed it since the page loaded', async () => {
    routes['/api/purchase-orders/2/status'] = {
      status: 409,
      body: JSON.stringify({
        message: 'Someone changed this purchase order since you opened it: Status',
        code: 'VERSION_CONFLICT',
        details: {
          current: { id: 2, status: 'closed', version: 'v2' },
          differences: [{ field: 'Status', path: ['status'], current: 'closed', proposed: 'open' }],
        },
      }),
    };
    await renderPage();
    await chooseStatus('PO-1002', 'Closed');
    expect(await screen.findByText('Someone changed this purchase order since the page loaded; its status is now closed')).toBeTruthy();
  });

  it('says when the update failed', async () => {
    routes['/api/purchase-orders/2/status'] = { status: 500, body: 'boom' };
    await renderPage();
    await chooseStatus('PO-1002', 'Closed');
    expect(await screen.findByText('Failed to update purchase order status')).toBeTruthy();
  });

  it('words a failed update as the product does, even when the server gives a reason', async () => {
    routes['/api/purchase-orders/2/status'] = { status: 409, body: '{"message":"Purchase order is locked"}' };
    await renderPage();
    await chooseStatus('PO-1002', 'Closed');
    expect(await screen.findByText('Failed to update purchase order status')).toBeTruthy();
    expect(screen.queryByText('Purchase order is locked')).toBeNull();
  });
});

describe("QuickBooks' figures", () => {
  // The dialog is lazy; found by its title, as the page's other dialogs share antd's test label id.
  const detailsDialog = async (poNumber: string) =>
    (await screen.findByText(`Purchase Order Details - ${poNumber}`, undefined, { timeout: 30_000 })).closest<HTMLElement>('[role="dialog"]')!;

  // As GET /api/purchase-orders answers for a Canadian vendor's PO with freight booked to an account.
  const withFreight = {
    ...purchaseOrders[0]!,
    id: 5,
    poNumber: 'PO-1005-BL',
    vendorName: 'Maple Print',
    totalAmount: '583.20',
    subtotal: '590.00',
    discount: '50.00',
    tax: '43.20',
    currency: 'CAD',
    totalQuantity: 1000,
    quantityRemaining: 1000,
    items: [
      { kind: 'item', itemId: '31', itemName: 'Business Cards:500 ct', description: 'Matte', qty: 1000, unitPrice: 0.5, qtyRemaining: 1000, amount: 500 },
      { kind: 'expense', itemId: null, itemName: 'Freight', description: 'Truck to warehouse', qty: 0, unitPrice: 0, qtyRemaining: 0, amount: 90 },
    ],
  };

  it('shows expense lines as costs, not stock, and the total with subtotal, discount, tax and currency', async () => {
    routes[OPEN_FIRST_PAGE] = listRoute([withFreight]);
    renderWithPlatform(<PurchaseOrdersPage />);
    await screen.findByText('PO-1005-BL');
    const row = bodyRows().find((r) => within(r).queryByText('PO-1005-BL'))!;
    expect(within(row).getByText('CA$583.20')).toBeTruthy();

    fireEvent.click(within(await openRowActions('PO-1005-BL')).getByRole('menuitem', { name: 'View Details' }));
    const dialog = await detailsDialog('PO-1005-BL');
    const total = within(dialog).getByRole('group', { name: 'Total Amount' });
    expect(within(total).getByRole('group', { name: 'Subtotal' }).textContent).toBe('SubtotalCA$590.00');
    expect(within(total).getByRole('group', { name: 'Discount' }).textContent).toBe('Discount-CA$50.00');
    expect(within(total).getByRole('group', { name: 'Tax' }).textContent).toBe('TaxCA$43.20');
    expect(within(total).getByRole('group', { name: 'Total' }).textContent).toBe('TotalCA$583.20');
    expect(within(total).getByText('Currency: CAD')).toBeTruthy();
    // The freight is no stock: the order's inventory is the cards alone.
    expect(within(dialog).getByRole('group', { name: 'Inventory Status' }).textContent).toContain('1,000 of 1,000 remaining');

    const lines = within(within(dialog).getByRole('table', { name: 'Line Items' }))
      .getAllByRole('row')
      .slice(1);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '');
    expect(cells(lines[0]!)).toEqual(['Business Cards:500 ctID: 31', 'Matte', '1,000', '$0.50', 'CA$500.00', '1,000', 'Available']);
    expect(cells(lines[1]!)).toEqual(['FreightCost', 'Truck to warehouse', '-', '-', 'CA$90.00', '-', '-']);
    expect(within(lines[1]!).queryByText('Depleted')).toBeNull();
  });

  it('shows only the total, in dollars, for an order without them', async () => {
    await renderPage();
    fireEvent.click(within(await openRowActions('PO-1001-BL')).getByRole('menuitem', { name: 'View Details' }));
    const dialog = await detailsDialog('PO-1001-BL');
    expect(within(dialog).getByRole('group', { name: 'Total Amount' }).textContent).toBe('Total Amount$1,250.00');
  });
});
