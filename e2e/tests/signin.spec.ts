import { expect, test } from '@playwright/test';
import { sendRoute } from '../support/api.js';
import { uniqueEmail } from '../support/session.js';

test.describe('e-mail sign-in', () => {
  test('the button is disabled until an e-mail is typed, and Enter signs in', async ({ page }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign In with Email' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Email').fill(uniqueEmail());
    await expect(button).toBeEnabled();
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Overview of your inventory and orders')).toBeVisible();
  });

  test('shows Signing In... while the request is under way', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dev-login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('?auto=true with an e-mail signs in by itself', async ({ page }) => {
    await page.goto(`/login?auto=true&email=${encodeURIComponent(uniqueEmail())}`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a refused sign-in shows Login failed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    // The alert blocks the page, so it is answered as it opens rather than after the click.
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Sign In with Email' }).click();
    await expect.poll(() => messages).toEqual(['Login failed']);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing out returns to the landing page', async ({ page }) => {
    await page.goto(`/login?auto=true&email=${encodeURIComponent(uniqueEmail())}`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/api/logout');
    await expect(page.getByRole('button', { name: 'Get Started Now' })).toBeVisible();
    const res = await sendRoute(page, 'get /api/auth/user', {});
    expect(res.status()).toBe(401);
  });
});
