import { expect, test } from '@playwright/test';
import { signIn } from '../support/session.js';
import { recordToasts, toastsSeen } from '../support/toasts.js';

test.describe('signed-out and failure paths', () => {
  test('an app page while signed out shows Unauthorized and goes to sign-in', async ({ page }) => {
    await recordToasts(page);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await toastsSeen(page)).toEqual([expect.stringMatching(/^Unauthorized.*You are logged out\. Logging in again\.\.\./)]);
  });

  for (const action of ['Save Settings', 'Test Detection']) {
    test(`a session that ends while the app is open: ${action} shows only the Unauthorized toast and leads back to sign-in`, async ({ page, context }) => {
      await signIn(page, '/settings');
      await expect(page.getByRole('button', { name: action })).toBeVisible();
      await recordToasts(page);
      await page.reload();
      await expect(page.getByRole('button', { name: action })).toBeVisible();
      await context.clearCookies();
      await page.getByRole('button', { name: action }).click();
      await expect(page).toHaveURL(/\/login$/);
      // The action's own failure toast ('Update Failed', 'Test Failed') would say 401 beside it.
      expect(await toastsSeen(page)).toEqual([expect.stringMatching(/^Unauthorized.*You are logged out\. Logging in again\.\.\./)]);
    });
  }

  test('a remote that cannot load breaks only its own area, and comes back by itself with the server', async ({ page }) => {
    test.setTimeout(90_000);
    let requests = 0;
    await page.route('**/remotes/mfe-catalog/**', (route) => {
      requests += 1;
      return route.abort('connectionrefused');
    });
    await signIn(page, '/customers');
    // The area fetches the remote again a few times before it says so (libs/platform retryingLoad.ts).
    const failed = page.getByTestId('remote-error-mfe_catalog');
    await expect(failed).toBeVisible({ timeout: 30_000 });
    // The rest of the shell keeps working.
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Settings/ })
      .click();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Purchase Orders/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
    await expect(page.getByText('No purchase orders found.')).toBeVisible();
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Items/ })
      .click();
    await expect(failed).toBeVisible({ timeout: 30_000 });
    // Retry asks the server again at once.
    const before = requests;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => requests).toBeGreaterThan(before);
    await expect(failed).toBeVisible({ timeout: 30_000 });
    // Once the server answers again, the area loads the remote by itself, in place: no Retry,
    // and no 'online' event, as a server that restarts sends none (shell RemoteBoundary.tsx).
    await page.unroute('**/remotes/mfe-catalog/**');
    await expect(page.getByRole('heading', { name: /^Items/ })).toBeVisible({ timeout: 30_000 });
    await expect(failed).toBeHidden();
  });

  test('a window whose code does not arrive says so on its own, keeps the page and what was typed, and opens on Retry', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, '/purchase-orders');
    await expect(page.getByText('No purchase orders found.')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search purchase orders' });
    await search.fill('Atlas envelopes');
    // The page's code is in; what is asked for now is the dialog's.
    await page.route('**/remotes/mfe-purchase-orders/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'New Purchase Order' }).click();
    const failure = page.getByRole('dialog', { name: 'New purchase order could not be opened' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(search).toHaveValue('Atlas envelopes');
    await page.unroute('**/remotes/mfe-purchase-orders/**');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog', { name: 'New Purchase Order' })).toBeVisible();
    await expect(search).toHaveValue('Atlas envelopes');
  });

  test('a window whose code did not arrive while the server was down opens by itself once it is back, keeping what was typed', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, '/sales-orders');
    await expect(page.getByRole('heading', { name: 'Sales Orders' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search sales orders' });
    await search.fill('Harbor letterhead');
    // The server is down for the remote's files: the dialog's chunk fails to load ('Loading chunk … failed').
    await page.route('**/remotes/mfe-sales-orders/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'New Sales Order' }).click();
    const failure = page.getByRole('dialog', { name: 'New sales order could not be opened' });
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText('Loading chunk');
    // The server is back: nobody presses Retry, and the browser never went offline.
    await page.unroute('**/remotes/mfe-sales-orders/**');
    await expect(page.getByRole('dialog', { name: 'New Sales Order' })).toBeVisible({ timeout: 20_000 });
    await expect(failure).toBeHidden();
    await expect(search).toHaveValue('Harbor letterhead');
    // Closed, the dialog gives focus back to the button that asked for it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'New Sales Order' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'New Sales Order' })).toBeFocused();
  });
});
