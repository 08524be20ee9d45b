import { expect, test, type Browser, type Page } from '@playwright/test';
import { IF_MATCH_HEADER } from '@printpool/contracts';
import { callRoute, sendRoute } from '../support/api.js';
import { openUserMenu, connectToQuickBooks, sandboxCompany, syncFromQuickBooks } from '../support/quickbooks.js';
import { signIn, uniqueEmail } from '../support/session.js';

const COMPANY = 'Harbor Print Partners';

/** A member's own browser: the owner invites the address with `role` (the Team page's call), and its first sign-in joins the company. */
async function member(browser: Browser, owner: Page, role: 'staff' | 'viewer'): Promise<Page> {
  const email = uniqueEmail(role);
  await callRoute(owner, 'post /api/team/invitations', { body: { email, role } });
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/dashboard', email);
  return page;
}

/** The items of the row menu of the first order on the page. */
async function firstRowMenu(page: Page): Promise<string[]> {
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click();
  const menu = page.getByRole('menu').last();
  await expect(menu).toBeVisible();
  return menu.getByRole('menuitem').allInnerTexts();
}

test('each member is offered what their role allows, and the services refuse the rest (docs/product.md §6)', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const company = await sandboxCompany(page, COMPANY);
  await signIn(page, '/dashboard', uniqueEmail('owner'));
  await connectToQuickBooks(page, company.companyName);
  await syncFromQuickBooks(page);

  // A viewer reads every page but is offered no change.
  const viewer = await member(browser, page, 'viewer');
  await viewer.goto('/purchase-orders');
  await expect(viewer.getByText(/All Purchase Orders \(\d+\)/)).toBeVisible();
  await expect(viewer.getByRole('button', { name: /New Purchase Order/ })).toHaveCount(0);
  await expect(viewer.getByRole('combobox', { name: /^Status for / })).toHaveCount(0);
  expect(await firstRowMenu(viewer)).toEqual(['View Details', 'Generate PDF']);
  await viewer.goto('/sales-orders');
  await expect(viewer.getByText(/All Sales Orders \(\d+\)/)).toBeVisible();
  await expect(viewer.getByRole('button', { name: /New Sales Order/ })).toHaveCount(0);
  expect(await firstRowMenu(viewer)).not.toContain('Edit');
  await viewer.goto('/customers');
  await expect(viewer.getByRole('heading', { name: /Customers/ })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Sync Customers/ })).toHaveCount(0);
  await openUserMenu(viewer);
  await expect(viewer.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(viewer.getByRole('menuitem', { name: 'Sync Data' })).toHaveCount(0);

  // What the page does not offer, the service refuses.
  // A change the page would make, on the version it read: only the role refuses it.
  const [order] = await callRoute(viewer, 'get /api/purchase-orders', { query: { limit: 1 } });
  const refused = await sendRoute(viewer, 'post /api/purchase-orders/:id/status', {
    params: { id: order!.id },
    body: { status: 'closed' },
    headers: { [IF_MATCH_HEADER]: `"${order!.version}"` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'Viewers can only look; changing anything needs the staff or owner role', code: 'FORBIDDEN' });

  // Staff do the daily work, but the settings and the QuickBooks connection are the owner's.
  const staff = await member(browser, page, 'staff');
  await staff.goto('/purchase-orders');
  await expect(staff.getByRole('button', { name: /New Purchase Order/ })).toBeVisible();
  await staff.goto('/settings');
  await expect(staff.getByText('Only an owner of the company can do this')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await openUserMenu(staff);
  await expect(staff.getByRole('menuitem', { name: 'Sync Data' })).toBeVisible();
  await expect(staff.getByRole('menuitem', { name: 'Reconnect' })).toHaveCount(0);
  const disconnect = await sendRoute(staff, 'post /api/quickbooks/disconnect', {});
  expect(disconnect.status()).toBe(403);
  expect(((await disconnect.json()) as { message: string }).message).toBe('Only an owner of the company can do this');
});
