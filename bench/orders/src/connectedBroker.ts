import type { Browser, Page } from '@playwright/test';

/**
 * A broker signed in (the dev sign-in, as bench/frontend does) who connected the sandbox company
 * through its consent page and synced it from the user menu, as a broker does at the desk.
 */
export async function connectedBroker(browser: Browser, origin: string, companyName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1400, height: 900 } });
  const email = `orders-bench-${Date.now()}@printpool.test`;
  let signIn = await context.request.post('/api/dev-login', { data: { email }, headers: { origin } });
  // A first start serves pages before its services finish migrating, and answers 503 until then.
  for (let wait = 0; signIn.status() === 503 && wait < 300; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    signIn = await context.request.post('/api/dev-login', { data: { email }, headers: { origin } });
  }
  if (!signIn.ok()) throw new Error(`dev-login answered ${signIn.status()}`);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await chooseFromUserMenu(page, 'Connect');
  await page.getByLabel(companyName).check();
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
  await chooseFromUserMenu(page, 'Sync Data');
  await page.getByText('QuickBooks sync completed successfully').waitFor({ timeout: 600_000 });
  return page;
}

async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  // The menu's actions depend on the connection, so wait until it is known.
  await page.locator('[data-testid="connection-status"]:not([data-state="loading"])').waitFor();
  await page.getByRole('button', { name: /^User menu/ }).click();
  const menuItem = page.getByRole('menuitem', { name: item });
  await menuItem.waitFor();
  // antd re-aligns a popup as the page scrolls: a DOM click runs the same handler without the race (e2e/support/menu.ts).
  await menuItem.dispatchEvent('click');
}
