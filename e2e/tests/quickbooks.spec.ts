import { expect, test } from '@playwright/test';
import { sandboxAdminToken, sandboxURL } from '../support/env.js';
import { chooseMenuItem } from '../support/menu.js';
import { connectToQuickBooks, openUserMenu, sandboxCompany, stockItemCount, syncFromQuickBooks } from '../support/quickbooks.js';
import { signIn } from '../support/session.js';

test.describe('QuickBooks connection and catalog', () => {
  test('a new broker connects, syncs, and finds the company on the catalog pages', async ({ page }) => {
    test.setTimeout(120_000);
    const company = await sandboxCompany(page, 'Northwind Print Brokers');
    await signIn(page, '/dashboard');
    await expect(page.getByTestId('connection-status')).toHaveText('Not Connected to QB');

    await connectToQuickBooks(page, company.companyName);
    await openUserMenu(page);
    for (const action of ['Sync Data', 'Reconnect', 'Refresh Token', 'Log out']) {
      await expect(page.getByRole('menuitem', { name: action })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    await syncFromQuickBooks(page);

    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Customers/ })
      .click();
    await expect(page.getByText(`Customers (${company.counts.Customer})`)).toBeVisible();
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Items/ })
      .click();
    await expect(page.getByText(`Items (${await stockItemCount(page, company.realmId)})`)).toBeVisible();
  });

  test('catalog search narrows the list on the server', async ({ page }) => {
    test.setTimeout(120_000);
    const company = await sandboxCompany(page, 'Harbor Print Partners');
    await signIn(page, '/dashboard');
    await connectToQuickBooks(page, company.companyName);
    await syncFromQuickBooks(page);
    await page.goto('/customers');
    await expect(page.getByText(`Customers (${company.counts.Customer})`)).toBeVisible();
    const firstName = (await page.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
    const searched = page.waitForRequest((req) => req.url().includes('/api/customers') && req.url().includes('search='));
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(firstName);
    await searched;
    await expect(page.getByRole('row').nth(1)).toContainText(firstName);
    await expect(page.getByText(/^Customers \((\d+)\)$/)).not.toHaveText(`Customers (${company.counts.Customer})`);

    await page.getByRole('searchbox', { name: 'Search customers' }).fill('no customer is called this');
    await expect(page.getByText('Customers (0)')).toBeVisible();
  });

  test('a customer added in QuickBooks appears on an open Customers page without a reload', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = { authorization: `Bearer ${sandboxAdminToken}` };
    const added = await page.request.post(`${sandboxURL}/admin/companies`, {
      headers: admin,
      data: { seed: 4242, scale: 0.2, companyName: 'Lakeview Print Supply' },
    });
    expect(added.ok()).toBeTruthy();
    const company = (await added.json()) as { realmId: string; companyName: string; counts: { Customer: number } };
    await signIn(page, '/dashboard');
    await connectToQuickBooks(page, company.companyName);
    await syncFromQuickBooks(page);
    await page.goto('/customers');
    await expect(page.getByText(`Customers (${company.counts.Customer})`)).toBeVisible();
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()));

    // A bookkeeper adds a customer in QuickBooks; Intuit notifies the webhook, which syncs the change.
    const created = await page.request.post(`${sandboxURL}/admin/companies/${company.realmId}/Customer`, {
      headers: admin,
      data: { DisplayName: 'Zephyr Trade Show Displays', PrimaryEmailAddr: { Address: 'orders@zephyr.test' } },
    });
    expect(created.ok()).toBeTruthy();
    await page.request.post(`${sandboxURL}/admin/webhooks/flush`, { headers: admin });

    await expect(page.getByText(`Customers (${company.counts.Customer + 1})`)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Zephyr');
    await expect(page.getByRole('row', { name: /Zephyr Trade Show Displays/ })).toBeVisible();
    expect(reloads).toEqual([]);
  });

  test('a connection whose refresh token lapsed shows Token expired; Refresh Token goes to the consent page and connects again', async ({ page }) => {
    test.setTimeout(90_000);
    const company = await sandboxCompany(page, 'Northwind Print Brokers');
    await signIn(page, '/dashboard');
    await connectToQuickBooks(page, company.companyName);

    // Refresh tokens live 101 days at Intuit; move the sandbox's clock past that.
    const advanced = await page.request.post(`${sandboxURL}/admin/clock`, {
      headers: { authorization: `Bearer ${sandboxAdminToken}` },
      data: { advanceSeconds: 102 * 24 * 3600 },
    });
    expect(advanced.ok()).toBeTruthy();

    await page.reload();
    const status = page.getByTestId('connection-status');
    await expect(status).toHaveAttribute('data-state', 'expired');
    await expect(status).toHaveText(`${company.companyName} - Token expired`);
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Refresh Token' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sync Data' })).toHaveCount(0);

    // The grant itself is dead: QuickBooks must be asked for consent again, and the page says so on the way.
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Refresh Token' }));
    await expect(page.getByText('Reconnecting to QuickBooks...')).toBeVisible();
    await expect(page.getByRole('heading', { name: /wants to connect to your QuickBooks company/ })).toBeVisible();
    await page.getByLabel(company.companyName).check();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(status).toHaveAttribute('data-state', 'connected');
    await expect(status).toHaveText(company.companyName);
  });

  test('syncing without a connection is refused with Not Connected', async ({ page }) => {
    await signIn(page, '/items');
    await page.getByRole('button', { name: 'Sync Items' }).click();
    await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('Please connect to QuickBooks first')).toBeVisible();
  });
});
