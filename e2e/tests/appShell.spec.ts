import { expect, test } from '@playwright/test';
import { signIn } from '../support/session.js';
import { chooseMenuItem } from '../support/menu.js';

test.describe('app shell', () => {
  test('any unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, '/no-such-page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test("an unknown path below a page's own shows the 404 page, not the page", async ({ page }) => {
    await signIn(page, '/settings');
    for (const path of ['/purchase-orders/abc', '/sales-orders/zzz', '/pull-tickets/1/x', '/customers/x', '/items/42']) {
      await page.goto(path);
      await expect(page.getByText('404 Page Not Found'), path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(0);
    }
    // The pages themselves are still there.
    await page.goto('/items');
    await expect(page.getByRole('heading', { name: /^Items/ })).toBeVisible();
  });

  test('the sidebar has its groups, Read Only badges and active item', async ({ page }) => {
    await signIn(page, '/settings');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText('PrintPool / Inventory Management')).toBeVisible();
    for (const name of ['Dashboard', 'Purchase Orders', 'Sales Orders', 'Pull Tickets', 'Customers', 'Items', 'Settings']) {
      await expect(sidebar.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(sidebar.getByText('QuickBooks Data')).toBeVisible();
    await expect(sidebar.getByText('Read Only')).toHaveCount(2);
    await expect(sidebar.getByRole('link', { name: /^Settings/ })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: /^Dashboard/ })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the sidebar collapses to icons, toggles with Ctrl+B, and remembers its state', async ({ page, context }) => {
    await signIn(page, '/dashboard');
    const sidebar = page.getByTestId('sidebar');
    const expandedWidth = (await sidebar.boundingBox())!.width;
    expect(expandedWidth).toBeGreaterThan(200);

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(80);
    let cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    await page.reload();
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeLessThan(80);

    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeGreaterThan(200);
    cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('true');
  });

  test('below 768 px the sidebar is a slide-in sheet', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('link', { name: /^Purchase Orders/ })).toBeVisible();
    await sheet.getByRole('link', { name: /^Settings/ }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('the user menu shows the connection state and offers Log out', async ({ page }) => {
    await signIn(page, '/dashboard');
    await expect(page.getByText('Not Connected to QB')).toBeVisible();
    await page.getByRole('button', { name: /^User menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Connect' })).toBeVisible();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Log out' }));
    await expect(page.getByRole('button', { name: 'Get Started Now' })).toBeVisible();
  });
});
