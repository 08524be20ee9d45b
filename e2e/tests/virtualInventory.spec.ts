import { expect, test, type Page } from '@playwright/test';
import { callRoute } from '../support/api.js';
import {
  connectToQuickBooks,
  lineQuantity,
  sandboxCompany,
  sandboxQuery,
  syncFromQuickBooks,
  type QboEstimate,
  type QboPurchaseOrder,
} from '../support/quickbooks.js';
import { signIn } from '../support/session.js';
import { chooseMenuItem } from '../support/menu.js';
import { cellUnder } from '../support/table.js';

/** The spec's thresholds, restated here so the test does not trust the code it checks. */
function expectedStatus(total: number, remaining: number): string {
  if (remaining === 0) return 'Depleted';
  const used = ((total - remaining) / total) * 100;
  if (used >= 75) return 'Low Stock';
  if (used >= 25) return 'In Use';
  return 'Available';
}

test.describe('virtual inventory', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let pos: QboPurchaseOrder[];
  let estimates: QboEstimate[];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    page = await browser.newPage();
    const company = await sandboxCompany(page, 'Northwind Print Brokers');
    pos = await sandboxQuery<QboPurchaseOrder>(page, company.realmId, 'PurchaseOrder');
    estimates = await sandboxQuery<QboEstimate>(page, company.realmId, 'Estimate');
    await signIn(page, '/dashboard');
    await connectToQuickBooks(page, company.companyName);
    await syncFromQuickBooks(page);
    // Inventory applies the synced documents from events, purchase orders and estimates on
    // consumers of their own that may finish in either order: wait until every one is in.
    const bulkEstimates = estimates.filter((e) => e.DocNumber?.endsWith('-BL')).length;
    const bulkPos = pos.filter((po) => po.DocNumber?.endsWith('-BL')).length;
    await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).length, { timeout: 30_000 }).toBe(bulkEstimates);
    await expect
      .poll(async () => (await callRoute(page, 'get /api/purchase-orders', { query: { limit: 1000 } })).filter((po) => po.poType === 'BULK').length, {
        timeout: 30_000,
      })
      .toBe(bulkPos);
  });

  test.afterAll(async () => page.close());

  test('bulk purchase orders show the remaining quantities the estimates leave', async () => {
    const appPos = await callRoute(page, 'get /api/purchase-orders', { query: { limit: 1000 } });
    const appSos = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
    const bulk = pos.filter((po) => po.DocNumber?.endsWith('-BL'));
    expect(
      appPos
        .filter((po) => po.poType === 'BULK')
        .map((po) => po.poNumber)
        .sort(),
    ).toEqual(bulk.map((po) => po.DocNumber).sort());

    const estimateQty = new Map(estimates.map((e) => [e.DocNumber, lineQuantity(e.Line)]));
    const statusFor = { Pending: ['active', 'pending'], Accepted: ['processing'], Closed: ['completed'], Rejected: ['cancelled'] } as const;
    for (const so of appSos) {
      const estimate = estimates.find((e) => e.DocNumber === so.soNumber)!;
      expect(statusFor[estimate.TxnStatus] as readonly string[]).toContain(so.status);
    }

    await page.goto('/purchase-orders');
    await page.getByRole('switch', { name: 'Show Closed POs' }).click();
    for (const qbPo of bulk) {
      const appPo = appPos.find((po) => po.poNumber === qbPo.DocNumber)!;
      const total = lineQuantity(qbPo.Line);
      const drawn = appSos
        .filter((so) => so.bulkPoId === appPo.id && so.status !== 'cancelled' && so.status !== 'pending')
        .reduce((sum, so) => sum + (estimateQty.get(so.soNumber) ?? 0), 0);
      const remaining = total - drawn;
      expect(remaining).toBeGreaterThanOrEqual(0);
      await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(qbPo.DocNumber!);
      await expect(page.getByTestId('purchase-orders-heading')).toHaveText('All Purchase Orders (1)');
      const table = page.getByRole('table');
      const row = table.getByRole('row').filter({ hasText: qbPo.DocNumber! });
      await expect(await cellUnder(table, row, 'Total Qty')).toHaveText(total.toLocaleString('en-US'));
      await expect(await cellUnder(table, row, 'Remaining')).toHaveText(remaining.toLocaleString('en-US'));
      await expect(await cellUnder(table, row, 'Inventory Status')).toHaveText(expectedStatus(total, remaining));
    }
  });

  test('the purchase orders page filters, searches and opens details', async () => {
    await page.goto('/purchase-orders');
    const heading = page.getByTestId('purchase-orders-heading');
    const openCount = pos.filter((po) => po.POStatus === 'Open').length;
    await expect(heading).toHaveText(`All Purchase Orders (${openCount})`);
    await page.getByRole('switch', { name: 'Show Closed POs' }).click();
    await expect(heading).toHaveText(`All Purchase Orders (${pos.length})`);

    const target = pos.find((po) => po.DocNumber?.endsWith('-BL'))!;
    await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(target.DocNumber!.toLowerCase());
    await expect(heading).toHaveText('All Purchase Orders (1)');
    await page.getByRole('button', { name: `Actions for ${target.DocNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
    const dialog = page.getByRole('dialog', { name: `Purchase Order Details - ${target.DocNumber}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Line Items' }).getByRole('row')).toHaveCount(
      target.Line.filter((l) => l.ItemBasedExpenseLineDetail).length + 1,
    );
    await page.keyboard.press('Escape');

    await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill('no such purchase order');
    await expect(page.getByText('No purchase orders match your search.')).toBeVisible();
  });

  test('the sales orders page shows details and enforces the edit rules', async () => {
    const appSos = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
    const order = appSos.find((so) => so.status === 'active')!;
    await page.goto('/sales-orders');
    await page.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'View Details' }));
    await expect(page.getByRole('dialog', { name: `Sales Order Details - ${order.soNumber}` })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Edit' }));
    const edit = page.getByRole('dialog', { name: `Edit Sales Order - ${order.soNumber}` });
    await edit.getByLabel('Customer Name').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Customer name is required')).toBeVisible();

    for (;;) {
      const remove = edit.getByRole('button', { name: /^Remove line/ });
      if ((await remove.count()) === 0) break;
      await remove.first().click();
    }
    await expect(edit.getByText('At least one item is required')).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Nothing was saved.
    const after = await callRoute(page, 'get /api/sales-orders/:id', { params: { id: order.id } });
    expect(after.status).toBe('active');
  });

  test('the dashboard summarises the pool and the orders', async () => {
    const stats = await callRoute(page, 'get /api/dashboard/stats', {});
    await page.goto('/dashboard');
    const card = (title: string) => page.getByTestId('stat-card').filter({ hasText: title }).getByTestId('stat-value');
    await expect(card('Active Sales Orders')).toHaveText(stats.activeSOs.toLocaleString('en-US'));
    await expect(card('Total Items in Stock')).toHaveText(stats.totalItems.toLocaleString('en-US'));
    const bulkCount = pos.filter((po) => po.DocNumber?.endsWith('-BL')).length;
    await expect(page.getByTestId('bulk-po-count')).toHaveText(String(bulkCount));
    await expect(page.getByTestId('recent-sales-orders-widget').getByText(/-BL/)).toHaveCount(3);
  });
});
