import { expect, test, type Page } from '@playwright/test';
import type { SalesOrder } from '@printpool/contracts';
import { callRoute } from '../support/api.js';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { chooseMenuItem } from '../support/menu.js';
import { bookkeeperEditsEstimate, connectToQuickBooks, sandboxQuery, syncFromQuickBooks, type QboEstimate, type QboLine } from '../support/quickbooks.js';
import { signIn } from '../support/session.js';

type Estimate = QboEstimate & { BillEmail?: { Address?: string } };

const admin = { authorization: `Bearer ${sandboxAdminToken}` };

const readOrder = (page: Page, id: number) => callRoute(page, 'get /api/sales-orders/:id', { params: { id } });

/** A company of its own, connected and synced, and one of its active QuickBooks orders whose lines are all plain item lines. */
async function orderToEdit(page: Page, seed: number, companyName: string): Promise<{ realmId: string; order: SalesOrder }> {
  const added = await page.request.post(`${sandboxURL}/admin/companies`, { headers: admin, data: { seed, scale: 0.3, companyName } });
  expect(added.ok()).toBeTruthy();
  const { realmId } = (await added.json()) as { realmId: string };
  await signIn(page, '/dashboard');
  await connectToQuickBooks(page, companyName);
  await syncFromQuickBooks(page);
  let order: SalesOrder | undefined;
  await expect
    .poll(
      async () => {
        const orders = await callRoute(page, 'get /api/sales-orders', { query: { limit: 1000 } });
        order = orders.find(
          (so) => so.status === 'active' && so.qbId && so.items.length > 0 && so.items.every((line) => line.itemId && line.lineId && !line.bundle),
        );
        return order?.id;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return { realmId, order: order! };
}

async function openEdit(page: Page, soNumber: string) {
  await page.goto(`/sales-orders?search=${encodeURIComponent(soNumber)}`);
  await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Edit' }));
  return page.getByRole('dialog', { name: `Edit Sales Order - ${soNumber}` });
}

async function syncToQuickBooks(page: Page, soNumber: string) {
  await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sync to QuickBooks' }));
}

const estimateOf = async (page: Page, realmId: string, qbId: string) => (await sandboxQuery<Estimate>(page, realmId, 'Estimate', `Id = '${qbId}'`))[0]!;
const firstQuantity = (estimate: Estimate) => (estimate.Line.find((line) => line.SalesItemLineDetail) as QboLine).SalesItemLineDetail!.Qty;
/** The estimate's first item line set to `quantity`, as a bookkeeper types it. */
const firstLineTo = (quantity: number) => (lines: QboLine[]) => {
  const at = lines.findIndex((line) => line.SalesItemLineDetail);
  return lines.map((line, i) => (i === at ? { ...line, SalesItemLineDetail: { ...line.SalesItemLineDetail!, Qty: quantity } } : line));
};

test.describe('no edit is lost', () => {
  test('two members edit one order: the second save shows what changed and keeps its input, and after review both changes are saved', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { order } = await orderToEdit(page, 8181, 'Juniper Print Co');
    const quantity = order.items[0]!.quantity;
    const other = await (await browser.newContext({ storageState: await page.context().storageState() })).newPage();
    const mine = await openEdit(page, order.soNumber);
    const theirs = await openEdit(other, order.soNumber);

    await mine.getByLabel('Quantity 1').fill(String(quantity + 1));
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();

    await theirs.getByLabel('Customer Email').fill('purchasing@juniper.test');
    await theirs.getByRole('button', { name: 'Save' }).click();
    const review = theirs.getByTestId('version-conflict');
    await expect(review.getByText('Someone changed this order since you opened it')).toBeVisible();
    await expect(theirs.getByRole('textbox', { name: 'Customer Email', exact: true })).toHaveValue('purchasing@juniper.test');
    // The other member keeps the quantity saved meanwhile, and their own e-mail.
    await review.getByLabel(`Saved: ${quantity + 1}`).check();
    await review.getByRole('button', { name: 'Save again' }).click();
    await expect(other.getByText('Sales order updated successfully')).toBeVisible();

    const saved = await readOrder(page, order.id);
    expect({ quantity: saved.items[0]!.quantity, email: saved.customerEmail }).toEqual({ quantity: quantity + 1, email: 'purchasing@juniper.test' });
  });

  test("a bookkeeper's QuickBooks edit between the broker's read and save is never reverted in QuickBooks", async ({ page }) => {
    test.setTimeout(180_000);
    const { realmId, order } = await orderToEdit(page, 8282, 'Hawthorn Print Co');
    const quantity = order.items[0]!.quantity;
    const form = await openEdit(page, order.soNumber);

    await bookkeeperEditsEstimate(page, realmId, order.qbId!, firstLineTo(quantity + 2));
    await expect.poll(async () => (await readOrder(page, order.id)).items[0]!.quantity, { timeout: 15_000 }).toBe(quantity + 2);

    await form.getByLabel('Customer Email').fill('orders@hawthorn.test');
    await form.getByRole('button', { name: 'Save' }).click();
    const review = form.getByTestId('version-conflict');
    await expect(review.getByLabel(`Saved: ${quantity + 2}`)).toBeVisible();
    await review.getByLabel(`Saved: ${quantity + 2}`).check();
    await review.getByRole('button', { name: 'Save again' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();

    await syncToQuickBooks(page, order.soNumber);
    await expect(page.getByText('Sales order synced to QuickBooks successfully')).toBeVisible();
    const estimate = await estimateOf(page, realmId, order.qbId!);
    expect({ quantity: firstQuantity(estimate), email: estimate.BillEmail?.Address }).toEqual({ quantity: quantity + 2, email: 'orders@hawthorn.test' });
  });

  test("a pending edit survives the bookkeeper's change to another field, and both reach QuickBooks", async ({ page }) => {
    test.setTimeout(180_000);
    const { realmId, order } = await orderToEdit(page, 8383, 'Alder Print Co');
    const quantity = order.items[0]!.quantity;
    const form = await openEdit(page, order.soNumber);
    await form.getByLabel('Customer Email').fill('buyer@alder.test');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();

    await bookkeeperEditsEstimate(page, realmId, order.qbId!, firstLineTo(quantity + 3));
    await expect.poll(async () => (await readOrder(page, order.id)).items[0]!.quantity, { timeout: 15_000 }).toBe(quantity + 3);
    expect(await readOrder(page, order.id)).toMatchObject({ customerEmail: 'buyer@alder.test', syncStatus: 'pending' });

    await syncToQuickBooks(page, order.soNumber);
    await expect(page.getByText('Sales order synced to QuickBooks successfully')).toBeVisible();
    const estimate = await estimateOf(page, realmId, order.qbId!);
    expect({ quantity: firstQuantity(estimate), email: estimate.BillEmail?.Address }).toEqual({ quantity: quantity + 3, email: 'buyer@alder.test' });
  });

  test('the same line changed on both sides shows conflict, and QuickBooks keeps its value until the broker chooses', async ({ page }) => {
    test.setTimeout(180_000);
    const { realmId, order } = await orderToEdit(page, 8484, 'Rowan Print Co');
    const quantity = order.items[0]!.quantity;
    const form = await openEdit(page, order.soNumber);
    await form.getByLabel('Quantity 1').fill(String(quantity + 5));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();

    await bookkeeperEditsEstimate(page, realmId, order.qbId!, firstLineTo(quantity + 4));
    const row = page.getByRole('row', { name: new RegExp(order.soNumber) });
    await expect(row.getByText('conflict', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await readOrder(page, order.id)).syncError).toContain(`PrintPool ${quantity + 5}, QuickBooks ${quantity + 4}`);

    // Nothing is written while the order is in conflict.
    await syncToQuickBooks(page, order.soNumber);
    await expect(
      page
        .getByText('Failed to sync sales order to QuickBooks')
        .or(page.getByText(/Nothing was written to QuickBooks/))
        .first(),
    ).toBeVisible();
    expect(firstQuantity(await estimateOf(page, realmId, order.qbId!))).toBe(quantity + 4);

    // The broker chooses their own quantity by saving it, and only then does it reach QuickBooks.
    const again = await openEdit(page, order.soNumber);
    await expect(again.getByLabel('Quantity 1')).toHaveValue(String(quantity + 5));
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sales order updated successfully')).toBeVisible();
    await syncToQuickBooks(page, order.soNumber);
    await expect(page.getByText('Sales order synced to QuickBooks successfully')).toBeVisible();
    expect(firstQuantity(await estimateOf(page, realmId, order.qbId!))).toBe(quantity + 5);
  });
});
