import { expect, test } from '@playwright/test';
import { signIn } from '../support/session.js';

test.describe('signed-out and failure paths', () => {
  test('an app page while signed out shows Unauthorized and goes to sign-in', async ({ page }) => {
    await page.goto('/settings');
    // One look at the whole toast: it shows for 500 ms before the redirect, too short for two looks in turn on a busy machine.
    await expect(page.getByTestId('toast').filter({ hasText: 'Unauthorized' }).filter({ hasText: 'You are logged out. Logging in again...' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const action of ['Save Settings', 'Test Detection']) {
    test(`a session that ends while the app is open: ${action} shows only the Unauthorized toast and leads back to sign-in`, async ({ page, context }) => {
      await signIn(page, '/settings');
      await expect(page.getByRole('button', { name: action })).toBeVisible();
      await context.clearCookies();
      await page.getByRole('button', { name: action }).click();
      await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
      // The action's own failure toast ('Update Failed', 'Test Failed') would say 401 beside it.
      await expect(page.getByTestId('toast')).toHaveCount(1);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a remote that cannot load breaks only its own area', async ({ page }) => {
    await page.route('**/remotes/mfe-catalog/**', (route) => route.abort('connectionrefused'));
    await signIn(page, '/customers');
    const failed = page.getByTestId('remote-error-mfe_catalog');
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
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
    await expect(failed).toBeVisible();
    // Once the remote is reachable again, Retry brings it back in place.
    await page.unroute('**/remotes/mfe-catalog/**');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /^Items/ })).toBeVisible();
    await expect(failed).toBeHidden();
  });
});
