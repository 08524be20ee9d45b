import { expect, test, type Page } from '@playwright/test';
import type { SalesOrder } from '@printpool/contracts';
import { callRoute } from '../support/api.js';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectToQuickBooks, sandboxQuery, syncFromQuickBooks, type QboEstimate } from '../support/quickbooks.js';
import { signIn } from '../support/session.js';

const admin = { authorization: `Bearer ${sandboxAdminToken}` };

/** The orders on the Sales Orders page's first page, as the page lists them. */
function firstPage(page: Page): Promise<SalesOrder[]> {
  return callRoute(page, 'get /api/sales-orders', { query: { limit: 10 } });
}

/** A company of its own, connected and synced, with every bulk estimate imported as an order. */
async function syncedCompany(page: Page, seed: number, companyName: string): Promise<{ realmId: string; estimates: QboEstimate[] }> {
  const added = await page.request.post(`${sandboxURL}/admin/companies`, { headers: admin, data: { seed, scale: 0.3, companyName } });
  expect(added.ok()).toBeTruthy();
  const { realmId } = (await added.json()) as { realmId: string };
  await signIn(page, '/dashboard');
  await connectToQuickBooks(page, companyName);
  await syncFromQuickBooks(page);
  const estimates = await sandboxQuery<QboEstimate>(page, realmId, 'Estimate');
  const bulk = estimates.filter((e) => e.DocNumber?.endsWith('-BL')).length;
  await expect.poll(async () => (await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } })).length, { timeout: 30_000 }).toBe(bulk);
  return { realmId, estimates };
}

test.describe("the broker's QuickBooks books", () => {
  test('an estimate accepted in QuickBooks moves an open Sales Orders page, through a CloudEvents webhook', async ({ page }) => {
    test.setTimeout(120_000);
    const { realmId } = await syncedCompany(page, 5151, 'Cedar Print Exchange');
    const order = (await firstPage(page)).find((so) => so.status === 'active' && so.qbId)!;
    expect(order).toBeDefined();
    await page.goto('/sales-orders');
    const row = page.getByRole('row', { name: new RegExp(order.soNumber) });
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()));

    const accepted = await page.request.post(`${sandboxURL}/admin/companies/${realmId}/estimates/${order.qbId}/status`, {
      headers: admin,
      data: { TxnStatus: 'Accepted' },
    });
    expect(accepted.ok()).toBeTruthy();
    // The sandbox signs and delivers qbo.estimate.updated.v1 as Intuit does since 2026.
    await page.request.post(`${sandboxURL}/admin/webhooks/flush`, { headers: admin });
    const delivered = Date.now();
    await expect(row.getByText('processing', { exact: true })).toBeVisible({ timeout: 10_000 });
    test.info().annotations.push({ type: 'delivery to page', description: `${Date.now() - delivered} ms` });
    expect(reloads).toEqual([]);
  });

  test('saving an order unchanged and syncing it leaves the QuickBooks estimate exactly as it was', async ({ page }) => {
    test.setTimeout(120_000);
    const { realmId } = await syncedCompany(page, 6262, 'Birch Print Brokerage');
    const order = (await firstPage(page)).find((so) => so.status === 'active' && so.qbId)!;
    const before = (await sandboxQuery<QboEstimate & { SyncToken: string }>(page, realmId, 'Estimate')).find((e) => e.Id === order.qbId)!;

    await page.goto('/sales-orders');
    await page.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Edit' }));
    const edit = page.getByRole('dialog', { name: `Edit Sales Order - ${order.soNumber}` });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${order.soNumber}` }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Sync to QuickBooks' }));
    await expect(page.getByText('Sales order synced to QuickBooks successfully')).toBeVisible();

    const after = (await sandboxQuery<QboEstimate & { SyncToken: string }>(page, realmId, 'Estimate')).find((e) => e.Id === order.qbId)!;
    expect(after).toEqual(before);
  });
});
