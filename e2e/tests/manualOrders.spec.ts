import { expect, test } from '@playwright/test';
import { callRoute } from '../support/api.js';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectToQuickBooks, sandboxQuery, syncFromQuickBooks, type QboEstimate } from '../support/quickbooks.js';
import { enterActiveSalesOrder, literally, pick } from '../support/forms.js';
import { signIn } from '../support/session.js';

type QboEstimateLines = QboEstimate & {
  Line: { DetailType: string; SalesItemLineDetail?: { ItemRef: { value: string }; Qty?: number; UnitPrice?: number } }[];
};

const admin = { authorization: `Bearer ${sandboxAdminToken}` };

test.describe('manual orders', () => {
  test('a broker enters a PO and an SO by hand, the SO draws from the PO and syncs as an estimate, and the PO is deleted after confirmation', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const companyName = 'Aspen Manual Print';
    const added = await page.request.post(`${sandboxURL}/admin/companies`, { headers: admin, data: { seed: 7373, scale: 0.3, companyName } });
    expect(added.ok()).toBeTruthy();
    const { realmId } = (await added.json()) as { realmId: string };
    await signIn(page, '/dashboard');
    // A busy machine may take longer than the helpers' waits to show the connection on a first load.
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'disconnected', { timeout: 60_000 });
    await connectToQuickBooks(page, companyName);
    await syncFromQuickBooks(page);
    await expect.poll(async () => (await callRoute(page, 'get /api/items', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await callRoute(page, 'get /api/customers', { query: { limit: 5 } })).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const item = (await callRoute(page, 'get /api/items', { query: { limit: 5 } }))[0]!;
    const customer = (await callRoute(page, 'get /api/customers', { query: { limit: 5 } }))[0]!;
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const poNumber = `MPO-${suffix}-BL`;
    const soNumber = `MSO-${suffix}-BL`;

    // New Purchase Order: bulk by its number's suffix.
    await page.goto('/purchase-orders');
    await page.getByRole('button', { name: 'New Purchase Order' }).click();
    const poDialog = page.getByRole('dialog', { name: 'New Purchase Order' });
    await poDialog.getByLabel('PO Number').fill(poNumber);
    await expect(poDialog.getByTestId('po-type')).toContainText('BULK');
    // A vendor the company lacks is added on purpose, with its e-mail (docs/product.md §5).
    await poDialog.getByRole('button', { name: 'Add vendor' }).click();
    await poDialog.getByLabel('New Vendor').fill(`Manual Press ${suffix}`);
    await poDialog.getByLabel('Vendor Email').fill('orders@manual-press.test');
    await pick(page, poDialog.getByLabel('Add Item from Catalog'), item.name, literally(item.fullName), () =>
      expect(poDialog.getByLabel('Quantity 1')).toBeVisible({ timeout: 2_000 }),
    );
    await poDialog.getByLabel('Quantity 1').fill('500');
    await poDialog.getByLabel('Unit price 1').fill('0.05');
    await poDialog.getByRole('button', { name: 'Create Purchase Order' }).click();
    await expect(page.getByText('Purchase order created successfully')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(poNumber);
    const poRow = page.getByRole('row').filter({ hasText: poNumber });
    await expect(poRow).toContainText('Manual');
    await expect(poRow).toContainText('BULK');
    const manualPo = (await callRoute(page, 'get /api/purchase-orders', { query: { search: poNumber } }))[0]!;
    expect(manualPo).toMatchObject({ qbId: null, poType: 'BULK', quantityRemaining: 500 });
    const othersBefore = (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).map(({ id, bulkPoId, status }) => ({
      id,
      bulkPoId,
      status,
    }));

    // New Sales Order: a synced customer, the catalog item, Active on the manual PO.
    await enterActiveSalesOrder(page, { soNumber, customer, item, quantity: 40, poNumber });

    const order = (await callRoute(page, 'get /api/sales-orders', { query: { search: soNumber } }))[0]!;
    expect(order).toMatchObject({ soNumber, qbId: null, status: 'active', bulkPoId: manualPo.id });
    expect((await callRoute(page, 'get /api/purchase-orders/:id', { params: { id: manualPo.id } })).quantityRemaining).toBe(460);
    await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
    await expect(page.getByRole('dialog', { name: `Sales Order Details - ${soNumber}` })).toContainText('Manual');
    await page.keyboard.press('Escape');

    // Sync to QuickBooks creates the estimate, with the order's number and lines; the order takes its id.
    await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Sync to QuickBooks' }));
    // The toast that comes, success or the QuickBooks error, so a failure says what QuickBooks answered.
    await expect(page.getByTestId('toast').filter({ hasText: /Sales order synced|QuickBooks Sync Error/ })).toContainText(
      'Sales order synced to QuickBooks successfully',
      { timeout: 20_000 },
    );
    const synced = (await callRoute(page, 'get /api/sales-orders', { query: { search: soNumber } }))[0]!;
    expect(synced.qbId).toBeTruthy();
    const estimate = (await sandboxQuery<QboEstimateLines>(page, realmId, 'Estimate')).find((e) => e.Id === synced.qbId)!;
    expect(estimate.DocNumber).toBe(soNumber);
    expect(estimate.Line.filter((l) => l.DetailType === 'SalesItemLineDetail').map((l) => l.SalesItemLineDetail)).toEqual([
      expect.objectContaining({ ItemRef: expect.objectContaining({ value: item.qbId }), Qty: 40, UnitPrice: item.unitPrice }),
    ]);

    // Deleting the manual PO asks first, and releases only what it held.
    await page.goto('/purchase-orders');
    await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(poNumber);
    await page.getByRole('button', { name: `Actions for ${poNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Delete' }));
    const confirm = page.getByRole('dialog', { name: `Delete ${poNumber}` });
    await expect(confirm).toContainText('Are you sure you want to delete this purchase order?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Purchase order deleted successfully')).toBeVisible();
    await expect(page.getByTestId('purchase-orders-heading')).toHaveText('All Purchase Orders (0)');
    expect((await callRoute(page, 'get /api/sales-orders', { query: { search: soNumber } }))[0]!.bulkPoId).not.toBe(manualPo.id);
    const othersAfter = (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } }))
      .filter((so) => so.id !== order.id)
      .map(({ id, bulkPoId, status }) => ({ id, bulkPoId, status }));
    expect(othersAfter).toEqual(othersBefore);
  });
});
