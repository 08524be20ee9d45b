import { expect, test } from '@playwright/test';
import { callRoute } from '../support/api.js';
import { signIn } from '../support/session.js';

test.describe('settings', () => {
  test('loads the defaults and formats the fax number while typing', async ({ page }) => {
    await signIn(page, '/settings');
    await expect(page.getByLabel(/purchase order suffix/i)).toHaveValue('-BL');
    await expect(page.getByLabel(/estimate suffix/i)).toHaveValue('-BL');
    const fax = page.getByLabel(/fax number/i);
    await expect(fax).toHaveAttribute('placeholder', '(555) 123-4567');
    await expect(fax).toHaveAttribute('maxlength', '14');
    await fax.pressSequentially('555123');
    await expect(fax).toHaveValue('(555) 123');
    await fax.pressSequentially('4567');
    await expect(fax).toHaveValue('(555) 123-4567');
  });

  test('names the missing suffixes and saves nothing', async ({ page }) => {
    await signIn(page, '/settings');
    await page.getByLabel(/purchase order suffix/i).fill('');
    await page.getByLabel(/estimate suffix/i).fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Purchase Order suffix is required')).toBeVisible();
    await expect(page.getByText('Estimate suffix is required')).toBeVisible();
    const user = await callRoute(page, 'get /api/auth/user', {});
    expect(user.bulkPoSuffix).toBe('-BL');
  });

  test('saves and keeps the settings', async ({ page }) => {
    await signIn(page, '/settings');
    await page.getByLabel(/purchase order suffix/i).fill('-BULK');
    await page.getByLabel(/estimate suffix/i).fill('BULK-');
    await page.getByLabel(/fax number/i).fill('2065550199');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings Updated')).toBeVisible();
    await expect(page.getByText('Your BULK identification settings have been saved successfully.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/purchase order suffix/i)).toHaveValue('-BULK');
    await expect(page.getByLabel(/estimate suffix/i)).toHaveValue('BULK-');
    await expect(page.getByLabel(/fax number/i)).toHaveValue('(206) 555-0199');
  });
});
