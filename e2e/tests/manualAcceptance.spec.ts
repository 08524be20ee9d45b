import { expect, test, type Page } from '@playwright/test';
import { callRoute } from '../support/api.js';
import { enterActiveSalesOrder, literally, pick } from '../support/forms.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectNewCompany, type QboEstimate, sandboxQuery } from '../support/quickbooks.js';

/** Opens a row's actions menu on the Sales Orders page, the order found by its number. */
async function orderActions(page: Page, soNumber: string) {
  await page.goto(`/sales-orders?search=${soNumber}`);
  await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
  return page
    .getByRole('menu')
    .filter({ has: page.getByRole('menuitem') })
    .last();
}

/** Marks a pull ticket shipped from the Pull Tickets page, by UPS, without a notice to the customer. */
async function shipTicket(page: Page, ptNumber: string, vendorName: string) {
  await page.goto(`/pull-tickets?search=${ptNumber}`);
  // The Pull Tickets page loads on first use: slow on a busy machine.
  await expect(page.getByRole('row').filter({ hasText: ptNumber })).toContainText(vendorName, { timeout: 30_000 });
  await page.getByRole('button', { name: `Actions for ${ptNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Mark Shipped' }));
  const shipDialog = page.getByRole('dialog', { name: `Ship Pull Ticket - ${ptNumber}` });
  await shipDialog.getByRole('switch', { name: 'Send shipping notification to customer' }).click();
  await shipDialog.getByLabel('Carrier').fill('UPS');
  await shipDialog.getByRole('button', { name: 'Mark as Shipped' }).click();
}

// docs/product.md §4 and §5: a manual PO names a synced vendor and starts from the item's cost; a
// manual order is accepted in PrintPool, released in two tickets and shipped, QuickBooks never
// accepting it first; the last shipment fulfils it.
test('a manual PO picks a synced vendor at the item’s cost, and a manual order is accepted, released in two tickets and shipped here', async ({ page }) => {
  test.setTimeout(240_000);
  const companyName = 'Birch Accepted Print';
  const realmId = await connectNewCompany(page, companyName, 8181);
  await expect.poll(async () => (await callRoute(page, 'get /api/vendors', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const items = await callRoute(page, 'get /api/items', { query: { limit: 1000 } });
  const item = items.find((candidate) => candidate.purchaseCost !== null && candidate.purchaseCost !== candidate.unitPrice)!;
  const vendor = (await callRoute(page, 'get /api/vendors', { query: { limit: 50 } })).find((candidate) => candidate.qbId && candidate.email)!;
  const customer = (await callRoute(page, 'get /api/customers', { query: { limit: 5 } }))[0]!;
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const poNumber = `APO-${suffix}-BL`;
  const soNumber = `ASO-${suffix}-BL`;

  // New Purchase Order: the vendor chosen from those synced, its e-mail with it; the line at the item's cost.
  await page.goto('/purchase-orders');
  await page.getByRole('button', { name: 'New Purchase Order' }).click();
  const poDialog = page.getByRole('dialog', { name: 'New Purchase Order' });
  await poDialog.getByLabel('PO Number').fill(poNumber);
  const vendorField = poDialog.getByLabel('Vendor', { exact: true });
  await pick(page, vendorField, vendor.name.slice(0, 5), literally(vendor.name), () =>
    expect(poDialog.getByLabel('Vendor Email')).toHaveValue(vendor.email!, { timeout: 2_000 }),
  );
  await pick(page, poDialog.getByLabel('Add Item from Catalog'), item.name, literally(item.fullName), () =>
    expect(poDialog.getByLabel('Quantity 1')).toBeVisible({ timeout: 2_000 }),
  );
  await expect(poDialog.getByLabel('Unit price 1')).toHaveValue(String(item.purchaseCost));
  await poDialog.getByLabel('Quantity 1').fill('500');
  await poDialog.getByRole('button', { name: 'Create Purchase Order' }).click();
  await expect(page.getByText('Purchase order created successfully')).toBeVisible();
  const manualPo = (await callRoute(page, 'get /api/purchase-orders', { query: { search: poNumber } }))[0]!;
  expect(manualPo).toMatchObject({ vendorName: vendor.name, vendorEmail: vendor.email, items: [{ itemId: item.qbId, unitPrice: item.purchaseCost }] });

  // A manual order on it: its pull ticket waits, saying why, until the broker accepts it.
  await enterActiveSalesOrder(page, { soNumber, customer, item, quantity: 40, poNumber });
  const order = (await callRoute(page, 'get /api/sales-orders', { query: { search: soNumber } }))[0]!;
  expect(order).toMatchObject({ status: 'active', qbId: null, bulkPoId: manualPo.id });
  let menu = await orderActions(page, soNumber);
  await expect(menu.getByRole('menuitem', { name: 'Create Pull Ticket' })).toHaveAttribute('aria-disabled', 'true');
  await menu.getByText('Create Pull Ticket').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Accept the order first: pull tickets release accepted orders');
  await chooseMenuItem(menu.getByRole('menuitem', { name: 'Accept order' }));
  const acceptDialog = page.getByRole('dialog', { name: `Accept Sales Order - ${soNumber}` });
  await expect(acceptDialog).toContainText(`drawn from bulk PO ${poNumber}`);
  await acceptDialog.getByRole('button', { name: 'Accept order' }).click();
  await expect(page.getByText('Sales order accepted: it can now be released on pull tickets')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: soNumber })).toContainText('processing');

  // Released in two tickets: 15 now, the 25 left later; the order is fulfilled when both have shipped.
  menu = await orderActions(page, soNumber);
  await chooseMenuItem(menu.getByRole('menuitem', { name: 'Create Pull Ticket' }));
  const firstRelease = page.getByRole('dialog', { name: `Create Pull Ticket - ${soNumber}` });
  await firstRelease.getByLabel(`Release now of ${item.name}`).fill('15');
  await firstRelease.getByRole('button', { name: 'Create Pull Ticket' }).click();
  await expect(page.getByText('Pull ticket created successfully')).toBeVisible();
  const [first] = await callRoute(page, 'get /api/pull-tickets', {});
  await shipTicket(page, first!.ptNumber, vendor.name);
  await expect(page.getByText('Pull ticket marked as shipped', { exact: true })).toBeVisible();
  expect((await callRoute(page, 'get /api/sales-orders/:id', { params: { id: order.id } })).status).toBe('processing');

  menu = await orderActions(page, soNumber);
  await chooseMenuItem(menu.getByRole('menuitem', { name: 'Create another pull ticket' }));
  const secondRelease = page.getByRole('dialog', { name: `Create another pull ticket - ${soNumber}` });
  await expect(secondRelease).toContainText(`This order already has pull ticket ${first!.ptNumber}`);
  await expect(secondRelease.getByLabel(`Release now of ${item.name}`)).toHaveValue('25');
  await secondRelease.getByRole('button', { name: 'Create another' }).click();
  await expect(page.getByText('Pull ticket created successfully')).toBeVisible();
  const second = (await callRoute(page, 'get /api/pull-tickets', {})).find((ticket) => ticket.ptNumber !== first!.ptNumber)!;
  expect(second.items).toMatchObject([{ item_id: item.qbId, qty: 25 }]);
  await shipTicket(page, second.ptNumber, vendor.name);
  await expect(page.getByText('Pull ticket marked as shipped', { exact: true })).toBeVisible();
  await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders/:id', { params: { id: order.id } })).status).toBe('completed');

  // Fulfilled in the list and in its details' history.
  await page.goto(`/sales-orders?search=${soNumber}`);
  await expect(page.getByRole('row').filter({ hasText: soNumber })).toContainText('completed');
  await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
  const details = page.getByRole('dialog', { name: `Sales Order Details - ${soNumber}` });
  await expect(details.getByRole('group', { name: 'Fulfilment' })).toContainText('2 for this order');
  await details.getByRole('tab', { name: 'History' }).click();
  await expect(details.getByRole('region', { name: 'History' })).toContainText('Fulfilled');
  await page.keyboard.press('Escape');

  // Sync to QuickBooks creates its estimate as Accepted; the order stays fulfilled.
  menu = await orderActions(page, soNumber);
  await chooseMenuItem(menu.getByRole('menuitem', { name: 'Sync to QuickBooks' }));
  await expect(page.getByTestId('toast').filter({ hasText: /Sales order synced|QuickBooks Sync Error/ })).toContainText(
    'Sales order synced to QuickBooks successfully',
    { timeout: 20_000 },
  );
  const synced = await callRoute(page, 'get /api/sales-orders/:id', { params: { id: order.id } });
  expect(synced).toMatchObject({ status: 'completed', qbId: expect.any(String) });
  const estimate = (await sandboxQuery<QboEstimate & { TxnStatus?: string }>(page, realmId, 'Estimate')).find((e) => e.Id === synced.qbId)!;
  expect(estimate).toMatchObject({ DocNumber: soNumber, TxnStatus: 'Accepted' });
});
