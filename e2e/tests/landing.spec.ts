import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows the six features and the way in', async ({ page }) => {
    await page.goto('/');
    for (const feature of [
      /estimate-based workflow/i,
      /bulk inventory tracking/i,
      /automated fulfil?ment/i,
      /customer management/i,
      /virtual inventory management/i,
      /native accounting integration|native quickbooks integration/i,
    ]) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Get Started Now' })).toBeVisible();
  });

  test('Get Started Now starts sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started Now' }).click();
    // Without an OpenID issuer configured, sign-in is the e-mail page.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In with Email' })).toBeVisible();
  });

  test('links to the setup guide and the legal pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'View Setup Guide' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Help & Setup Guide' })).toHaveAttribute('href', '/help');
    await expect(footer.getByRole('link', { name: 'End User License Agreement' })).toHaveAttribute('href', '/eula');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

test.describe('contact form', () => {
  test('refuses to send without the required fields', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Name').fill('Dana Reyes');
    await page.getByRole('button', { name: /send message/i }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields (Name, Email, Message)')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Dana Reyes');
  });

  test('sends a message and clears the form', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Name').fill('Dana Reyes');
    await page.getByLabel('Email').fill('dana@harborprint.test');
    await page.getByLabel('Company').fill('Harbor Print');
    await page.getByLabel('Message').fill('We broker 40,000 business cards a month. Can we get a demo?');
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '5');
    await page.getByRole('button', { name: /send message/i }).click();
    await expect(page.getByText('Message Sent Successfully')).toBeVisible();
    await expect(page.getByText("Thank you for your message. We'll get back to you soon!")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });
});

test.describe('legal and help pages', () => {
  for (const [path, title] of [
    ['/eula', /end user license agreement/i],
    ['/privacy', /privacy policy/i],
  ] as const) {
    test(`${path} has 11 dated sections`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/January 13, 2025/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(11);
      await expect(page.getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute('href', '/');
    });
  }

  test('privacy policy states the age limits and the rights', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByText(/under 13/).first()).toBeVisible();
    await expect(page.getByText(/under 16/).first()).toBeVisible();
    for (const right of [/access/i, /correction/i, /deletion/i, /portability/i, /objection/i]) {
      await expect(page.getByText(right).first()).toBeVisible();
    }
  });

  test('help guide has every anchored section', async ({ page }) => {
    await page.goto('/help');
    for (const id of ['quickbooks-setup', 'app-connection', 'settings-config', 'initial-sync', 'estimate-workflow', 'virtual-inventory', 'pull-tickets']) {
      await expect(page.locator(`#${id}`)).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Need Additional Help' })).toBeVisible();
    await expect(page.getByText(/1-2 minutes/).first()).toBeVisible();
  });
});
