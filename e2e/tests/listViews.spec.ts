import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { RouteInput, SalesOrder } from '@printpool/contracts';
import { sendRoute } from '../support/api.js';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { syncedBrokerState, type SignedInState } from '../support/quickbooks.js';

const STATUSES = ['active', 'pending', 'processing', 'completed', 'cancelled'];

/** What the API answers for a list query: its rows and how many match in all. */
async function listed(page: Page, query: RouteInput<'get /api/sales-orders'>['query']): Promise<{ rows: SalesOrder[]; total: number }> {
  const res = await sendRoute(page, 'get /api/sales-orders', { query });
  expect(res.ok()).toBeTruthy();
  return { rows: (await res.json()) as SalesOrder[], total: Number(res.headers()['x-total-count']) };
}

const tableRows = (page: Page) => page.getByRole('region', { name: 'Sales orders' }).locator('tbody tr.ant-table-row');
const firstCells = (page: Page) => tableRows(page).locator('td:first-child').allTextContents();

test.describe('the sales order list as admin tables work', () => {
  let broker: SignedInState;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const companyName = 'Juniper List Printing';
    const setup = await browser.newPage();
    const added = await setup.request.post(`${sandboxURL}/admin/companies`, {
      headers: { authorization: `Bearer ${sandboxAdminToken}` },
      data: { seed: 4242, scale: 5, companyName },
    });
    expect(added.ok()).toBeTruthy();
    await setup.close();
    broker = await syncedBrokerState(browser, companyName);
  });

  test('a filtered, sorted view lives in its address, exports every row it selects, and prints without the app around it', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: broker, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/sales-orders');
    await expect(page.getByRole('heading', { name: 'Sales Orders' })).toBeVisible();

    // The status holding most orders, as the API counts them once inventory has taken in the sync: more than a page of 25.
    const busiest = async () => {
      const counts = await Promise.all(STATUSES.map(async (status) => ({ status, total: (await listed(page, { status, limit: 1 })).total })));
      return counts.sort((a, b) => b.total - a.total)[0]!;
    };
    await expect.poll(async () => (await busiest()).total, { timeout: 60_000 }).toBeGreaterThan(25);
    const { status, total } = await busiest();

    // Filter by status, sort by SO number, 25 to a page: the address says so.
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${status}$`, 'i') })
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]status=${status}`));
    await page.getByRole('columnheader', { name: /SO Number/ }).click();
    await expect(page).toHaveURL(/[?&]sort=soNumber/);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '25 / page' }).click();
    await expect(page).toHaveURL(/[?&]pageSize=25/);
    await expect(page.getByText(`All Sales Orders (${total})`)).toBeVisible();

    const expected = await listed(page, { status, sort: 'soNumber', limit: 25, offset: 0 });
    await expect.poll(() => firstCells(page)).toEqual(expected.rows.map((order) => order.soNumber));

    // A link to this view, opened elsewhere, shows the same rows with the same controls.
    const link = page.url();
    const other = await context.newPage();
    await other.goto(link);
    await expect.poll(() => firstCells(other)).toEqual(expected.rows.map((order) => order.soNumber));
    await expect(other.getByRole('columnheader', { name: /SO Number/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(other.getByText(`All Sales Orders (${total})`)).toBeVisible();
    await other.close();

    // The export has every order the filter selects, not just the page on screen.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sales-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText(`${total.toLocaleString('en-US')} sales orders exported.`)).toBeVisible();
    const records = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const [heading, ...rows] = records;
    expect(heading!.split(',')).toEqual(expect.arrayContaining(['SO Number', 'Status']));
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, 25).map((row) => row.split(',')[0])).toEqual(expected.rows.map((order) => order.soNumber));

    // The print view: the table, without the sidebar, the list tools or the pager.
    await page.emulateMedia({ media: 'print' });
    await expect(tableRows(page).first()).toBeVisible();
    for (const hidden of [
      page.getByRole('button', { name: /Export CSV/ }),
      page.getByRole('button', { name: 'Toggle Sidebar' }),
      page.locator('.ant-pagination'),
      page.locator('.ant-layout-sider'),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: /Export CSV/ })).toBeVisible();
    await context.close();
  });
});
